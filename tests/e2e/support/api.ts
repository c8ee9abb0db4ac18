import { DEMO_PASSWORDS, type E2E } from './harness'

/** An access token of a demo account, signed in through the API (for set-up the page under test does not show). */
export async function apiToken(e2e: E2E, role: keyof typeof DEMO_PASSWORDS): Promise<string> {
  const res = await fetch(`${e2e.server.url}/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@demo.local`, password: DEMO_PASSWORDS[role] }),
  })
  return ((await res.json()) as { accessToken: string }).accessToken
}

/** A GraphQL call with `token`; GraphQL errors throw. */
export async function gql(e2e: E2E, token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${e2e.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: any; errors?: unknown }
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data
}
