/**
 * The overlay (a browser source in OBS and other streaming software): a separate, small entry
 * of the client with no framework, so a page that stays open for hours loads a few KiB and
 * holds one EventSource. `/overlay/<secret>` (`?box=alerts` or `?box=chat` for one box only)
 * shows the alert box (one alert at a time, each for its duration, in the order received) and
 * the chat box (the last lines, a removed one dropped). It reconnects by itself; a revoked
 * secret answers 404 and the page stays empty.
 */
import './overlay.css'

interface AlertEvent {
  kind: 'alert'
  id: string
  type: string
  text: string
  durationMs: number
  sound: string | null
  imageUrl: string | null
  test: boolean
}
interface ChatEvent {
  kind: 'chat'
  id: string
  userId: string
  userName: string
  text: string
  roles: string[]
  fromBot: boolean
}
type FeedEvent =
  | AlertEvent
  | ChatEvent
  | { kind: 'hello'; hideBot: boolean; chat: ChatEvent[] }
  | { kind: 'settings'; hideBot: boolean }
  | { kind: 'chatRemoved'; messageId: string | null; userId: string | null }

const CHAT_LINES = 30
const SOUNDS = new Set(['chime', 'coin', 'fanfare'])

const key = location.pathname.split('/')[2] ?? ''
const only = new URLSearchParams(location.search).get('box')
const alertBox = document.getElementById('alert-box')!
const chatBox = document.getElementById('chat-box')!
if (only === 'chat') alertBox.classList.add('hidden')
if (only === 'alerts') chatBox.classList.add('hidden')

const queue: AlertEvent[] = []
let showing = false

function showNext() {
  const a = queue.shift()
  if (!a) {
    showing = false
    return
  }
  showing = true
  const box = document.createElement('div')
  box.className = 'alert'
  box.dataset.type = a.type
  if (a.imageUrl?.startsWith('https://')) {
    const img = document.createElement('img')
    img.src = a.imageUrl
    img.alt = ''
    box.append(img)
  }
  const text = document.createElement('div')
  text.className = 'text'
  text.textContent = a.text
  box.append(text)
  if (a.test) {
    const badge = document.createElement('span')
    badge.className = 'test'
    badge.textContent = 'TEST'
    box.append(badge)
  }
  alertBox.replaceChildren(box)
  if (a.sound && SOUNDS.has(a.sound)) void new Audio(`/overlay-sounds/${a.sound}.wav`).play().catch(() => {})
  setTimeout(() => {
    box.remove()
    showNext()
  }, a.durationMs)
}

function addChat(m: ChatEvent) {
  const li = document.createElement('li')
  li.dataset.id = m.id
  li.dataset.user = m.userId
  li.dataset.fromBot = String(m.fromBot)
  for (const role of m.roles) {
    const b = document.createElement('span')
    b.className = 'badge'
    b.textContent = role
    li.append(b)
  }
  const name = document.createElement('span')
  name.className = 'name'
  name.textContent = m.userName
  li.append(name, document.createTextNode(m.text))
  chatBox.append(li)
  while (chatBox.children.length > CHAT_LINES) chatBox.firstElementChild?.remove()
}

function onEvent(e: FeedEvent) {
  switch (e.kind) {
    case 'hello':
      chatBox.replaceChildren()
      for (const m of e.chat) addChat(m)
      return
    case 'alert':
      queue.push(e)
      if (!showing) showNext()
      return
    case 'chat':
      addChat(e)
      return
    case 'chatRemoved':
      for (const li of [...chatBox.querySelectorAll('li')]) {
        if ((e.messageId && li.dataset.id === e.messageId) || (e.userId && li.dataset.user === e.userId)) li.remove()
      }
      return
    case 'settings':
      return
  }
}

/**
 * EventSource retries a dropped stream by itself, but gives up on an answer that is not a
 * stream (a 503 while a restarted server admits thousands of overlays at once, or a 404 for a
 * revoked secret): then open again after a growing pause (at most a minute).
 */
let pause = 2000
function listen() {
  const source = new EventSource(`/overlay/${encodeURIComponent(key)}/events`)
  source.onopen = () => {
    pause = 2000
  }
  source.onmessage = (m: MessageEvent<string>) => {
    try {
      onEvent(JSON.parse(m.data) as FeedEvent)
    } catch {
      // not ours: ignored
    }
  }
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) return
    setTimeout(listen, pause + Math.random() * pause)
    pause = Math.min(pause * 2, 60_000)
  }
}
listen()
