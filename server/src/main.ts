/**
 * The production server's entry point (dist/server/main.js): the server alone, no demo
 * fixtures. The demo's entry point, which seeds them with DEMO on, is seed/start.ts.
 */
import { runServerProcess } from './run'

await runServerProcess()
