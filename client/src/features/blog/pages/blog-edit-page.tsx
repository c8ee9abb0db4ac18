import { type ChangeEvent, type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { ErrorState } from '../../../components/ui/error-state'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { BlogStatus } from '../../../gql/types'
import { BlogPostDocument } from '../graphql/blog-post.generated'
import { BlogSavePostDocument } from '../graphql/blog-edit.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { BlogNotFound, StyledRow } from '../components/blog-parts'
import { BLOG_PATHS, BLOG_QUERIES } from '../lib'
import { readAsDataUrl } from '../../../lib/read-file'

const STATUSES: BlogStatus[] = ['Draft', 'Published']

const StyledCoverPreview = styled.img`
  max-width: min(100%, 20rem);
  max-height: 10rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
`

interface Draft {
  title: string
  slug: string
  excerpt: string
  content: string
  tags: string
  status: BlogStatus
  coverImage: string | null
}

const blank: Draft = { title: '', slug: '', excerpt: '', content: '', tags: '', status: 'Draft', coverImage: null }

/** /pages/blog/new and /pages/blog/edit/:id (admins): title, slug, excerpt, HTML content, tags, status and cover. */
export default function BlogEditPage({ title }: { title: string }) {
  const { id } = useParams()
  const { data, error, refetch } = useQuery(BlogPostDocument, { variables: { ref: id ?? '' }, skip: id === undefined, fetchPolicy: 'network-only' })
  if (id !== undefined) {
    if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="blog-error" />
    if (!data) return <LoadingState testId="blog-loading" />
    if (!data.blogPost) return <BlogNotFound title={title} />
    const p = data.blogPost
    return (
      <BlogForm
        key={p.id}
        title={title}
        id={p.id}
        initial={{ title: p.title, slug: p.slug, excerpt: p.excerpt, content: p.content, tags: p.tags.join(', '), status: p.status, coverImage: p.coverImage }}
      />
    )
  }
  return <BlogForm title={title} id={null} initial={blank} />
}

function BlogForm({ title, id, initial }: { title: string; id: string | null; initial: Draft }) {
  const { t } = useTranslation('blog')
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const [draft, setDraft] = useState<Draft>(initial)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [save, saving] = useMutation(BlogSavePostDocument, {
    refetchQueries: BLOG_QUERIES,
    onCompleted: (result) => {
      toast.show({ variant: 'success', title: t('form.saved') })
      void navigate(BLOG_PATHS.detail(result.saveBlogPost.id))
    },
    onError: (e) => {
      setFieldErrors(fieldErrorsOf(e))
      toast.show({ variant: 'danger', title: errorText(e) })
    },
  })
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const onImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file)
      readAsDataUrl(file).then(
        (coverImage) => set({ coverImage }),
        (err: unknown) => toast.show({ variant: 'danger', title: errorText(err) }),
      )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setFieldErrors({})
    const tags = draft.tags
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
    void save({
      variables: {
        id,
        input: {
          title: draft.title,
          slug: draft.slug.trim(),
          excerpt: draft.excerpt,
          content: draft.content,
          tags,
          status: draft.status,
          coverImage: draft.coverImage,
        },
      },
    })
  }

  return (
    <StyledStack data-testid="blog-edit-page">
      <PageHeader title={title} />
      <Panel title={id ? t('form.editTitle') : t('form.newTitle')}>
        <form onSubmit={onSubmit} noValidate data-testid="blog-form">
          <StyledStack>
            <StyledFormGrid>
              <TextField
                label={t('form.title')}
                value={draft.title}
                maxLength={160}
                onChange={(e) => set({ title: e.target.value })}
                errors={fieldErrors.title}
                required
                data-testid="blog-form-title"
              />
              <TextField
                label={t('form.slug')}
                hint={t('form.slugHint')}
                value={draft.slug}
                maxLength={80}
                onChange={(e) => set({ slug: e.target.value })}
                errors={fieldErrors.slug}
                data-testid="blog-form-slug"
              />
              <TextField
                label={t('form.tags')}
                hint={t('form.tagsHint')}
                value={draft.tags}
                onChange={(e) => set({ tags: e.target.value })}
                errors={fieldErrors.tags}
                data-testid="blog-form-tags"
              />
              <SelectField
                label={t('form.status')}
                value={draft.status}
                onChange={(e) => set({ status: e.target.value as BlogStatus })}
                errors={fieldErrors.status}
                data-testid="blog-form-status"
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </SelectField>
            </StyledFormGrid>
            <TextAreaField
              label={t('form.excerpt')}
              value={draft.excerpt}
              maxLength={400}
              rows={2}
              onChange={(e) => set({ excerpt: e.target.value })}
              errors={fieldErrors.excerpt}
              data-testid="blog-form-excerpt"
            />
            <TextAreaField
              label={t('form.content')}
              hint={t('form.contentHint')}
              value={draft.content}
              rows={12}
              onChange={(e) => set({ content: e.target.value })}
              errors={fieldErrors.content}
              data-testid="blog-form-content"
            />
            <TextField
              label={t('form.cover')}
              hint={t('form.coverHint')}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={onImage}
              errors={fieldErrors.coverImage}
              data-testid="blog-form-cover"
            />
            {draft.coverImage ? (
              <StyledRow>
                <StyledCoverPreview src={draft.coverImage} alt="" />
                <Button variant="ghost" onClick={() => set({ coverImage: null })}>
                  {t('form.removeCover')}
                </Button>
              </StyledRow>
            ) : null}
            <StyledRow>
              <Button type="submit" disabled={saving.loading} data-testid="blog-form-save">
                {t('form.save')}
              </Button>
              <Link to={id ? BLOG_PATHS.detail(id) : BLOG_PATHS.list()}>{t('form.cancel')}</Link>
            </StyledRow>
          </StyledStack>
        </form>
      </Panel>
    </StyledStack>
  )
}
