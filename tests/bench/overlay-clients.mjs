// The overlay bench's clients (a separate process, so the server's memory is its own): opens
// one SSE connection per path of each `{ kind: 'open', port, paths }` IPC message and reports when
// they are all open, then for each alert reports its receive time (Date.now()) and the send
// time carried in its text.
import { connect } from 'node:net'

const received = []

/** Opens `paths`, at most 100 opening at a time (each open reads the overlay and its chat backlog from the database). */
function openAll(port, paths) {
  let open = 0
  let nextPath = 0
  const openNext = () => {
    const path = paths[nextPath++]
    if (path !== undefined) openOne(path)
  }
  function openOne(path) {
    const s = connect(port, '127.0.0.1')
    s.setNoDelay(true)
    s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`)
    let headers = false
    s.on('data', (buf) => {
      const text = buf.toString()
      if (!headers && text.startsWith('HTTP/1.1 200')) {
        headers = true
        if (++open === paths.length) process.send({ kind: 'open', open })
        openNext()
      } else if (!headers) {
        process.send({ kind: 'refused', status: text.slice(0, 400) })
        headers = true
      }
      const m = /"text":"bench (\d+)"/.exec(text)
      if (m) received.push(Date.now() - Number(m[1]))
    })
    s.on('error', () => {})
  }
  for (let i = 0; i < 100; i++) openNext()
}

process.on('message', (m) => {
  if (m?.kind === 'open') openAll(m.port, m.paths)
  if (m === 'report') process.send({ kind: 'report', received: received.splice(0) })
  if (m === 'exit') process.exit(0)
})
