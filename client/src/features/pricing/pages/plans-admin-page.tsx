import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { PlanLocale } from '../../../gql/types'
import { PlansAdminDocument, type PlansAdminQuery, UpdatePlanTextsDocument, UpdatePricingQuestionDocument } from '../graphql/plans-admin.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf } from '../../../lib/error-code'
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../../lib/i18n'
import { useLanguage } from '../../../lib/use-language'
import { useErrorText } from '../../../lib/use-error-text'

type AdminPlan = PlansAdminQuery['plans'][number]
type AdminQuestion = PlansAdminQuery['twitchQuestions'][number]

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** Saves one form; says so in a toast, keeps the field errors of a refused input. */
function useSave() {
  const { t } = useTranslation('pricing')
  const toast = useToast()
  const errorText = useErrorText()
  const [fields, setFields] = useState<Record<string, string[]>>({})
  const save = async (run: () => Promise<unknown>) => {
    try {
      await run()
      setFields({})
      toast.show({ title: t('admin.saved'), variant: 'success' })
    } catch (error) {
      setFields(fieldErrorsOf(error))
      toast.show({ title: errorText(error), variant: 'danger' })
    }
  }
  return { fields, save }
}

function NotTranslated({ shown, locale }: { shown: PlanLocale; locale: PlanLocale }) {
  const { t } = useTranslation('pricing')
  return shown === locale ? null : <StyledHint>{t('admin.notTranslated', { language: LANGUAGE_NAMES[locale] })}</StyledHint>
}

function PlanForm({ plan, locale, onSaved }: { plan: AdminPlan; locale: PlanLocale; onSaved: () => void }) {
  const { t } = useTranslation('pricing')
  const [subtitle, setSubtitle] = useState(plan.subtitle ?? '')
  const [benefits, setBenefits] = useState(plan.benefits.join('\n'))
  const [additions, setAdditions] = useState(plan.additions.join('\n'))
  const [update, { loading }] = useMutation(UpdatePlanTextsDocument, { fetchPolicy: 'no-cache' })
  const { fields, save } = useSave()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(async () => {
      await update({ variables: { id: plan.id, locale, input: { subtitle: subtitle.trim() || null, benefits: lines(benefits), additions: lines(additions) } } })
      onSaved()
    })
  }
  return (
    <Panel title={plan.name} testId={`plan-texts-${plan.id}`}>
      <form onSubmit={submit}>
        <StyledStack>
          <NotTranslated shown={plan.locale} locale={locale} />
          <TextField
            label={t('admin.subtitle')}
            name="subtitle"
            maxLength={200}
            value={subtitle}
            onChange={(e) => setSubtitle(e.target.value)}
            errors={fields.subtitle}
          />
          <TextAreaField
            label={t('admin.benefits')}
            hint={t('admin.onePerLine')}
            name="benefits"
            rows={4}
            value={benefits}
            onChange={(e) => setBenefits(e.target.value)}
            errors={fields.benefits}
          />
          <TextAreaField
            label={t('admin.additions')}
            hint={t('admin.onePerLine')}
            name="additions"
            rows={3}
            value={additions}
            onChange={(e) => setAdditions(e.target.value)}
            errors={fields.additions}
          />
          <div>
            <Button type="submit" disabled={loading} aria-busy={loading}>
              {t('admin.save')}
            </Button>
          </div>
        </StyledStack>
      </form>
    </Panel>
  )
}

function QuestionForm({ item, locale, onSaved }: { item: AdminQuestion; locale: PlanLocale; onSaved: () => void }) {
  const { t } = useTranslation('pricing')
  const [question, setQuestion] = useState(item.question)
  const [answer, setAnswer] = useState(item.ans)
  const [update, { loading }] = useMutation(UpdatePricingQuestionDocument, { fetchPolicy: 'no-cache' })
  const { fields, save } = useSave()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(async () => {
      await update({ variables: { id: item.id, locale, question, answer } })
      onSaved()
    })
  }
  return (
    <form onSubmit={submit} data-testid={`question-texts-${item.id}`}>
      <StyledStack>
        <NotTranslated shown={item.locale} locale={locale} />
        <TextField
          label={t('admin.question')}
          name="question"
          required
          maxLength={300}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          errors={fields.question}
        />
        <TextAreaField
          label={t('admin.answer')}
          name="answer"
          required
          rows={3}
          maxLength={2000}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          errors={fields.answer}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={loading} aria-busy={loading}>
            {t('admin.save')}
          </Button>
        </div>
      </StyledStack>
    </form>
  )
}

/** /admin/plans: admins write each plan's tagline, benefits and additions and the pricing Q and A, per language. */
export default function PlansAdminPage({ title }: { title: string }) {
  const { t } = useTranslation('pricing')
  const [locale, setLocale] = useState<PlanLocale>(useLanguage())
  const { data, loading, error, refetch } = useQuery(PlansAdminDocument, { variables: { locale }, fetchPolicy: 'no-cache', notifyOnNetworkStatusChange: true })
  const reload = () => void refetch().catch(() => {})
  const questions = data ? [...data.twitchQuestions, ...data.kickQuestions.filter((k) => !data.twitchQuestions.some((q) => q.id === k.id))] : []
  return (
    <StyledStack data-testid="plans-admin-page">
      <PageHeader title={title} subtitle={t('admin.intro')} />
      <SelectField label={t('admin.language')} name="plan-locale" value={locale} onChange={(e) => isLanguage(e.target.value) && setLocale(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </SelectField>
      {error && !data ? <ErrorState error={error} onRetry={reload} /> : null}
      {loading ? <LoadingState /> : null}
      {data && !loading ? (
        <>
          <StyledGrid>
            {data.plans.map((plan) => (
              <PlanForm key={plan.id} plan={plan} locale={locale} onSaved={reload} />
            ))}
          </StyledGrid>
          <Panel title={t('faqTitle')}>
            <StyledStack>
              {questions.map((q) => (
                <QuestionForm key={q.id} item={q} locale={locale} onSaved={reload} />
              ))}
            </StyledStack>
          </Panel>
        </>
      ) : null}
    </StyledStack>
  )
}
