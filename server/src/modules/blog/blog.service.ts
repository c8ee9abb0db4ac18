import { bindDeps } from '../../use-cases'
import type { BlogDeps } from './blog.deps'
import { parsePostId } from './blog-inputs'
import { addComment, comments, moderateComment, removeComment } from './comments'
import { get, list, sidebar } from './read-posts'
import { remove, save } from './write-posts'

export { blogStatuses, type BlogStatus } from './blog.tables'
export { BLOG_PER_PAGE_MAX, sanitizePostHtml, type BlogAuthor, type BlogComment, type BlogPost, type BlogTagCount } from './blog-model'
export { blogPostId, slugify, type BlogListInput, type BlogPostInput } from './blog-inputs'

/** The blog: one use case per file over the deps. */
export function createBlogService(deps: BlogDeps) {
  return {
    parsePostId,
    ...bindDeps(deps, { list, get, sidebar, comments, save, remove, addComment, removeComment, moderateComment }),
  }
}

export type BlogService = ReturnType<typeof createBlogService>
