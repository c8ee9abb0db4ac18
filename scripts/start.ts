/**
 * dist/start.js, what `npm start` (`npm run serve`) and the Docker image run: with DEMO on (the
 * default outside production) the demo's build, dist/demo/main.js (seed/start.ts), else the
 * production server alone, dist/server/main.js, so a start without DEMO never loads the demo
 * fixtures. The program validates the configuration itself (a bad DEMO, too).
 */
import { demoOn } from '../server/src/config'

const program = demoOn(process.env) ? 'demo' : 'server'
// A URL, not a literal path: esbuild leaves it alone instead of bundling both programs in here.
await import(new URL(`./${program}/main.js`, import.meta.url).href)
