import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMutation } from '@apollo/client/react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { RadioGroup } from '../../../components/ui/radio-group'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import type { GiveawayEligibility } from '../../../gql/types'
import { OpenGiveawayDocument } from '../graphql/giveaways.generated'

/** The server's limits (giveaways.service): it judges, these only guide typing. */
const MAX_SUBSCRIBER_TICKETS = 10
const MAX_MINUTES = 24 * 60

interface Draft {
  prize: string
  entry: 'keyword' | 'chat'
  keyword: string
  eligibility: GiveawayEligibility
  minFollowDays: string
  maxEntries: string
  subscriberTickets: string
  close: 'manual' | 'timer'
  durationMinutes: string
}

const EMPTY: Draft = {
  prize: '',
  entry: 'keyword',
  keyword: '!join',
  eligibility: 'everyone',
  minFollowDays: '',
  maxEntries: '',
  subscriberTickets: '1',
  close: 'manual',
  durationMinutes: '5',
}

const whole = (s: string): number | null => (s.trim() === '' ? null : Number(s))

/**
 * Opens a giveaway: the prize, how viewers enter (a keyword such as !join, or any chat line),
 * who may (everyone, followers with an optional follow age, subscribers), an entry limit, sub
 * luck (tickets per subscriber), and a timer or a manual close. The server validates.
 */
export function GiveawayForm({ channelId, kick, onOpened }: { channelId: string; kick: boolean; onOpened: () => void }) {
  const { t } = useTranslation('giveaways')
  const errorText = useErrorText()
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [open, opened] = useMutation(OpenGiveawayDocument)
  const fields = opened.error ? fieldErrorsOf(opened.error) : {}
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const followers = draft.eligibility === 'followers'
    const input = {
      prize: draft.prize.trim(),
      keyword: draft.entry === 'keyword' ? draft.keyword.trim() : null,
      eligibility: draft.eligibility,
      minFollowDays: followers ? whole(draft.minFollowDays) : null,
      maxEntries: whole(draft.maxEntries),
      subscriberTickets: whole(draft.subscriberTickets) ?? 1,
      durationMinutes: draft.close === 'timer' ? whole(draft.durationMinutes) : null,
    }
    try {
      await open({ variables: { channelId, input } })
      setDraft(EMPTY)
      onOpened()
    } catch {
      // shown beside the fields
    }
  }

  return (
    <StyledCard data-testid="giveaway-form">
      <h2>{t('form.title')}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('form.prize')}
          value={draft.prize}
          maxLength={100}
          required
          errors={fields.prize}
          onChange={(e) => set('prize', e.target.value)}
          data-testid="giveaway-prize"
        />
        <RadioGroup
          legend={t('form.entry')}
          name="giveaway-entry"
          value={draft.entry}
          onChange={(entry) => set('entry', entry)}
          options={[
            { value: 'keyword', label: t('form.entryKeyword') },
            { value: 'chat', label: t('form.entryChat'), testId: 'giveaway-entry-chat' },
          ]}
        />
        <StyledFormGrid>
          {draft.entry === 'keyword' ? (
            <TextField
              label={t('form.keyword')}
              hint={t('form.keywordHint')}
              value={draft.keyword}
              maxLength={31}
              required
              errors={fields.keyword}
              onChange={(e) => set('keyword', e.target.value)}
              data-testid="giveaway-keyword"
            />
          ) : null}
          <SelectField
            label={t('form.eligibility')}
            value={draft.eligibility}
            errors={fields.eligibility}
            hint={kick ? t('form.kickNoFollows') : undefined}
            onChange={(e) => set('eligibility', e.target.value as GiveawayEligibility)}
            data-testid="giveaway-eligibility"
          >
            <option value={'everyone'}>{t('eligibility.everyone')}</option>
            {kick ? null : <option value={'followers'}>{t('eligibility.followers')}</option>}
            <option value={'subscribers'}>{t('eligibility.subscribers')}</option>
          </SelectField>
          {draft.eligibility === 'followers' ? (
            <TextField
              label={t('form.minFollowDays')}
              hint={t('form.minFollowDaysHint')}
              type="number"
              min={0}
              max={3650}
              value={draft.minFollowDays}
              errors={fields.minFollowDays}
              onChange={(e) => set('minFollowDays', e.target.value)}
              data-testid="giveaway-min-follow-days"
            />
          ) : null}
          <TextField
            label={t('form.maxEntries')}
            hint={t('form.maxEntriesHint')}
            type="number"
            min={1}
            max={100000}
            value={draft.maxEntries}
            errors={fields.maxEntries}
            onChange={(e) => set('maxEntries', e.target.value)}
            data-testid="giveaway-max-entries"
          />
          <TextField
            label={t('form.subscriberTickets')}
            hint={t('form.subscriberTicketsHint')}
            type="number"
            min={1}
            max={MAX_SUBSCRIBER_TICKETS}
            value={draft.subscriberTickets}
            errors={fields.subscriberTickets}
            onChange={(e) => set('subscriberTickets', e.target.value)}
            data-testid="giveaway-sub-tickets"
          />
        </StyledFormGrid>
        <RadioGroup
          legend={t('form.close')}
          name="giveaway-close"
          value={draft.close}
          onChange={(close) => set('close', close)}
          options={[
            { value: 'manual', label: t('form.closeManual') },
            { value: 'timer', label: t('form.closeTimer'), testId: 'giveaway-close-timer' },
          ]}
        />
        {draft.close === 'timer' ? (
          <TextField
            label={t('form.durationMinutes')}
            type="number"
            min={1}
            max={MAX_MINUTES}
            required
            value={draft.durationMinutes}
            errors={fields.durationMinutes}
            onChange={(e) => set('durationMinutes', e.target.value)}
            data-testid="giveaway-duration"
          />
        ) : null}
        {opened.error && needsGeneralMessage(opened.error, Object.keys(EMPTY)) ? <Alert>{errorText(opened.error)}</Alert> : null}
        <Button type="submit" disabled={opened.loading || !draft.prize.trim()} data-testid="giveaway-open">
          {t('form.open')}
        </Button>
      </form>
    </StyledCard>
  )
}
