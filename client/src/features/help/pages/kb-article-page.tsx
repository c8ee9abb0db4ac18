import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { HelpKbArticleDocument } from '../graphql/kb-article.generated'
import { useQuery } from '@apollo/client/react'
import { KbCrumbs, KbNotFound, StyledArticleList } from '../components/kb-parts'
import { HELP_PATHS, useHelpLocale } from '../lib'

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: 1fr minmax(14rem, 18rem);
    align-items: start;
  }
`

const StyledBody = styled(StyledCard)`
  line-height: 1.6;

  h3,
  h4 {
    margin: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.sm}`};
  }
  code {
    padding: 0 ${({ theme }) => theme.space.xxs};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.body};
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`

const StyledAside = styled(StyledCard)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`

/** One knowledge-base article. Its HTML comes from the server's escaping Markdown renderer. */
export default function KbArticlePage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('help')
  const { slug = '' } = useParams()
  const locale = useHelpLocale()
  const { data, error, refetch } = useQuery(HelpKbArticleDocument, { variables: { slug, locale }, fetchPolicy: 'cache-and-network' })
  const article = data?.kbArticle

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="kb-error" />
  if (!data) return <LoadingState testId="kb-loading" />
  if (!article) {
    return <KbNotFound title={title} message={t('kb.noArticle')} />
  }
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(article.updatedAt))
  return (
    <div aria-labelledby="page-title">
      <KbCrumbs category={article.category} />
      <PageHeader title={article.title} subtitle={t('kb.lastUpdated', { date: updated })} />
      <StyledLayout>
        {/* The server escapes every character the author typed; only its own tags remain. */}
        <StyledBody data-testid="kb-article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
        {article.related.length > 0 ? (
          <StyledAside aria-labelledby="kb-related">
            <h2 id="kb-related">{t('kb.related')}</h2>
            <StyledArticleList>
              {article.related.map((r) => (
                <li key={r.id}>
                  <Link to={HELP_PATHS.article(article.category.slug, r.slug)}>{r.title}</Link>
                </li>
              ))}
            </StyledArticleList>
          </StyledAside>
        ) : null}
      </StyledLayout>
    </div>
  )
}
