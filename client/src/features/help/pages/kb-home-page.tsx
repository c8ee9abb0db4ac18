import { useTranslation } from 'react-i18next'
import { HelpKnowledgeBaseDocument } from '../graphql/kb-home.generated'
import { useQuery } from '@apollo/client/react'
import { HelpSection } from '../components/help-section'
import { KbCategoryCard, KbCrumbs, StyledCardGrid } from '../components/kb-parts'
import { SearchOutcome } from '../components/search-box'
import { useHelpLocale } from '../lib'

function KbResults({ q }: { q: string }) {
  const { t } = useTranslation('help')
  const locale = useHelpLocale()
  const { data, previousData, loading, error, refetch } = useQuery(HelpKnowledgeBaseDocument, {
    variables: { locale, q: q || null },
    fetchPolicy: 'cache-and-network',
  })
  const shown = data ?? previousData
  return (
    <SearchOutcome
      prefix="kb"
      error={error}
      loaded={Boolean(shown)}
      loading={loading}
      count={shown?.knowledgeBase.length ?? 0}
      emptyText={q ? t('kb.noMatch', { q }) : t('kb.empty')}
      onRetry={() => void refetch().catch(() => {})}
    >
      <StyledCardGrid>
        {shown?.knowledgeBase.map((c) => (
          <KbCategoryCard key={c.id} category={c} />
        ))}
      </StyledCardGrid>
    </SearchOutcome>
  )
}

/** The knowledge base's home: its categories with their articles, and a server-side search; admins edit it here. */
export default function KbHomePage({ title }: { title: string }) {
  const { t } = useTranslation('help')
  return (
    <HelpSection section="knowledgeBase" title={title} subtitle={t('kb.subtitle')} searchLabel={t('kb.search')} searchTestId="kb-search" before={<KbCrumbs />}>
      {(q) => <KbResults q={q} />}
    </HelpSection>
  )
}
