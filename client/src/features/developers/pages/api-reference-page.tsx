import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import { StyledCard } from '../../../components/ui/card'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { DEVELOPERS_PATH } from '../feature'

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
        <div ref={host} lang="en" translate="no" data-testid="api-reference" />
      </StyledCard>
    </StyledStack>
  )
}
