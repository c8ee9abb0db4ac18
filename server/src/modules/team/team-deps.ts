import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { channelModules, memberGroups, type ChannelGrant, type MemberGroup } from '../../permissions/channel-rights'
import type { ChannelsService } from '../channels/channels.service'
import type { MailService } from '../mail/mail.service'

/** What createTeamService is given. */
export interface TeamDeps {
  db: Db
  now: () => Date
  channels: ChannelsService
  mail: MailService
  /** PUBLIC_URL: the invitation link. */
  publicUrl: string
  /** How long an invitation may be accepted (TEAM_INVITATION_DAYS). */
  invitationDays: number
}

/** The stored form of an invitation token (a random 32 bytes; only its hash is kept). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

const grant = z.enum(['none', 'view', 'manage'])

/** A group and, for `custom`, its per-module map: zod at the edge, unknown modules refused. */
export const groupInput = z
  .object({
    group: z.enum(memberGroups),
    rights: z
      .array(z.object({ module: z.enum(channelModules), grant }).strict())
      .max(channelModules.length)
      .refine((list) => new Set(list.map((r) => r.module)).size === list.length, 'Each module at most once')
      .nullish(),
  })
  .strict()
  .transform(({ group, rights }) => ({
    group: group as MemberGroup,
    // Only a custom group keeps a map; a preset's rights are the preset's.
    rights: group === 'custom' ? (Object.fromEntries((rights ?? []).map((r) => [r.module, r.grant])) as Partial<Record<string, ChannelGrant>>) : {},
  }))

export const emailInput = z.string().trim().toLowerCase().max(254).email('Not an e-mail address')

export const normalEmail = (email: string) => email.trim().toLowerCase()
