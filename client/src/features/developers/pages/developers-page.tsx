import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { PageHeader } from '../../../components/ui/page-header'
import { PATHS } from '../../../lib/paths'
import { AccessTokens } from '../components/access-tokens'
import { API_REFERENCE_PATH } from '../feature'

const StyledStack = styled.div`
  display: grid;
  /* minmax(0, …): a long line of an example scrolls inside its block instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledCode = styled.pre`
  overflow-x: auto;
  max-width: 100%;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** The examples, with this server's address and a placeholder secret (never a real one). */
function examples(origin: string) {
  const token = 'cat_YOUR_TOKEN'
  return {
    graphqlCurl: `curl -s ${origin}/graphql \\
  -H 'authorization: Bearer ${token}' \\
  -H 'content-type: application/json' \\
  -d '{"query":"{ channels { id displayName commands { trigger response } } }"}'`,
    graphqlFetch: `const res = await fetch('${origin}/graphql', {
  method: 'POST',
  headers: { authorization: 'Bearer ${token}', 'content-type': 'application/json' },
  body: JSON.stringify({ query: '{ channels { id commands { trigger } } }' }),
})
console.log((await res.json()).data)`,
    restCurl: `curl -s ${origin}/api/v1/channels/CHANNEL_ID/commands -H 'authorization: Bearer ${token}'
curl -s -X POST ${origin}/api/v1/channels/CHANNEL_ID/commands \\
  -H 'authorization: Bearer ${token}' -H 'content-type: application/json' \\
  -d '{"trigger":"!discord","response":"Join us: discord.gg/…"}'`,
    restFetch: `const res = await fetch('${origin}/api/v1/channels/CHANNEL_ID/commands', {
  method: 'POST',
  headers: { authorization: 'Bearer ${token}', 'content-type': 'application/json' },
  body: JSON.stringify({ trigger: '!discord', response: 'Join us: discord.gg/…' }),
})
console.log(res.status, res.headers.get('ratelimit-remaining'), await res.json())`,
    sse: `curl -N ${origin}/graphql \\
  -H 'authorization: Bearer ${token}' \\
  -H 'accept: text/event-stream' -H 'content-type: application/json' \\
  -d '{"query":"subscription { chatMessages(channelId: \\"CHANNEL_ID\\") { user text } }"}'`,
  }
}

/** The scopes with their explanation's key (the server's list: server/src/permissions/token-scopes.ts). */
const SCOPES = [
  ['channel:read', 'scopes.list.channel_read'],
  ['channel:write', 'scopes.list.channel_write'],
  ['commands:read', 'scopes.list.commands_read'],
  ['commands:write', 'scopes.list.commands_write'],
  ['moderation:read', 'scopes.list.moderation_read'],
  ['moderation:write', 'scopes.list.moderation_write'],
  ['chat:read', 'scopes.list.chat_read'],
  ['chat:write', 'scopes.list.chat_write'],
  ['raids:write', 'scopes.list.raids_write'],
  ['webhooks:read', 'scopes.list.webhooks_read'],
  ['webhooks:write', 'scopes.list.webhooks_write'],
  ['analytics:read', 'scopes.list.analytics_read'],
  ['videos:read', 'scopes.list.videos_read'],
  ['videos:write', 'scopes.list.videos_write'],
  ['alerts:write', 'scopes.list.alerts_write'],
  ['giveaways:write', 'scopes.list.giveaways_write'],
  ['team:read', 'scopes.list.team_read'],
  ['sandbox:write', 'scopes.list.sandbox_write'],
  ['calendar:read', 'scopes.list.calendar_read'],
  ['calendar:write', 'scopes.list.calendar_write'],
  ['users:read', 'scopes.list.users_read'],
  ['users:write', 'scopes.list.users_write'],
] as const

/** /developers: tokens, how to call the API with one, live chat over SSE, the scopes, and (filled by the webhooks work) webhooks. */
export default function DevelopersPage({ title }: { title: string }) {
  const { t } = useTranslation('developers')
  const ex = examples(window.location.origin)
  return (
    <StyledStack data-testid="developers-page">
      <PageHeader title={title} subtitle={t('intro')} />
      <StyledCard aria-labelledby="dev-tokens">
        <h2 id="dev-tokens">{t('tokens.title')}</h2>
        <AccessTokens />
      </StyledCard>
      <StyledCard aria-labelledby="dev-graphql">
        <h2 id="dev-graphql">{t('graphql.title')}</h2>
        <p>{t('graphql.text')}</p>
        <StyledCode translate="no">{ex.graphqlCurl}</StyledCode>
        <StyledCode translate="no">{ex.graphqlFetch}</StyledCode>
      </StyledCard>
      <StyledCard aria-labelledby="dev-rest">
        <h2 id="dev-rest">{t('rest.title')}</h2>
        <p>{t('rest.text')}</p>
        <StyledCode translate="no">{ex.restCurl}</StyledCode>
        <StyledCode translate="no">{ex.restFetch}</StyledCode>
      </StyledCard>
      <StyledCard aria-labelledby="dev-sse">
        <h2 id="dev-sse">{t('sse.title')}</h2>
        <p>{t('sse.text')}</p>
        <StyledCode translate="no">{ex.sse}</StyledCode>
      </StyledCard>
      <StyledCard aria-labelledby="dev-scopes">
        <h2 id="dev-scopes">{t('scopes.title')}</h2>
        <p>{t('scopes.text')}</p>
        <ul data-testid="developers-scopes">
          {SCOPES.map(([s, key]) => (
            <li key={s}>
              <code translate="no">{s}</code>: {t(key)}
            </li>
          ))}
        </ul>
      </StyledCard>
      <StyledCard aria-labelledby="dev-webhooks" id="webhooks" data-testid="developers-webhooks">
        <h2 id="dev-webhooks">{t('webhooks.title')}</h2>
        <p>{t('webhooks.text')}</p>
        <p>
          <Link to={PATHS.webhooks}>{t('webhooks.open')}</Link>
        </p>
      </StyledCard>
      <StyledCard aria-labelledby="dev-openapi" data-testid="developers-openapi">
        <h2 id="dev-openapi">{t('openapi.title')}</h2>
        <p>{t('openapi.text')}</p>
        <p>
          <a href="/openapi.json" translate="no">
            /openapi.json
          </a>
        </p>
        <p>
          <Link to={API_REFERENCE_PATH} data-testid="developers-api-reference">
            {t('openapi.interactive')}
          </Link>
        </p>
      </StyledCard>
    </StyledStack>
  )
}
