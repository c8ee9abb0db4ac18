import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'

export type SampleKind = 'basic' | 'rowGroup' | 'advancedSearch'

/**
 * The frame of a sample-data view (the classic good-table examples over the accounts in
 * scope): the page's title, what the view shows, and a note that it is a sample view of the
 * same accounts as the accounts table.
 */
export function SampleTableFrame({ title, kind, controls, children }: { title: string; kind: SampleKind; controls?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('data-tables')
  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={
          <>
            <strong data-testid="sample-label">{t('samples.label')}</strong> {t(`samples.${kind}`)}
          </>
        }
      />
      <Panel title={t(`samples.panel.${kind}`)} testId={`sample-${kind}`}>
        {controls}
        {children}
      </Panel>
    </StyledStack>
  )
}
