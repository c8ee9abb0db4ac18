import { afterEach } from 'vitest'
import { describeOpenPages } from './failure-dump'

// A failed browser test says what its pages showed (failure-dump.ts).
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const pages = await describeOpenPages()
  if (pages.length > 0) console.log(`pages open when "${task.name}" failed:\n${pages.join('\n')}`)
})
