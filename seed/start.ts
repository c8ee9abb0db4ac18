/**
 * The demo's entry point (`npm run dev`, and dist/demo/main.js, which dist/start.js runs when
 * DEMO is on): the same server as server/src/main.ts, handed DEMO's seeding (the demo accounts,
 * their mail, the demo client's sandbox channel). The server never imports seed/, so the
 * production bundle (dist/server/main.js) carries none of these fixtures.
 */
import { runServerProcess } from '../server/src/run'
import { demoSeeding } from './demo'

await runServerProcess(demoSeeding)
