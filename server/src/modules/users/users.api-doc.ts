import { z } from 'zod'
import { notFound, type RouteDoc } from '../../http/route-doc'

const userItem = z
  .looseObject({
    id: z.number().int(),
    fullName: z.string().nullable(),
    company: z.string().nullable(),
    role: z.enum(['admin', 'client', 'reseller']),
    username: z.string(),
    country: z.string().nullable(),
    contact: z.string().nullable(),
    email: z.string(),
    currentPlan: z.string(),
    status: z.union([z.enum(['active', 'inactive']), z.literal(false)]).meta({ description: 'false: no licence.' }),
    avatar: z.string().nullable(),
    licenseKey: z.string(),
    duration: z.number().int().meta({ description: 'Days of the licence left.' }),
    durationTotal: z.number().int().meta({ description: 'Days the licence runs in all.' }),
    twitchname: z.string().nullable(),
    resellerId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserListItem', description: 'An account as the users list shows it (spec section 3).' })

export const userDocs = (listQuery: z.ZodObject) =>
  ({
    list: {
      summary: 'List accounts',
      description:
        'Admins see every account, resellers their clients, clients themselves. `q` matches username and full name (case-insensitive); 10 a page by default.',
      query: listQuery,
      responses: {
        200: { description: '`{users, total}`: one page and the number of matches.', body: z.object({ users: z.array(userItem), total: z.number().int() }) },
      },
    },
    create: {
      summary: 'Create an account',
      description: 'Body `{user}` with the new account’s fields (the users service checks them); the account is inactive until a channel is connected.',
      body: z.object({ user: z.looseObject({}).meta({ description: 'username, email, fullName, role, company, country, contact, currentPlan …' }) }),
      responses: { 201: { description: '`{user}`: the new account.', body: z.object({ user: userItem }) } },
    },
    get: {
      summary: 'One account',
      responses: { 200: { description: 'The account.', body: userItem }, 404: notFound('Unknown or outside the caller’s scope') },
    },
  }) satisfies Record<string, RouteDoc>
