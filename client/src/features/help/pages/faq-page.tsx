import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { HelpFaqDocument } from '../graphql/faq.generated'
import { useQuery } from '@apollo/client/react'
import { FaqView } from '../components/faq-view'
import { HelpSection } from '../components/help-section'
import { SearchOutcome } from '../components/search-box'
import { HELP_PATHS, useHelpLocale } from '../lib'

function FaqResults({ q }: { q: string }) {
  const { t } = useTranslation('help')
  const locale = useHelpLocale()
  const { data, previousData, loading, error, refetch } = useQuery(HelpFaqDocument, { variables: { locale, q: q || null }, fetchPolicy: 'cache-and-network' })
  const shown = data ?? previousData
  return (
    <SearchOutcome
      prefix="faq"
      error={error}
      loaded={Boolean(shown)}
      loading={loading}
      count={shown?.faq.length ?? 0}
      emptyText={q ? t('faq.noMatch', { q }) : t('faq.empty')}
      onRetry={() => void refetch().catch(() => {})}
    >
      {shown ? <FaqView categories={shown.faq} searching={Boolean(q)} /> : null}
    </SearchOutcome>
  )
}

/** /pages/faq: the FAQ with a server-side search, in the UI language; admins edit it here. */
export default function FaqPage({ title }: { title: string }) {
  const { t } = useTranslation('help')
  return (
    <HelpSection
      section="faq"
      title={title}
      subtitle={
        <>
          {t('faq.subtitle')} <Link to={HELP_PATHS.knowledgeBase}>{t('faq.toKnowledgeBase')}</Link>
        </>
      }
      searchLabel={t('faq.search')}
      searchTestId="faq-search"
    >
      {(q) => <FaqResults q={q} />}
    </HelpSection>
  )
}
