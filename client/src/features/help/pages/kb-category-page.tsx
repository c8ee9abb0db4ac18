import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { HelpKbCategoryDocument } from '../graphql/kb-category.generated'
import { useQuery } from '@apollo/client/react'
import { KbCategoryCard, KbCrumbs, KbNotFound } from '../components/kb-parts'
import { useHelpLocale } from '../lib'

/** One knowledge-base category and its articles. */
export default function KbCategoryPage({ title }: { title: string }) {
  const { t } = useTranslation('help')
  const { category = '' } = useParams()
  const locale = useHelpLocale()
  const { data, error, refetch } = useQuery(HelpKbCategoryDocument, { variables: { slug: category, locale }, fetchPolicy: 'cache-and-network' })
  const found = data?.kbCategory

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="kb-error" />
  if (!data) return <LoadingState testId="kb-loading" />
  if (!found) {
    return <KbNotFound title={title} message={t('kb.noCategory')} />
  }
  return (
    <div aria-labelledby="page-title">
      <KbCrumbs />
      <PageHeader title={found.title} subtitle={found.description || undefined} />
      {found.articles.length === 0 ? <EmptyState testId="kb-empty">{t('kb.noArticles')}</EmptyState> : <KbCategoryCard category={found} />}
    </div>
  )
}
