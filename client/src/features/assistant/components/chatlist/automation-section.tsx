import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../../components/ui/button'
import { type DataColumn, type DataRowProps, DataTable } from '../../../../components/ui/data-table'
import { StyledHeaderRow } from '../../../../components/ui/header-row'
import { StyledPanel } from '../../../../components/ui/panel'
import { useChannelAbility } from '../../../../lib/channel-ability'
import { StyledLimitLine } from './list-styles'

const StyledSection = styled(StyledPanel)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`

export interface AutomationSectionProps<Item> {
  /** Prefix of the section's test ids: commands-section, new-command, commands-limit, command-row … */
  kind: 'command' | 'timer'
  title: string
  newLabel: string
  onNew: () => void
  /** "3 of 25 commands in this channel" */
  limitText: string
  atLimit: boolean
  emptyText: string
  /** The data columns (the actions column is added). */
  columns: DataColumn<Item>[]
  /** None: the empty text instead of the table. */
  items: readonly Item[]
  /** Attributes that name a row (`data-*`). */
  rowProps: (item: Item) => DataRowProps
  /** The end of a row: edit and delete. */
  actions: (item: Item) => ReactNode
  /** The edit and delete dialogs. */
  dialogs: ReactNode
}

/** The frame of the commands or the timers list: heading, "New …", the plan's limit, the table or the empty text. */
export function AutomationSection<Item extends { id: string }>({
  kind,
  title,
  newLabel,
  onNew,
  limitText,
  atLimit,
  emptyText,
  columns,
  items,
  rowProps,
  actions,
  dialogs,
}: AutomationSectionProps<Item>) {
  const { t } = useTranslation('assistant')
  // A team member who may only read commands and timers gets the list without its controls.
  const canManage = useChannelAbility().can('manage', 'commands')
  const actionColumn: DataColumn<Item>[] = canManage
    ? [{ key: 'actions', header: <span className="visually-hidden">{t('common.actions')}</span>, cell: actions }]
    : []
  return (
    <StyledSection data-testid={`${kind}s-section`}>
      <StyledHeaderRow>
        <h2>{title}</h2>
        {canManage ? (
          <Button onClick={onNew} disabled={atLimit} data-testid={`new-${kind}`}>
            {newLabel}
          </Button>
        ) : null}
      </StyledHeaderRow>
      <StyledLimitLine data-testid={`${kind}s-limit`}>
        {limitText}
        {atLimit ? ` ${t('limits.reached')}` : ''}
      </StyledLimitLine>
      <DataTable
        columns={[...columns, ...actionColumn]}
        rows={items}
        rowKey={(item) => item.id}
        rowProps={rowProps}
        empty={emptyText}
        emptyTestId={`${kind}s-empty`}
        compact
        caption={title}
        testId={`${kind}s-table`}
        rowTestId={`${kind}-row`}
      />
      {dialogs}
    </StyledSection>
  )
}
