import type { AuditService } from '../audit/audit.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createBlogService } from './blog.service'
import { mountBlogRoutes } from './blog.rest'
import './blog.schema'

/** The product news (blog): posts written by admins, read and commented on by every signed-in user. */
export const blogModule = defineModule({
  name: 'blog',
  services: ({ db, now, audit }: Core & { audit: AuditService }) => ({ blog: createBlogService({ db, audit, now }) }),
  rest: mountBlogRoutes,
})
