import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'

/** The role as the profile header's designation. */
const designations: Record<string, string> = { admin: 'Administrator', reseller: 'Reseller', client: 'Channel owner' }
const joinedFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * GET /profile/data (spec §7, the profile page's `profileData`): the caller's own record and
 * settings. The product has no social feed, so the feed parts (suggested pages, tweets,
 * posts, photos, suggestions, polls) are empty lists, never sample content.
 */
export function createProfileService(deps: { db: Db }) {
  async function profileData(principal: Principal) {
    const [u] = await deps.db.select().from(users).where(eq(users.id, principal.userId)).limit(1)
    if (!u) throw new AppError('NOT_FOUND', 'No such user')
    return {
      header: {
        avatar: u.avatar,
        username: u.fullName || u.username,
        designation: [designations[u.role] ?? u.role, u.company].filter(Boolean).join(', '),
        coverImg: null,
      },
      userAbout: {
        about: u.bio ?? '',
        joined: joinedFormat.format(u.createdAt),
        lives: u.country ?? '',
        email: u.email,
        website: u.website ?? '',
      },
      suggestedPages: [],
      twitterFeeds: [],
      post: [],
      latestPhotos: [],
      suggestions: [],
      polls: [],
    }
  }
  return { profileData }
}

export type ProfileService = ReturnType<typeof createProfileService>
