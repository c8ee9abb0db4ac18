import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { Button, StyledButtonLink } from '../../../components/ui/button'
import { StyledCard as StyledSection } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { useToast } from '../../../components/ui/toast-provider'
import { BlogAddCommentDocument, BlogDeleteCommentDocument, BlogDeletePostDocument, BlogModerateCommentDocument } from '../graphql/blog-detail.generated'
import { BlogPostDocument } from '../graphql/blog-post.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf } from '../../../lib/error-code'
import { useFormatters } from '../../../lib/format'
import { useErrorText } from '../../../lib/use-error-text'
import { BlogNotFound, StatusChip, StyledContent, StyledMuted, StyledRow, Tags } from '../components/blog-parts'
import { BLOG_PATHS, BLOG_QUERIES, postDate, useIsBlogAdmin } from '../lib'

const StyledCover = styled.img`
  width: 100%;
  max-height: 20rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.lg};
`

const StyledComments = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  li {
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => `${theme.space.xs} 0`};
    white-space: pre-wrap;
  }
`

/** /pages/blog/detail/:id (an id or a slug): the post, its comments, a comment form; admins edit, delete and moderate. */
export default function BlogDetailPage({ title }: { title: string }) {
  const { t } = useTranslation('blog')
  const { id: ref = '' } = useParams()
  const navigate = useNavigate()
  const format = useFormatters()
  const toast = useToast()
  const errorText = useErrorText()
  const admin = useIsBlogAdmin()
  const [text, setText] = useState('')
  const [textErrors, setTextErrors] = useState<string[] | undefined>()
  const [deleting, setDeleting] = useState(false)
  const [deletingComment, setDeletingComment] = useState<string | null>(null)
  const { data, error, refetch } = useQuery(BlogPostDocument, { variables: { ref }, fetchPolicy: 'cache-and-network' })
  const onError = (e: unknown) => toast.show({ variant: 'danger', title: errorText(e) })
  const refetchQueries = BLOG_QUERIES
  const [addComment, adding] = useMutation(BlogAddCommentDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
    onCompleted: () => {
      setText('')
      setTextErrors(undefined)
      toast.show({ variant: 'success', title: t('commentAdded') })
    },
    onError: (e) => {
      setTextErrors(fieldErrorsOf(e).text)
      onError(e)
    },
  })
  const [deleteComment, deletingCommentState] = useMutation(BlogDeleteCommentDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
    onCompleted: () => {
      setDeletingComment(null)
      toast.show({ variant: 'success', title: t('commentDeleted') })
    },
    onError: (e) => {
      setDeletingComment(null)
      onError(e)
    },
  })
  const [moderate, moderating] = useMutation(BlogModerateCommentDocument, { refetchQueries, onError })
  const [deletePost, deletingPost] = useMutation(BlogDeletePostDocument, {
    refetchQueries: ['BlogPosts', 'BlogSidebar'],
    onCompleted: () => {
      toast.show({ variant: 'success', title: t('deleted') })
      void navigate(BLOG_PATHS.list())
    },
    onError: (e) => {
      setDeleting(false)
      onError(e)
    },
  })

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="blog-error" />
  if (!data) return <LoadingState testId="blog-loading" />
  const post = data.blogPost
  if (!post) return <BlogNotFound title={title} />
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void addComment({ variables: { postId: post.id, text } })
  }

  return (
    <StyledStack data-testid="blog-detail-page">
      <Link to={BLOG_PATHS.list()}>{t('back')}</Link>
      <PageHeader
        title={<span data-user-content>{post.title}</span>}
        subtitle={t('byline', { name: post.author.name, date: format.date(postDate(post)) })}
        actions={
          admin ? (
            <>
              <StyledButtonLink to={BLOG_PATHS.edit(post.id)} data-testid="blog-edit">
                {t('edit')}
              </StyledButtonLink>
              <Button variant="danger" onClick={() => setDeleting(true)} data-testid="blog-delete">
                {t('delete')}
              </Button>
            </>
          ) : null
        }
      />
      <StyledSection as="article" aria-labelledby="page-title">
        <StyledStack>
          <StyledRow>
            <StatusChip status={post.status} />
            <Tags tags={post.tags} />
          </StyledRow>
          {post.coverImage ? <StyledCover src={post.coverImage} alt="" /> : null}
          {/* Cleaned by the server (sanitize-html) when it was saved; what the author wrote, in their language. */}
          <StyledContent data-user-content data-testid="blog-content" dangerouslySetInnerHTML={{ __html: post.content }} />
        </StyledStack>
      </StyledSection>
      <StyledSection aria-labelledby="blog-comments-title">
        <StyledStack>
          <h2 id="blog-comments-title">
            {t('commentsTitle')} ({format.number(post.commentCount)})
          </h2>
          {post.comments.length === 0 ? (
            <StyledMuted data-testid="blog-no-comments">{t('noComments')}</StyledMuted>
          ) : (
            <StyledComments data-testid="blog-comments">
              {post.comments.map((c) => (
                <li key={c.id} data-testid="blog-comment">
                  <StyledRow>
                    <strong data-user-content>{c.author.name}</strong>
                    <StyledMuted as="span">{format.dateTime(c.createdAt)}</StyledMuted>
                    {c.hidden ? <StyledMuted as="span">({t('hidden')})</StyledMuted> : null}
                  </StyledRow>
                  <p data-user-content>{c.text}</p>
                  {c.mine || admin ? (
                    <StyledRow>
                      {admin ? (
                        <Button variant="secondary" disabled={moderating.loading} onClick={() => void moderate({ variables: { id: c.id, hidden: !c.hidden } })}>
                          {c.hidden ? t('show') : t('hide')}
                        </Button>
                      ) : null}
                      <Button variant="ghost" onClick={() => setDeletingComment(c.id)} data-testid="blog-comment-delete">
                        {t('deleteComment')}
                      </Button>
                    </StyledRow>
                  ) : null}
                </li>
              ))}
            </StyledComments>
          )}
          <form onSubmit={onSubmit} noValidate data-testid="blog-comment-form">
            <StyledStack>
              <TextAreaField
                label={t('yourComment')}
                value={text}
                maxLength={2000}
                rows={3}
                onChange={(e) => setText(e.target.value)}
                errors={textErrors}
                data-testid="blog-comment-text"
              />
              <StyledRow>
                <Button type="submit" disabled={adding.loading || text.trim() === ''} data-testid="blog-comment-send">
                  {t('send')}
                </Button>
              </StyledRow>
            </StyledStack>
          </form>
        </StyledStack>
      </StyledSection>
      <ConfirmDialog
        open={deleting}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('delete')}
        busy={deletingPost.loading}
        testId="blog-delete-dialog"
        onCancel={() => setDeleting(false)}
        onConfirm={() => void deletePost({ variables: { id: post.id } })}
      />
      <ConfirmDialog
        open={deletingComment !== null}
        title={t('deleteCommentTitle')}
        message={t('deleteCommentMessage')}
        confirmLabel={t('deleteComment')}
        busy={deletingCommentState.loading}
        testId="blog-comment-delete-dialog"
        onCancel={() => setDeletingComment(null)}
        onConfirm={() => deletingComment && void deleteComment({ variables: { id: deletingComment } })}
      />
    </StyledStack>
  )
}
