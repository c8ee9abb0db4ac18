import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { EmptyState } from '../../../components/ui/empty-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import type { BlogStatus } from '../../../gql/types'
import { BLOG_PATHS } from '../lib'

export const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: minmax(0, 1fr) minmax(14rem, 18rem);
  }
`

export const StyledCards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr));
`

export const StyledCard = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};
  padding: ${({ theme }) => theme.space.lg};
  overflow-wrap: anywhere;

  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
  img {
    width: 100%;
    max-height: 11rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`

export const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledChip = styled.span<{ $draft?: boolean }>`
  display: inline-block;
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme, $draft }) => ($draft ? theme.colors.warning : theme.colors.border)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** A post's tags (what the author wrote, not interface text). */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null
  return (
    <StyledRow data-user-content>
      {tags.map((tag) => (
        <StyledChip key={tag}>{tag}</StyledChip>
      ))}
    </StyledRow>
  )
}

/** "Draft" on posts only admins see. */
export function StatusChip({ status }: { status: BlogStatus }) {
  const { t } = useTranslation('blog')
  if (status !== 'Draft') return null
  return (
    <StyledChip $draft data-testid="blog-draft">
      {t('status.Draft')}
    </StyledChip>
  )
}

/** The post's body: HTML the server cleaned with sanitize-html (no scripts, handlers or styles). */
export const StyledContent = styled.div`
  line-height: 1.65;
  overflow-wrap: anywhere;

  h2,
  h3,
  h4 {
    margin: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.sm}`};
  }
  img {
    max-width: 100%;
    height: auto;
  }
  code {
    padding: 0 ${({ theme }) => theme.space.xxs};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.body};
    font-family: ${({ theme }) => theme.fonts.mono};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
  }
`

/** A post that does not exist (or is a draft the reader may not see): a way back to the list. */
export function BlogNotFound({ title }: { title: string }) {
  const { t } = useTranslation('blog')
  return (
    <StyledStack>
      <PageHeader title={title} />
      <EmptyState testId="blog-not-found" action={<Link to={BLOG_PATHS.list()}>{t('back')}</Link>}>
        {t('notFound')}
      </EmptyState>
    </StyledStack>
  )
}
