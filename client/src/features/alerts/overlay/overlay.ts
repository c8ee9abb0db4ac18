/**
 * The overlay (a browser source in OBS and other streaming software): a separate, small entry
 * of the client with no framework, so a page that stays open for hours loads a few KiB and
 * holds one EventSource. `/overlay/<secret>` (`?box=alerts` or `?box=chat` for one box only)
 * shows the alert box (one alert at a time, each for its duration, in the order received) and
 * the chat box (the last lines, a removed one dropped). It reconnects by itself; a revoked
 * secret answers 404 and the page stays empty. `?preview=1` is the alerts editor's framed copy:
 * over a checkerboard, counted apart from the overlays on air.
 */
import './overlay.css'
import { reconnectPause } from './backoff'

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
const params = new URLSearchParams(location.search)
const only = params.get('box')
const preview = params.get('preview') === '1'
if (preview) document.documentElement.classList.add('preview')
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

const SVG = 'http://www.w3.org/2000/svg'
/** The chat badges shipped with the overlay: an icon each, named for screen readers (the role's raw name is never shown). */
const BADGES: Record<string, { label: string; path: string }> = {
  broadcaster: { label: 'Broadcaster', path: 'M1 4h9v8H1zM10 7l5-3v8l-5-3z' },
  moderator: { label: 'Moderator', path: 'M8 1l6 2v4c0 4-3 7-6 8-3-1-6-4-6-8V3z' },
  vip: { label: 'VIP', path: 'M8 2l7 5-7 8-7-8z' },
  subscriber: { label: 'Subscriber', path: 'M8 1l2.2 4.5 4.8.7-3.5 3.4.8 4.9L8 12.2l-4.3 2.3.8-4.9L1 6.2l4.8-.7z' },
}

function badge(role: string): HTMLElement | null {
  const b = BADGES[role]
  if (!b) return null
  const span = document.createElement('span')
  span.className = `badge badge-${role}`
  span.setAttribute('role', 'img')
  span.setAttribute('aria-label', b.label)
  span.title = b.label
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', '0 0 16 16')
  svg.setAttribute('aria-hidden', 'true')
  const path = document.createElementNS(SVG, 'path')
  path.setAttribute('d', b.path)
  svg.append(path)
  span.append(svg)
  return span
}

function addChat(m: ChatEvent) {
  const li = document.createElement('li')
  li.dataset.id = m.id
  li.dataset.user = m.userId
  li.dataset.fromBot = String(m.fromBot)
  for (const role of m.roles) {
    const b = badge(role)
    if (b) li.append(b)
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
 * The feed, reopened by the page itself whenever it fails (a dropped stream, a restarted server
 * refusing the burst of reconnecting overlays with 503, a revoked secret's 404): after a pause
 * drawn at random up to a bound that doubles with each failure (at most a minute), so thousands
 * of overlays that lost the same server come back spread out instead of all at once. An answered
 * stream (its hello) starts the bound over.
 */
let failures = 0
const eventsUrl = `/overlay/${encodeURIComponent(key)}/events${preview ? '?preview=1' : ''}`
function listen() {
  const source = new EventSource(eventsUrl)
  source.onmessage = (m: MessageEvent<string>) => {
    let e: FeedEvent
    try {
      e = JSON.parse(m.data) as FeedEvent
    } catch {
      return // not ours: ignored
    }
    if (e.kind === 'hello') failures = 0
    onEvent(e)
  }
  source.onerror = () => {
    source.close()
    setTimeout(listen, reconnectPause(failures))
    failures = Math.min(failures + 1, 10)
  }
}
listen()
