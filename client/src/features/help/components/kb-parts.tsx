import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { PageHeader } from '../../../components/ui/page-header'
import { HELP_PATHS } from '../lib'

export const StyledCardGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`

export const StyledArticleList = styled.ul`
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding-left: ${({ theme }) => theme.space.xl};

  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`

const StyledCategoryCard = styled(StyledCard)`
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledCrumbs = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    list-style: none;
    margin: 0;
    padding: 0;
  }

  li + li::before {
    content: '/';
    margin-right: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

export interface KbCategoryCardData {
  slug: string
  title: string
  description: string
  articles: ReadonlyArray<{ id: string; slug: string; title: string }>
}

/** One knowledge-base category: its title (a link to its page), description and articles. */
export function KbCategoryCard({ category }: { category: KbCategoryCardData }) {
  const { t } = useTranslation('help')
  return (
    <StyledCategoryCard aria-labelledby={`kb-${category.slug}`} data-testid={`kb-category-${category.slug}`}>
      <h2 id={`kb-${category.slug}`}>
        <Link to={HELP_PATHS.category(category.slug)}>{category.title}</Link>
      </h2>
      {category.description ? <p>{category.description}</p> : null}
      <StyledArticleList aria-label={t('kb.articlesOf', { title: category.title })}>
        {category.articles.map((a) => (
          <li key={a.id}>
            <Link to={HELP_PATHS.article(category.slug, a.slug)} data-testid="kb-article-link">
              {a.title}
            </Link>
          </li>
        ))}
      </StyledArticleList>
    </StyledCategoryCard>
  )
}

/** Knowledge base › category › article. */
export function KbCrumbs({ category }: { category?: { slug: string; title: string } }) {
  const { t } = useTranslation('help')
  return (
    <StyledCrumbs aria-label={t('kb.breadcrumbs')}>
      <ol>
        <li>
          <Link to={HELP_PATHS.faq}>{t('kb.faq')}</Link>
        </li>
        <li>
          <Link to={HELP_PATHS.knowledgeBase}>{t('kb.home')}</Link>
        </li>
        {category ? (
          <li>
            <Link to={HELP_PATHS.category(category.slug)}>{category.title}</Link>
          </li>
        ) : null}
      </ol>
    </StyledCrumbs>
  )
}

/** An unknown category or article: said on its page, with the way back. */
export function KbNotFound({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('help')
  return (
    <div aria-labelledby="page-title">
      <KbCrumbs />
      <PageHeader title={title} />
      <EmptyState testId="kb-not-found" action={<Link to={HELP_PATHS.knowledgeBase}>{t('kb.back')}</Link>}>
        {message}
      </EmptyState>
    </div>
  )
}
