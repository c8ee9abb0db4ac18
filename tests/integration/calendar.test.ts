import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { connectFlow, confirmIdOf } from '../support/connect-flow'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const EVENT_KEYS = ['allDay', 'end', 'extendedProps', 'id', 'start', 'title', 'url']
const PROPS_KEYS = ['calendar', 'description', 'guests', 'location']
const BROADCASTER = { id: '2001', login: 'planner', displayName: 'Planner' }
const ALL = 'Business,Holiday,Personal,Family,ETC'

describe.each(engines)('stream calendar on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  const tok: Record<string, string> = {}
  const as = (who: string) => ({ authorization: `Bearer ${tok[who]}` })
  const get = (path: string, who = 'client') => t.json('GET', path, undefined, as(who))
  const post = (path: string, body: unknown, who = 'client') => t.json('POST', path, body, as(who))
  const del = (path: string, who = 'client') => t.json('DELETE', path, undefined, as(who))
  const count = async () => {
    const r = await t.database.db.execute(sql.raw('select count(*)::int as n from calendar_events'))
    const list = (Array.isArray(r) ? r : (r as unknown as { rows: Array<{ n: number }> }).rows) as Array<{ n: number }>
    return Number(list[0]!.n)
  }
  const { ok, code } = gqlCaller(
    () => t,
    () => tok.client!,
  )

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    twitch.addUser(BROADCASTER)
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', SANDBOX: 'off', ...localPlatformEnv(twitch) })
    for (const role of ['admin', 'reseller', 'client'] as const) tok[role] = (await t.loginAs(role)).accessToken
    // The demo seed gave the client a few events (seed/calendar.ts); the tests start from an empty calendar.
    expect((await get(`/apps/calendar/events?calendars=${ALL}`)).body.length).toBe(5)
    await t.database.db.execute(sql.raw('delete from calendar_events'))
  })
  afterAll(async () => {
    await t?.close()
    await twitch?.close()
  })

  it('creates, lists (filtered by calendar), updates and deletes events in the spec shapes', async () => {
    const made = await post('/apps/calendar/events', {
      event: {
        title: 'Design review',
        start: '2026-05-01T18:00:00+02:00',
        end: '2026-05-01T19:30:00+02:00',
        allDay: false,
        url: 'https://example.com/review',
        extendedProps: { calendar: 'Business', guests: ['ana@example.com'], location: 'Studio', description: 'Overlay; new scenes' },
      },
    })
    expect(made.status).toBe(201)
    expect(Object.keys(made.body)).toEqual(['event'])
    const ev = made.body.event
    expect(Object.keys(ev).sort()).toEqual(EVENT_KEYS)
    expect(Object.keys(ev.extendedProps).sort()).toEqual(PROPS_KEYS)
    expect(ev).toEqual({
      id: expect.any(Number),
      url: 'https://example.com/review',
      title: 'Design review',
      start: '2026-05-01T16:00:00.000Z',
      end: '2026-05-01T17:30:00.000Z',
      allDay: false,
      extendedProps: { calendar: 'Business', guests: ['ana@example.com'], location: 'Studio', description: 'Overlay; new scenes' },
    })
    const day = await post('/apps/calendar/events', {
      event: { title: 'Holiday', start: '2026-05-04', end: '2026-05-04', allDay: true, extendedProps: { calendar: 'Holiday' } },
    })
    expect(day.status).toBe(201)
    expect(day.body.event).toMatchObject({
      start: '2026-05-04',
      end: '2026-05-05',
      allDay: true,
      url: '',
      extendedProps: { calendar: 'Holiday', guests: [], location: '', description: '' },
    })

    const business = await get('/apps/calendar/events?calendars=Business')
    expect(business.status).toBe(200)
    expect(business.body).toEqual([ev])
    const both = await get('/apps/calendar/events?calendars=Business,Holiday')
    expect(both.body.map((e: any) => e.title)).toEqual(['Design review', 'Holiday'])
    expect((await get('/apps/calendar/events?calendars=Family')).body).toEqual([])
    expect((await get('/apps/calendar/events?calendars=')).body).toEqual([])
    // A range: only what overlaps it.
    expect((await get(`/apps/calendar/events?calendars=${ALL}&start=2026-05-03&end=2026-05-10`)).body.map((e: any) => e.title)).toEqual(['Holiday'])

    const upd = await post(`/apps/calendar/events/${ev.id}`, {
      event: { title: 'Design review (moved)', start: '2026-05-02T10:00:00Z', end: '2026-05-02T11:00:00Z', extendedProps: { calendar: 'Personal' } },
    })
    expect(upd.status).toBe(200)
    expect(upd.body.event).toEqual({
      ...ev,
      title: 'Design review (moved)',
      start: '2026-05-02T10:00:00.000Z',
      end: '2026-05-02T11:00:00.000Z',
      extendedProps: { ...ev.extendedProps, calendar: 'Personal' },
    })
    // A new start alone keeps the length.
    const shifted = await post(`/apps/calendar/events/${ev.id}`, { event: { start: '2026-05-02T12:00:00Z' } })
    expect(shifted.body.event).toMatchObject({ start: '2026-05-02T12:00:00.000Z', end: '2026-05-02T13:00:00.000Z' })
    await post(`/apps/calendar/events/${ev.id}`, { event: { start: '2026-05-02T10:00:00Z' } })
    // GraphQL reads the same service.
    const g = await ok('{ calendarEvents(calendars: [Personal]) { events { id title start end allDay calendar guests location description url } warnings } }')
    expect(g.calendarEvents).toEqual({
      events: [
        {
          id: String(ev.id),
          title: 'Design review (moved)',
          start: '2026-05-02T10:00:00.000Z',
          end: '2026-05-02T11:00:00.000Z',
          allDay: false,
          calendar: 'Personal',
          guests: ['ana@example.com'],
          location: 'Studio',
          description: 'Overlay; new scenes',
          url: 'https://example.com/review',
        },
      ],
      warnings: [],
    })

    const gone = await del(`/apps/calendar/events/${day.body.event.id}`)
    expect(gone).toEqual({ status: 200, body: null })
    expect(await del(`/apps/calendar/events/${day.body.event.id}`)).toEqual({ status: 404, body: null })
    expect((await get(`/apps/calendar/events?calendars=${ALL}`)).body.map((e: any) => e.title)).toEqual(['Design review (moved)'])
  })

  it("reads another user's events as missing", async () => {
    const mine = (await post('/apps/calendar/events', { event: { title: 'Mine', start: '2026-06-01', allDay: true, extendedProps: { calendar: 'Family' } } }))
      .body.event
    const before = await count()
    for (const who of ['reseller', 'admin']) {
      expect((await get(`/apps/calendar/events?calendars=${ALL}`, who)).body.map((e: any) => e.id)).not.toContain(mine.id)
      expect(await post(`/apps/calendar/events/${mine.id}`, { event: { title: 'Taken' } }, who)).toEqual({ status: 404, body: null })
      expect(await del(`/apps/calendar/events/${mine.id}`, who)).toEqual({ status: 404, body: null })
      expect(await code('mutation($id: ID!) { updateCalendarEvent(id: $id, input: { title: "x" }) { id } }', { id: String(mine.id) }, tok[who])).toBe(
        'NOT_FOUND',
      )
      expect((await ok('query($id: ID!) { calendarEvent(id: $id) { id } }', { id: String(mine.id) }, tok[who])).calendarEvent).toBeNull()
    }
    for (const id of ['999999', 'abc', 'stream-1-xyz', 'stream-999-AAAA']) expect((await del(`/apps/calendar/events/${id}`)).status).toBe(404)
    expect(await count()).toBe(before)
    expect((await get(`/apps/calendar/events?calendars=Family`)).body).toEqual([mine])
  })

  it('refuses bad input with a coded error and writes nothing', async () => {
    const before = await count()
    const base = { title: 'x', start: '2026-05-01T10:00:00Z', end: '2026-05-01T11:00:00Z', extendedProps: { calendar: 'ETC' } }
    const bad: Array<[unknown, string]> = [
      [{ ...base, start: 'tomorrow' }, 'start'],
      [{ ...base, start: '2026-02-30T10:00:00Z' }, 'start'],
      [{ ...base, start: '2026-05-01T10:00:00' }, 'start'], // no offset: no instant
      [{ ...base, end: '2026-05-01T09:00:00Z' }, 'end'],
      [{ ...base, allDay: true, start: '2026-05-03', end: '2026-05-02' }, 'end'],
      [{ ...base, allDay: true, start: '2026-13-01' }, 'start'],
      [{ ...base, extendedProps: { calendar: 'Work' } }, 'calendar'],
      [{ ...base, extendedProps: 'Business' }, 'extendedProps'],
      [{ ...base, title: '' }, 'title'],
      [{ ...base, title: 'x'.repeat(201) }, 'title'],
      [{ ...base, url: 'javascript:alert(1)' }, 'url'],
      [{ ...base, extendedProps: { calendar: 'ETC', guests: 'everyone' } }, 'guests'],
      [{ ...base, extendedProps: { calendar: 'ETC', guests: Array.from({ length: 21 }, (_, i) => `g${i}`) } }, 'guests'],
      [{ ...base, allDay: 'yes' }, 'allDay'],
      [{ ...base, start: '3000-01-01T00:00:00Z', end: '3000-01-01T01:00:00Z' }, 'start'],
    ]
    for (const [event, field] of bad) {
      const res = await post('/apps/calendar/events', { event })
      expect(res.status, JSON.stringify(event)).toBe(400)
      expect(res.body.code).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(event)).toContain(field)
    }
    expect((await post('/apps/calendar/events', { event: 'x' })).status).toBe(400)
    expect((await post('/apps/calendar/events', {})).status).toBe(400)
    expect((await get('/apps/calendar/events?calendars=Business,Work')).status).toBe(400)
    expect((await get('/apps/calendar/events?calendars=Business&start=soon')).status).toBe(400)
    // A stream event without a connected Twitch channel.
    expect((await post('/apps/calendar/events', { event: { ...base, extendedProps: { calendar: 'Stream' } } })).body.code).toBe('BAD_USER_INPUT')
    const existing = (await get(`/apps/calendar/events?calendars=${ALL}`)).body[0]
    const res = await post(`/apps/calendar/events/${existing.id}`, { event: { end: '2000-01-01T00:00:00Z' } })
    expect(res.status).toBe(400)
    expect(
      await code(
        'mutation { createCalendarEvent(input: { title: "x", start: "2026-05-01T10:00:00Z", end: "2026-04-01T10:00:00Z", calendar: Business }) { id } }',
      ),
    ).toBe('BAD_USER_INPUT')
    expect(await count()).toBe(before)
    expect((await get(`/apps/calendar/events?calendars=${ALL}`)).body[0]).toEqual(existing)
    expect((await t.json('GET', `/apps/calendar/events?calendars=${ALL}`)).status).toBe(401)
  })

  it('serves an iCalendar feed at a secret URL until it is rotated or revoked', async () => {
    expect((await ok('{ calendarFeed { active url } }')).calendarFeed).toEqual({ active: false, url: null })
    await post('/apps/calendar/events', {
      event: {
        title: 'Long, detailed; planning\\session with a title well past seventy-five octets — ünïcödé',
        start: '2026-07-01T08:00:00Z',
        end: '2026-07-01T09:00:00Z',
        extendedProps: { calendar: 'Business', description: 'line one\nline two' },
      },
    })
    await post(
      '/apps/calendar/events',
      { event: { title: 'Reseller only', start: '2026-07-02', allDay: true, extendedProps: { calendar: 'ETC' } } },
      'reseller',
    )
    const first = (await ok('mutation { rotateCalendarFeed { active url } }')).rotateCalendarFeed
    expect(first.url).toMatch(/^http:\/\/app\.test\/apps\/calendar\/ical\/[A-Za-z0-9_-]{43}\.ics$/)
    const path = new URL(first.url).pathname
    const res = await t.app.request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const body = await res.text()
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(body.replace(/\r\n/g, '')).not.toContain('\n')
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    const unfolded = body.replace(/\r\n /g, '')
    expect(unfolded).toContain('SUMMARY:Long\\, detailed\\; planning\\\\session with a title well past seventy-five octets — ünïcödé\r\n')
    expect(unfolded).toContain('DTSTART:20260701T080000Z\r\nDTEND:20260701T090000Z\r\n')
    expect(unfolded).toContain('DESCRIPTION:line one\\nline two\r\n')
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260601\r\nDTEND;VALUE=DATE:20260602\r\n')
    expect(unfolded.match(/BEGIN:VEVENT/g)?.length).toBe(3)
    expect(unfolded).not.toContain('Reseller only')
    // The secret is stored hashed only.
    const token = path.split('/').pop()!.replace('.ics', '')
    const stored = await t.database.db.execute(sql.raw('select token_hash from calendar_feeds'))
    expect(JSON.stringify(stored)).not.toContain(token)

    const second = (await ok('mutation { rotateCalendarFeed { url } }')).rotateCalendarFeed
    expect(second.url).not.toBe(first.url)
    const old = await t.app.request(path)
    expect(old.status).toBe(404)
    expect(await old.text()).toBe('')
    expect((await t.app.request(new URL(second.url).pathname)).status).toBe(200)
    expect((await ok('mutation { revokeCalendarFeed }')).revokeCalendarFeed).toBe(true)
    expect((await t.app.request(new URL(second.url).pathname)).status).toBe(404)
    expect((await t.app.request('/apps/calendar/ical/nonsense.ics')).status).toBe(404)
    expect((await ok('{ calendarFeed { active } }')).calendarFeed.active).toBe(false)
  })

  it("shows a connected Twitch channel's stream schedule and edits it on Twitch", async () => {
    twitch.consentAs(BROADCASTER.id)
    const flow = connectFlow(t, tok.client!)
    const started = await flow.start('twitch')
    expect(started.scopes).toContain('channel:manage:schedule')
    const back = await twitch.authorize(started.authorizeUrl)
    const channelId = (await flow.confirm(confirmIdOf((await flow.callback(back)).location)!)).body.data.confirmChannelConnection.id as string
    // A segment made on Twitch itself shows on the Stream calendar.
    const seg = twitch.addSegment(BROADCASTER.id, { start: new Date('2030-03-02T19:00:00Z'), minutes: 120, title: 'Speedrun night' })
    const range = 'start=2030-03-01&end=2030-03-08'
    const listed = await get(`/apps/calendar/events?calendars=Stream&${range}`)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^stream-${channelId}-[A-Za-z0-9_-]+$`)),
        url: `https://www.twitch.tv/${BROADCASTER.login}/schedule`,
        title: 'Speedrun night',
        start: '2030-03-02T19:00:00.000Z',
        end: '2030-03-02T21:00:00.000Z',
        allDay: false,
        extendedProps: { calendar: 'Stream', guests: [], location: '', description: '', channelId, channelName: BROADCASTER.login },
      },
    ])
    // The five calendars alone do not ask Twitch.
    const asked = twitch.requests.filter((r) => r.path === '/schedule').length
    await get(`/apps/calendar/events?calendars=${ALL}`)
    expect(twitch.requests.filter((r) => r.path === '/schedule').length).toBe(asked)

    // Created from the calendar: a segment on Twitch.
    const made = await post('/apps/calendar/events', {
      event: {
        title: 'Just chatting',
        start: '2030-03-04T18:00:00+01:00',
        end: '2030-03-04T20:30:00+01:00',
        extendedProps: { calendar: 'Stream', timezone: 'Europe/Berlin' },
      },
    })
    expect(made.status).toBe(201)
    expect(made.body.event).toMatchObject({
      title: 'Just chatting',
      start: '2030-03-04T17:00:00.000Z',
      end: '2030-03-04T19:30:00.000Z',
      extendedProps: { calendar: 'Stream', channelId },
    })
    expect(twitch.segmentsOf(BROADCASTER.id).map((s) => [s.title, s.start_time, s.end_time])).toEqual([
      ['Speedrun night', '2030-03-02T19:00:00Z', '2030-03-02T21:00:00Z'],
      ['Just chatting', '2030-03-04T17:00:00Z', '2030-03-04T19:30:00Z'],
    ])
    // Changed: PATCH on Twitch.
    const id = made.body.event.id as string
    const upd = await post(`/apps/calendar/events/${encodeURIComponent(id)}`, { event: { title: 'Just chatting & Q&A', end: '2030-03-04T21:00:00Z' } })
    expect(upd.status).toBe(200)
    expect(upd.body.event).toMatchObject({ id, title: 'Just chatting & Q&A', start: '2030-03-04T17:00:00.000Z', end: '2030-03-04T21:00:00.000Z' })
    expect(twitch.segmentsOf(BROADCASTER.id)[1]).toMatchObject({ title: 'Just chatting & Q&A', end_time: '2030-03-04T21:00:00Z' })
    // Twitch's limits, checked before asking it.
    for (const event of [
      { title: 'x', start: '2030-03-05T10:00:00Z', end: '2030-03-05T10:10:00Z', extendedProps: { calendar: 'Stream' } },
      { title: 'x'.repeat(141), start: '2030-03-05T10:00:00Z', end: '2030-03-05T12:00:00Z', extendedProps: { calendar: 'Stream' } },
      { title: 'x', start: '2030-03-05', allDay: true, extendedProps: { calendar: 'Stream' } },
      { title: 'x', start: '2030-03-05T10:00:00Z', end: '2030-03-05T12:00:00Z', extendedProps: { calendar: 'Stream', timezone: 'Mars/Olympus' } },
      { title: 'x', start: '2030-03-05T10:00:00Z', end: '2030-03-05T12:00:00Z', extendedProps: { calendar: 'Stream', channelId: '99999' } },
    ]) {
      const res = await post('/apps/calendar/events', { event })
      expect(res.status, JSON.stringify(event)).toBe(400)
    }
    expect(twitch.segmentsOf(BROADCASTER.id)).toHaveLength(2)
    // Another user cannot see or touch the segment.
    expect(await del(`/apps/calendar/events/${encodeURIComponent(id)}`, 'reseller')).toEqual({ status: 404, body: null })
    expect((await get(`/apps/calendar/events?calendars=Stream&${range}`, 'reseller')).body).toEqual([])
    // Deleted: DELETE on Twitch.
    expect(await del(`/apps/calendar/events/${encodeURIComponent(id)}`)).toEqual({ status: 200, body: null })
    expect(twitch.segmentsOf(BROADCASTER.id).map((s) => s.id)).toEqual([seg.id])
    expect(await del(`/apps/calendar/events/${encodeURIComponent(id)}`)).toEqual({ status: 404, body: null })
    // Twitch down: the stored events still answer, the channel is named in a warning.
    twitch.state.down = true
    try {
      const res = await t.app.request(`/apps/calendar/events?calendars=Stream,Business&${range}`, { headers: as('client') })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-calendar-warnings')).toBe(BROADCASTER.login)
      expect(
        (await ok('query { calendarEvents(calendars: [Stream], start: "2030-03-01", end: "2030-03-08") { events { id } warnings } }')).calendarEvents,
      ).toEqual({ events: [], warnings: [BROADCASTER.login] })
    } finally {
      twitch.state.down = false
    }
  })
})
