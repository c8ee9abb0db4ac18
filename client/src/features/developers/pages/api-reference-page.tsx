import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import { StyledCard } from '../../../components/ui/card'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { DEVELOPERS_PATH } from '../feature'

/**
 * Swagger UI draws for a light background in colours below WCAG AA (white on its light method
 * badges, its blue links, its green Authorize button): it keeps a light box in both skins, with
 * darker shades of its own colours. The one server's picker (unlabelled) is hidden.
 */
const StyledSwagger = styled.div`
  color-scheme: light;
  background: #fff;
  color: #3b4151;
  border-radius: ${({ theme }) => theme.radii.md};
  .swagger-ui .opblock.opblock-get .opblock-summary-method {
    background: #0b5cad;
  }
  .swagger-ui .opblock.opblock-post .opblock-summary-method {
    background: #11703f;
  }
  .swagger-ui .opblock.opblock-put .opblock-summary-method {
    background: #8a5000;
  }
  .swagger-ui .opblock.opblock-delete .opblock-summary-method {
    background: #b3261e;
  }
  .swagger-ui .opblock.opblock-patch .opblock-summary-method {
    background: #4d6b00;
  }
  .swagger-ui .info .title small.version-stamp {
    background: #4d6b00;
  }
  .swagger-ui .info a.url,
  .swagger-ui .info .url {
    color: #0b5cad;
  }
  .swagger-ui .btn.authorize {
    color: #11703f;
    border-color: #11703f;
  }
  .swagger-ui .btn.authorize svg {
    fill: #11703f;
  }
  .swagger-ui .servers-title,
  .swagger-ui .servers {
    display: none;
  }
`

/**
 * /developers/api: the REST routes' OpenAPI document (/openapi.json) in Swagger UI, bundled with
 * the app (swagger-ui-dist, loaded with this page only: works offline, no outside script). "Try
 * it out" calls this server with the token given under "Authorize".
 */
export default function ApiReferencePage({ title }: { title: string }) {
  const { t } = useTranslation('developers')
  const host = useRef<HTMLDivElement>(null)
  // Swagger UI draws once it has read /openapi.json; a loading state until then.
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const node = host.current
    if (!node) return
    SwaggerUIBundle({
      domNode: node,
      url: '/openapi.json',
      // Offline and private: no call to swagger.io's validator, nothing kept in the browser.
      validatorUrl: null,
      persistAuthorization: false,
      deepLinking: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: -1,
      onComplete: () => setReady(true),
    })
    return () => {
      node.replaceChildren()
    }
  }, [])

  return (
    <StyledStack data-testid="api-reference-page">
      <PageHeader title={title} subtitle={t('apiReference.intro')} actions={<Link to={DEVELOPERS_PATH}>{t('apiReference.back')}</Link>} />
      <StyledCard>
        {ready ? null : <LoadingState />}
        {/* Swagger UI's own words are English, whatever the app's language. */}
        <StyledSwagger ref={host} lang="en" translate="no" data-testid="api-reference" />
      </StyledCard>
    </StyledStack>
  )
}
