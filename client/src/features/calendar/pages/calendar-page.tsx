import type { DatesSetArg, DateSelectArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core'
import deLocale from '@fullcalendar/core/locales/de'
import frLocale from '@fullcalendar/core/locales/fr'
import ptLocale from '@fullcalendar/core/locales/pt'
import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCheckGroup } from '../../../components/ui/check-group'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { useToast } from '../../../components/ui/toast-provider'
import type { SkinColors } from '../../../lib/theme'
import {
  CalendarChannelsDocument,
  type CalendarEventFieldsFragment,
  CalendarEventsDocument,
  CreateCalendarEventDocument,
  DeleteCalendarEventDocument,
  UpdateCalendarEventDocument,
} from '../graphql/calendar.generated'
import type { CalendarEventInput, CalendarName } from '../../../gql/types'
import { useMutation, useQuery } from '@apollo/client/react'
import { CALENDARS, EventDialog, type EventDraft, STREAM } from '../components/event-dialog'
import { FeedPanel } from '../components/feed-panel'
import { browserTimeZone, localDay, nextDay } from '../lib/times'

const LOCALES = [deLocale, frLocale, ptLocale]
const NOTHING = { events: [], warnings: [] }

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  grid-template-columns: minmax(0, 1fr);
  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 16rem minmax(0, 1fr);
  }
`

const StyledDot = styled.span<{ $calendar: CalendarName }>`
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 50%;
  background: ${({ theme, $calendar }) => colorOf(theme.colors, $calendar)};
`

type Colors = SkinColors
function colorOf(c: Colors, calendar: CalendarName): string {
  return { Business: c.primary, Holiday: c.success, Personal: c.danger, Family: c.warning, ETC: c.info, Stream: c.secondary }[calendar]
}
/** Block events: the calendar's soft tint behind the page's own text colour (readable in both skins). */
function softOf(c: Colors, calendar: CalendarName): string {
  return { Business: c.primarySoft, Holiday: c.successSoft, Personal: c.dangerSoft, Family: c.warningSoft, ETC: c.infoSoft, Stream: c.body }[calendar]
}

const StyledCalendar = styled.div`
  --fc-border-color: ${({ theme }) => theme.colors.border};
  --fc-page-bg-color: ${({ theme }) => theme.colors.surface};
  --fc-neutral-bg-color: ${({ theme }) => theme.colors.body};
  --fc-today-bg-color: ${({ theme }) => theme.colors.primarySoft};
  --fc-button-bg-color: ${({ theme }) => theme.colors.primary};
  --fc-button-border-color: ${({ theme }) => theme.colors.primary};
  --fc-button-text-color: ${({ theme }) => theme.colors.onPrimary};
  --fc-button-hover-bg-color: ${({ theme }) => theme.colors.primaryHover};
  --fc-button-hover-border-color: ${({ theme }) => theme.colors.primaryHover};
  --fc-button-active-bg-color: ${({ theme }) => theme.colors.primaryHover};
  --fc-button-active-border-color: ${({ theme }) => theme.colors.primaryHover};
  a {
    color: inherit;
  }
  /* On a phone the toolbar's three groups wrap instead of pushing the page wider than the screen. */
  .fc .fc-toolbar {
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
  }
  .fc .fc-toolbar-title {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  /* Days of the next and previous month: muted, still readable (FullCalendar fades them to 30 %). */
  .fc .fc-day-other .fc-daygrid-day-top {
    opacity: 1;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .fc-event:focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing} solid ${({ theme }) => theme.colors.focus};
  }
  ${({ theme }) =>
    [...CALENDARS, STREAM]
      .map(
        (c) =>
          `.fc .cal-${c} { background: ${softOf(theme.colors, c)}; border-color: ${colorOf(theme.colors, c)}; border-left-width: 3px; } .fc .cal-${c}, .fc .cal-${c} .fc-event-main { color: ${theme.colors.text}; } .cal-${c} .fc-daygrid-event-dot { border-color: ${colorOf(theme.colors, c)}; }`,
      )
      .join('\n')}
`

/** A new event's default: the next full hour, one hour long. */
function nextHour(): EventDraft {
  const d = new Date()
  d.setMinutes(0, 0, 0)
  d.setHours(d.getHours() + 1)
  return { start: d.toISOString(), end: new Date(d.getTime() + 3_600_000).toISOString(), allDay: false }
}

/** An event's new times after a drag or resize, as the server takes them. */
function movedTimes(e: { allDay: boolean; start: Date | null; end: Date | null; startStr: string; endStr: string }): CalendarEventInput {
  if (e.allDay) {
    const start = e.startStr.slice(0, 10)
    return { allDay: true, start, end: e.endStr ? e.endStr.slice(0, 10) : nextDay(start) }
  }
  const start = e.start ?? new Date()
  return { allDay: false, start: start.toISOString(), end: (e.end ?? new Date(start.getTime() + 3_600_000)).toISOString() }
}

/**
 * /apps/calendar: the user's events and the stream schedule of their connected Twitch
 * channels (calendar Stream) in month, week and day views (FullCalendar, loaded with this
 * page), filtered by calendar, in the browser's time zone; add, edit, move and delete events;
 * the iCalendar feed URL.
 */
export default function CalendarPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('calendar')
  const toast = useToast()
  const [selected, setSelected] = useState<CalendarName[]>([...CALENDARS, STREAM])
  const [range, setRange] = useState<{ start: string; end: string } | null>(null)
  const [editing, setEditing] = useState<{ event: CalendarEventFieldsFragment | null; draft: EventDraft } | null>(null)
  const [deleting, setDeleting] = useState<CalendarEventFieldsFragment | null>(null)
  const channels = useQuery(CalendarChannelsDocument)
  const streamChannels = (channels.data?.channels ?? []).filter((c) => c.platform === 'twitch')
  const shown = streamChannels.length ? [...CALENDARS, STREAM] : CALENDARS
  const wanted = selected.filter((c) => shown.includes(c))
  const list = useQuery(CalendarEventsDocument, {
    variables: { calendars: wanted, start: range?.start ?? null, end: range?.end ?? null },
    skip: !range || wanted.length === 0,
    fetchPolicy: 'cache-and-network',
  })
  const [create, created] = useMutation(CreateCalendarEventDocument)
  const [update, updated] = useMutation(UpdateCalendarEventDocument)
  const [remove, removed] = useMutation(DeleteCalendarEventDocument)
  const data = wanted.length === 0 ? NOTHING : (list.data ?? list.previousData)?.calendarEvents
  const byId = useMemo(() => new Map((data?.events ?? []).map((e) => [e.id, e])), [data])
  const events: EventInput[] = useMemo(
    () =>
      (data?.events ?? []).map((e) => ({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        editable: !e.readOnly,
        classNames: [`cal-${e.calendar}`],
        extendedProps: { calendar: e.calendar },
      })),
    [data],
  )
  const refetch = () => void list.refetch().catch(() => {})
  const fail = (error: unknown) => toast.show({ title: t('failed'), message: error instanceof Error ? error.message : undefined, variant: 'danger' })

  const save = async (input: CalendarEventInput) => {
    try {
      if (editing?.event) await update({ variables: { id: editing.event.id, input } })
      else await create({ variables: { input } })
      setEditing(null)
      toast.show({ title: t('saved'), variant: 'success' })
      refetch()
    } catch {
      // The dialog shows the field errors.
    }
  }
  const move = async (info: EventDropArg | EventResizeDoneArg) => {
    try {
      await update({ variables: { id: info.event.id, input: movedTimes(info.event) } })
      refetch()
    } catch (error) {
      info.revert()
      fail(error)
    }
  }
  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove({ variables: { id: deleting.id } })
      setDeleting(null)
      setEditing(null)
      toast.show({ title: t('deleted'), variant: 'success' })
      refetch()
    } catch (error) {
      fail(error)
    }
  }
  const closeEditor = () => {
    created.reset()
    updated.reset()
    setEditing(null)
  }
  const toggle = (c: CalendarName, on: boolean) => setSelected((now) => (on ? [...now, c] : now.filter((x) => x !== c)))
  const allOn = shown.every((c) => selected.includes(c))

  return (
    <StyledStack data-testid="calendar">
      <PageHeader
        title={title}
        subtitle={t('intro', { zone: browserTimeZone() })}
        actions={
          <Button onClick={() => setEditing({ event: null, draft: nextHour() })} data-testid="event-add">
            {t('add')}
          </Button>
        }
      />
      <StyledLayout>
        <StyledStack>
          <Panel title={t('filters')}>
            <StyledCheckGroup $direction="column">
              <legend>{t('calendarsHeading')}</legend>
              <label>
                <input type="checkbox" checked={allOn} onChange={(e) => setSelected(e.target.checked ? [...shown] : [])} />
                {t('viewAll')}
              </label>
              {shown.map((c) => (
                <label key={c}>
                  <input type="checkbox" name="calendars" value={c} checked={selected.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
                  <StyledDot $calendar={c} aria-hidden />
                  {t(`calendars.${c}`)}
                </label>
              ))}
            </StyledCheckGroup>
          </Panel>
          <FeedPanel />
        </StyledStack>
        <Panel title={t('events')} testId="calendar-events">
          {data?.warnings.length ? <Alert variant="warning">{t('streamUnavailable', { channels: data.warnings.join(', ') })}</Alert> : null}
          {list.error && !data ? (
            <ErrorState error={list.error} onRetry={refetch} />
          ) : !data && range ? (
            <LoadingState />
          ) : data && data.events.length === 0 ? (
            <EmptyState>{wanted.length === 0 ? t('noCalendars') : t('empty')}</EmptyState>
          ) : null}
          <StyledCalendar aria-busy={list.loading}>
            <FullCalendar
              plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
              initialView="dayGridMonth"
              headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
              locales={LOCALES}
              locale={i18n.language}
              timeZone="local"
              height="auto"
              events={events}
              buttonIcons={false}
              buttonText={{ prev: t('previous'), next: t('next') }}
              eventInteractive
              // An event's title is what its owner wrote, not an interface text (the locale walk skips it).
              eventDidMount={(info) => info.el.setAttribute('data-user-content', '')}
              // FullCalendar names a day's cell by its day number alone, though the cell shows its
              // events too (WCAG 2.5.3): named by its content, the cell reads its date (the number's
              // own label) and its events.
              dayCellDidMount={(info) => info.el.removeAttribute('aria-labelledby')}
              editable
              selectable
              dayMaxEvents
              datesSet={(info: DatesSetArg) => {
                const next = { start: info.start.toISOString(), end: info.end.toISOString() }
                setRange((now) => (now?.start === next.start && now.end === next.end ? now : next))
              }}
              select={(info: DateSelectArg) =>
                setEditing({
                  event: null,
                  draft: info.allDay
                    ? { start: localDay(info.start), end: localDay(info.end), allDay: true }
                    : { start: info.start.toISOString(), end: info.end.toISOString(), allDay: false },
                })
              }
              eventClick={(info: EventClickArg) => {
                info.jsEvent.preventDefault()
                const event = byId.get(info.event.id)
                if (event) setEditing({ event, draft: { start: event.start, end: event.end, allDay: event.allDay } })
              }}
              eventDrop={(info: EventDropArg) => void move(info)}
              eventResize={(info: EventResizeDoneArg) => void move(info)}
            />
          </StyledCalendar>
        </Panel>
      </StyledLayout>
      {editing ? (
        <EventDialog
          key={editing.event?.id ?? 'new'}
          event={editing.event}
          draft={editing.draft}
          streamChannels={streamChannels}
          busy={created.loading || updated.loading}
          error={editing.event ? updated.error : created.error}
          onSubmit={(input) => void save(input)}
          onDelete={editing.event ? () => setDeleting(editing.event) : null}
          onClose={closeEditor}
        />
      ) : null}
      <ConfirmDialog
        testId="event-delete-dialog"
        confirmTestId="event-delete-confirm"
        open={deleting !== null}
        busy={removed.loading}
        title={t('deleteTitle')}
        message={t('deleteMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </StyledStack>
  )
}
