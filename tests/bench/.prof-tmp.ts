import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
const port = 4977
let out = ''
const child = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'prof-')), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] })
child.stdout!.on('data', (c) => (out += c))
const base = `http://127.0.0.1:${port}`
for (;;) { try { if ((await fetch(`${base}/readyz`)).ok) break } catch {} await new Promise((r) => setTimeout(r, 100)) }
const pw = /client\s+client@demo\.local\s+(\S+)/.exec(out)![1]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const path of ['/login', '/dashboard/']) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await ctx.newPage()
  if (path !== '/login') {
    const p = await (await fetch(`${base}/jwt/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'client@demo.local', password: pw }) })).json()
    await page.goto(`${base}/favicon.svg`)
    await page.evaluate((p) => { localStorage.setItem('userData', JSON.stringify(p.userData)); localStorage.setItem('accessToken', p.accessToken); localStorage.setItem('refreshToken', p.refreshToken) }, p)
  }
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(`${base}${path}`)
  await page.waitForTimeout(3000)
  const { profile } = await cdp.send('Profiler.stop')
  const self = new Map<string, number>()
  const byUrl = new Map<string, number>()
  const dt = profile.timeDeltas!
  const hits = new Map<number, number>()
  profile.samples!.forEach((id, i) => hits.set(id, (hits.get(id) ?? 0) + (dt[i] ?? 0)))
  for (const n of profile.nodes) {
    const t = (hits.get(n.id) ?? 0) / 1000
    const f = n.callFrame
    const url = f.url.replace(base, '')
    const key = `${f.functionName || '(anon)'} ${url}:${f.lineNumber}:${f.columnNumber}`
    self.set(key, (self.get(key) ?? 0) + t)
    byUrl.set(url || f.functionName, (byUrl.get(url || f.functionName) ?? 0) + t)
  }
  console.log('=====', path)
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'))
  console.log('-- top self')
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'))
  await ctx.close()
}
await browser.close()
child.kill()
