import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Button, StyledButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { StyledFilterBar } from '../../../components/ui/form-grid'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Pager } from '../../../components/ui/pager'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import { BlogPostsDocument, BlogSidebarDocument } from '../graphql/blog.generated'
import { useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { StatusChip, StyledCard, StyledCards, StyledLayout, StyledMuted, StyledRow, Tags } from '../components/blog-parts'
import { BLOG_PATHS, postDate, useIsBlogAdmin } from '../lib'

const PER_PAGE = 6

/** /pages/blog/list: the product news as cards, searched, filtered by tag and paged by the server; the sidebar's recent posts and tags. */
export default function BlogListPage({ title }: { title: string }) {
  const { t } = useTranslation('blog')
  const format = useFormatters()
  const admin = useIsBlogAdmin()
  const [q, setQ] = useState('')
  const [tag, setTag] = useState('')
  const [page, setPage] = useState(1)
  const { data, previousData, loading, error, refetch } = useQuery(BlogPostsDocument, {
    variables: { q: q.trim() || null, tag: tag || null, page, perPage: PER_PAGE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const sidebar = useQuery(BlogSidebarDocument, { fetchPolicy: 'cache-and-network' })
  const shown = (data ?? previousData)?.blogPosts
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PER_PAGE)) : 1
  const tags = sidebar.data?.blogSidebar.tags ?? []
  const pickTag = (value: string) => {
    setTag(value)
    setPage(1)
  }
  const filtered = q.trim() !== '' || tag !== ''

  return (
    <StyledStack data-testid="blog-list-page">
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        actions={
          admin ? (
            <StyledButtonLink to={BLOG_PATHS.create()} data-testid="blog-new">
              {t('newPost')}
            </StyledButtonLink>
          ) : null
        }
      />
      <StyledLayout>
        <StyledStack>
          <StyledFilterBar>
            <TextField
              label={t('search')}
              type="search"
              value={q}
              maxLength={100}
              onChange={(e) => {
                setQ(e.target.value)
                setPage(1)
              }}
              data-testid="blog-search"
            />
            <SelectField label={t('tag')} value={tag} onChange={(e) => pickTag(e.target.value)} data-testid="blog-tag">
              <option value="">{t('allTags')}</option>
              {tags.map((x) => (
                <option key={x.tag} value={x.tag} data-user-content>
                  {x.tag}
                </option>
              ))}
            </SelectField>
          </StyledFilterBar>
          {error && !shown ? (
            <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="blog-error" />
          ) : !shown ? (
            <LoadingState testId="blog-loading" />
          ) : shown.posts.length === 0 ? (
            <EmptyState
              testId="blog-empty"
              action={
                filtered ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setQ('')
                      pickTag('')
                    }}
                  >
                    {t('clearFilters')}
                  </Button>
                ) : null
              }
            >
              {filtered ? t('noMatch') : t('empty')}
            </EmptyState>
          ) : (
            <>
              <StyledMuted aria-live="polite">{t('results', { count: shown.total })}</StyledMuted>
              <StyledCards aria-busy={loading}>
                {shown.posts.map((post) => (
                  <StyledCard key={post.id} data-testid="blog-card" aria-labelledby={`blog-card-${post.id}`}>
                    {post.coverImage ? <img src={post.coverImage} alt="" /> : null}
                    <StyledRow>
                      <h2 id={`blog-card-${post.id}`} data-user-content>
                        <Link to={BLOG_PATHS.detail(post.id)}>{post.title}</Link>
                      </h2>
                      <StatusChip status={post.status} />
                    </StyledRow>
                    <StyledMuted>{t('byline', { name: post.author.name, date: format.date(postDate(post)) })}</StyledMuted>
                    <Tags tags={post.tags} />
                    <p data-user-content>{post.excerpt}</p>
                    <StyledRow>
                      <Link to={BLOG_PATHS.detail(post.id)} aria-describedby={`blog-card-${post.id}`}>
                        {t('readMore')}
                      </Link>
                      <StyledMuted as="span">{t('comments', { count: post.commentCount })}</StyledMuted>
                    </StyledRow>
                  </StyledCard>
                ))}
              </StyledCards>
              <Pager page={page} pages={pages} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), current: t('page', { page, pages }) }} />
            </>
          )}
        </StyledStack>
        <StyledStack as="aside" aria-label={t('recentTitle')}>
          <Panel title={t('recentTitle')}>
            {sidebar.data ? (
              <ul data-testid="blog-recent">
                {sidebar.data.blogSidebar.recent.map((r) => (
                  <li key={r.id}>
                    <Link to={BLOG_PATHS.detail(r.id)} data-user-content>
                      {r.title}
                    </Link>{' '}
                    <StyledMuted as="span">{format.date(postDate(r))}</StyledMuted>
                  </li>
                ))}
              </ul>
            ) : sidebar.error ? (
              <ErrorState error={sidebar.error} onRetry={() => void sidebar.refetch().catch(() => {})} testId="blog-sidebar-error" />
            ) : (
              <LoadingState testId="blog-sidebar-loading" />
            )}
          </Panel>
          {tags.length > 0 ? (
            <Panel title={t('tagsTitle')}>
              <StyledRow>
                {tags.map((x) => (
                  <Button
                    key={x.tag}
                    variant={tag === x.tag ? 'primary' : 'secondary'}
                    aria-pressed={tag === x.tag}
                    onClick={() => pickTag(tag === x.tag ? '' : x.tag)}
                  >
                    <span data-user-content>{x.tag}</span> ({format.number(x.count)})
                  </Button>
                ))}
              </StyledRow>
            </Panel>
          ) : null}
        </StyledStack>
      </StyledLayout>
    </StyledStack>
  )
}
