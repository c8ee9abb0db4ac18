import { z } from 'zod'
import { shape, type RouteDoc } from '../../http/route-doc'

export const accountDocs = {
  data: {
    summary: 'The caller’s account settings',
    responses: {
      200: {
        description: '`{general, info, social, notification}`.',
        body: z.object({
          general: shape('Avatar, username, full name, e-mail, company.'),
          info: shape('Bio, birth date, country, website, phone.'),
          social: shape('Social links.'),
          notification: shape('Notification flags.'),
        }),
      },
    },
  },
} satisfies Record<string, RouteDoc>
