import { blogPath } from './feature'
import { useAbility } from '../../lib/ability-context'

/** Every query of the blog, refetched after a change. */
export const BLOG_QUERIES = ['BlogPosts', 'BlogSidebar', 'BlogPost']

export const BLOG_PATHS = {
  list: () => blogPath('pages-blog-list'),
  detail: (id: string) => blogPath('pages-blog-detail', { id }),
  edit: (id: string) => blogPath('pages-blog-edit', { id }),
  create: () => blogPath('pages-blog-new'),
}

/** Who writes, publishes, deletes and moderates (manage Blog: admins with the admin claim). */
export function useIsBlogAdmin(): boolean {
  return useAbility().can('manage', 'Blog')
}

/** The date a post shows: when it was published, else (a draft) its last change. */
export const postDate = (post: { publishedAt: string | null; updatedAt: string }) => post.publishedAt ?? post.updatedAt
