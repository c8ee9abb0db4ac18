import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { StyledCheckGroup } from '../../../components/ui/check-group'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import type { CalendarEventFieldsFragment } from '../graphql/calendar.generated'
import type { CalendarEventInput, CalendarName } from '../../../gql/types'
import { fieldErrorsOf } from '../../../lib/error-code'
import { browserTimeZone, fromLocalInput, nextDay, previousDay, toLocalInput } from '../lib/times'

export const CALENDARS: CalendarName[] = ['Business', 'Holiday', 'Personal', 'Family', 'ETC']
export const STREAM: CalendarName = 'Stream'

const StyledDanger = styled.div`
  display: flex;
  justify-content: flex-start;
  margin-top: ${({ theme }) => theme.space.md};
`

/** What a new event starts from: a clicked day or selected range, or the next hour. */
export interface EventDraft {
  start: string
  end: string
  allDay: boolean
}

/**
 * Add or edit an event: title, calendar (Stream: a segment of a connected Twitch channel's
 * schedule), all-day or times in the browser's zone, URL, guests, location, description;
 * an existing event may be deleted (the page asks for confirmation).
 */
export function EventDialog({
  event,
  draft,
  streamChannels,
  busy,
  error,
  onSubmit,
  onDelete,
  onClose,
}: {
  event: CalendarEventFieldsFragment | null
  draft: EventDraft
  streamChannels: Array<{ id: string; displayName: string }>
  busy: boolean
  error: unknown
  onSubmit: (input: CalendarEventInput) => void
  onDelete: (() => void) | null
  onClose: () => void
}) {
  const { t } = useTranslation('calendar')
  const source = event ?? draft
  const [title, setTitle] = useState(event?.title ?? '')
  const [calendar, setCalendar] = useState<CalendarName>(event?.calendar ?? 'Business')
  const [allDay, setAllDay] = useState(source.allDay)
  const [startDay, setStartDay] = useState(source.allDay ? source.start : source.start.slice(0, 10))
  const [endDay, setEndDay] = useState(source.allDay ? previousDay(source.end) : source.end.slice(0, 10))
  const [startAt, setStartAt] = useState(source.allDay ? `${source.start}T09:00` : toLocalInput(source.start))
  const [endAt, setEndAt] = useState(source.allDay ? `${source.start}T10:00` : toLocalInput(source.end))
  const [url, setUrl] = useState(event?.url ?? '')
  const [guests, setGuests] = useState((event?.guests ?? []).join(', '))
  const [location, setLocation] = useState(event?.location ?? '')
  const [description, setDescription] = useState(event?.description ?? '')
  const [channelId, setChannelId] = useState(event?.channelId ?? streamChannels[0]?.id ?? '')
  const fields = fieldErrorsOf(error)
  const stream = calendar === STREAM
  const readOnly = event?.readOnly === true
  const choices = event ? (stream ? [STREAM] : CALENDARS) : streamChannels.length ? [...CALENDARS, STREAM] : CALENDARS

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const timed = stream || !allDay
    const input: CalendarEventInput = {
      title,
      calendar,
      allDay: !timed,
      start: timed ? fromLocalInput(startAt) : startDay,
      end: timed ? fromLocalInput(endAt) : endDay ? nextDay(endDay) : null,
    }
    if (stream) {
      input.timezone = browserTimeZone()
      if (!event && channelId) input.channelId = channelId
    } else {
      Object.assign(input, {
        url,
        guests: guests
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        location,
        description,
      })
    }
    onSubmit(input)
  }

  return (
    <Dialog open title={event ? t('editTitle') : t('newTitle')} onClose={onClose} busy={busy} testId="event-dialog">
      <form onSubmit={submit}>
        <StyledStack>
          {readOnly ? <p>{t('readOnly')}</p> : null}
          <TextField
            label={t('title')}
            name="title"
            required
            maxLength={stream ? 140 : 200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            errors={fields.title}
            disabled={readOnly}
            data-autofocus
          />
          <SelectField
            label={t('calendar')}
            name="calendar"
            value={calendar}
            onChange={(e) => setCalendar(e.target.value as CalendarName)}
            errors={fields.calendar}
            disabled={readOnly || choices.length === 1}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {t(`calendars.${c}`)}
              </option>
            ))}
          </SelectField>
          {stream && !event && streamChannels.length > 1 ? (
            <SelectField label={t('channel')} name="channelId" value={channelId} onChange={(e) => setChannelId(e.target.value)} errors={fields.channelId}>
              {streamChannels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName}
                </option>
              ))}
            </SelectField>
          ) : null}
          {stream ? (
            <p>{t('streamHint', { channel: event?.channelName ?? streamChannels.find((c) => c.id === channelId)?.displayName ?? '' })}</p>
          ) : (
            <StyledCheckGroup>
              <label>
                <input type="checkbox" name="allDay" checked={allDay} onChange={(e) => setAllDay(e.target.checked)} />
                {t('allDay')}
              </label>
            </StyledCheckGroup>
          )}
          {!stream && allDay ? (
            <>
              <TextField
                label={t('startDate')}
                name="startDay"
                type="date"
                required
                value={startDay}
                onChange={(e) => setStartDay(e.target.value)}
                errors={fields.start}
              />
              <TextField
                label={t('endDate')}
                name="endDay"
                type="date"
                min={startDay}
                value={endDay}
                onChange={(e) => setEndDay(e.target.value)}
                errors={fields.end}
              />
            </>
          ) : (
            <>
              <TextField
                label={t('start')}
                name="startAt"
                type="datetime-local"
                required
                value={startAt}
                onChange={(e) => setStartAt(e.target.value)}
                errors={fields.start}
                disabled={readOnly}
              />
              <TextField
                label={t('end')}
                name="endAt"
                type="datetime-local"
                required
                value={endAt}
                min={startAt}
                onChange={(e) => setEndAt(e.target.value)}
                errors={fields.end}
                disabled={readOnly}
              />
            </>
          )}
          <p>{t('timeZone', { zone: browserTimeZone() })}</p>
          {stream ? null : (
            <>
              <TextField label={t('url')} name="url" type="url" maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} errors={fields.url} />
              <TextField
                label={t('guests')}
                name="guests"
                hint={t('guestsHint')}
                value={guests}
                onChange={(e) => setGuests(e.target.value)}
                errors={fields.guests}
              />
              <TextField
                label={t('location')}
                name="location"
                maxLength={300}
                value={location}
                onChange={(e) => setLocation(e.target.value)}
                errors={fields.location}
              />
              <TextAreaField
                label={t('description')}
                name="description"
                rows={3}
                maxLength={5000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                errors={fields.description}
              />
            </>
          )}
        </StyledStack>
        {readOnly ? null : <DialogFormActions submitLabel={event ? t('save') : t('create')} onCancel={onClose} busy={busy} submitTestId="event-submit" />}
        {onDelete && !readOnly ? (
          <StyledDanger>
            <Button variant="danger" onClick={onDelete} disabled={busy} data-testid="event-delete">
              {t('delete')}
            </Button>
          </StyledDanger>
        ) : null}
      </form>
    </Dialog>
  )
}
