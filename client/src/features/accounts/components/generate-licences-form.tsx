import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { AccountsGenerateLicencesDocument } from '../graphql/licence-generate.generated'
import { AccountsPlansDocument } from '../graphql/plans.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { useFieldMessages } from '../lib/field-messages'
import { problemText } from '../lib/problems'
import { MAX_BATCH, MAX_TOTAL_DAYS, type Problems, parseIntInRange } from '../lib/validation'
import { StyledMono } from './data-table'
import { UserPicker } from './user-picker'

const FIELDS = ['planId', 'totalDays', 'count', 'resellerId'] as const
type Field = (typeof FIELDS)[number]

const StyledKeys = styled.ul`
  list-style: none;
  margin: ${({ theme }) => `${theme.space.sm} 0`};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  max-height: 16rem;
  overflow-y: auto;
`

/** Admins: a batch of new keys (plan, TotalDays, count), optionally into a reseller's pool. */
export function GenerateLicencesForm() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const fieldMessages = useFieldMessages()
  const plans = useQuery(AccountsPlansDocument)
  const [planId, setPlanId] = useState('')
  const [totalDays, setTotalDays] = useState('30')
  const [count, setCount] = useState('10')
  const [resellerId, setResellerId] = useState('')
  const [problems, setProblems] = useState<Problems<Field>>({})
  const [serverError, setServerError] = useState<unknown>(null)
  const [keys, setKeys] = useState<string[]>([])
  const [copied, setCopied] = useState(false)
  const [generate, { loading }] = useMutation(AccountsGenerateLicencesDocument)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setServerError(null)
    setCopied(false)
    const days = parseIntInRange(totalDays, 1, MAX_TOTAL_DAYS)
    const howMany = parseIntInRange(count, 1, MAX_BATCH)
    const found: Problems<Field> = {}
    if (!planId) found.planId = 'required'
    if (days === null) found.totalDays = 'numberRange'
    if (howMany === null) found.count = 'numberRange'
    if (resellerId.trim() && !/^\d{1,15}$/.test(resellerId.trim())) found.resellerId = 'numberRange'
    setProblems(found)
    if (Object.keys(found).length > 0 || days === null || howMany === null) return
    try {
      const result = await generate({
        variables: { input: { planId, totalDays: days, count: howMany, resellerId: resellerId.trim() || null } },
        refetchQueries: ['AccountsLicences'],
      })
      setKeys(result.data?.generateLicences.map((licence) => licence.licensekey) ?? [])
    } catch (caught) {
      setServerError(caught)
    }
  }

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(keys.join('\n'))
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  const errorsOf = (field: Field) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)]

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="generate-form">
      {serverError && needsGeneralMessage(serverError, FIELDS) ? <Alert>{errorText(serverError)}</Alert> : null}
      <StyledFormGrid>
        <SelectField
          label={t('fields.plan')}
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
          errors={errorsOf('planId')}
          data-testid="generate-plan"
        >
          <option value="">{t('licences.choosePlan')}</option>
          {(plans.data?.plans ?? []).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.totalDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOTAL_DAYS}
          value={totalDays}
          onChange={(e) => setTotalDays(e.target.value)}
          errors={errorsOf('totalDays')}
          data-testid="generate-days"
        />
        <TextField
          label={t('licences.count')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_BATCH}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          errors={errorsOf('count')}
          data-testid="generate-count"
        />
      </StyledFormGrid>
      <UserPicker
        role="reseller"
        label={t('licences.resellerPool')}
        noneLabel={t('licences.noPool')}
        value={resellerId}
        onChange={setResellerId}
        errors={errorsOf('resellerId')}
      />
      <Button type="submit" disabled={loading} aria-busy={loading} data-testid="generate-submit">
        {t('licences.generate')}
      </Button>
      {keys.length > 0 ? (
        <Alert variant="success" testId="generated-keys">
          <p>{t('licences.generated', { n: keys.length })}</p>
          <StyledKeys>
            {keys.map((key) => (
              <li key={key}>
                <StyledMono data-testid="generated-key">{key}</StyledMono>
              </li>
            ))}
          </StyledKeys>
          <Button variant="secondary" onClick={() => void copyAll()}>
            {copied ? t('licences.copied') : t('licences.copyAll')}
          </Button>
        </Alert>
      ) : null}
    </form>
  )
}
