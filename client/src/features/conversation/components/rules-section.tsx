import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { StyledHeaderRow } from '../../../components/ui/header-row'
import { SwitchButton } from '../../../components/ui/switch-button'
import { type ConversationRuleFieldsFragment, DeleteConversationRuleDocument, UpdateConversationRuleDocument } from '../graphql/conversation.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { useCanManage } from '../../../components/channel-page/channel-access'
import { RuleDialog } from './rule-dialog'

/** A rule the bot skips: saved before the engine refused its pattern (the server says why). */
const StyledProblem = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
`

export interface RulesSectionProps {
  channelId: string
  rules: readonly ConversationRuleFieldsFragment[]
  onChanged: () => void
}

/** The channel's rules, highest priority first: on/off at once, add and edit in a dialog, delete after asking. */
export function RulesSection({ channelId, rules, onChanged }: RulesSectionProps) {
  const { t } = useTranslation('conversation')
  const errorText = useErrorText()
  const [editing, setEditing] = useState<{ rule: ConversationRuleFieldsFragment | null } | null>(null)
  const [deleting, setDeleting] = useState<ConversationRuleFieldsFragment | null>(null)
  const [error, setError] = useState<unknown>(null)
  // A member who only views the conversation bot reads the rules: no new, edit, delete or switch.
  const canManage = useCanManage('conversation')
  const [update] = useMutation(UpdateConversationRuleDocument)
  const [remove, { loading: removing }] = useMutation(DeleteConversationRuleDocument)

  const actionColumn: DataColumn<ConversationRuleFieldsFragment>[] = canManage
    ? [
        {
          key: 'actions',
          header: <span className="visually-hidden">{t('rules.actions')}</span>,
          cell: (rule) => (
            <>
              <Button variant="ghost" onClick={() => setEditing({ rule })} aria-label={t('rules.editOne', { pattern: rule.pattern })}>
                {t('rules.editShort')}
              </Button>
              <Button variant="ghost" onClick={() => setDeleting(rule)} aria-label={t('rules.deleteOne', { pattern: rule.pattern })} data-testid="rule-delete">
                {t('rules.delete')}
              </Button>
            </>
          ),
        },
      ]
    : []

  async function act(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
    } catch (e) {
      setError(e)
    }
    onChanged()
  }

  return (
    <StyledCard data-testid="conversation-rules">
      <StyledHeaderRow>
        <h2>{t('rules.title')}</h2>
        {canManage ? (
          <Button onClick={() => setEditing({ rule: null })} data-testid="rule-new">
            {t('rules.new')}
          </Button>
        ) : null}
      </StyledHeaderRow>
      {error ? <Alert testId="conversation-rules-error">{errorText(error)}</Alert> : null}
      <DataTable
        columns={[
          {
            key: 'pattern',
            header: t('rules.pattern'),
            rowHeader: true,
            cell: (rule) => (
              <>
                <small>{t(`kinds.${rule.kind}`)}</small> <code>{rule.pattern}</code>
                {rule.problem && <StyledProblem data-testid="rule-invalid">{t('rules.invalid', { problem: rule.problem })}</StyledProblem>}
              </>
            ),
          },
          { key: 'answer', header: t('rules.answer'), cell: (rule) => rule.answer },
          { key: 'priority', header: t('rules.priority'), cell: (rule) => rule.priority },
          { key: 'permission', header: t('rules.permission'), cell: (rule) => t(`permissions.${rule.permission}`) },
          {
            key: 'cooldowns',
            header: t('rules.cooldowns'),
            cell: (rule) => t('rules.cooldownValue', { all: rule.cooldownSeconds, viewer: rule.userCooldownSeconds }),
          },
          { key: 'uses', header: t('rules.uses'), cell: (rule) => rule.useCount },
          {
            key: 'enabled',
            header: t('rules.enabled'),
            cell: (rule) => (
              <SwitchButton
                checked={rule.enabled}
                disabled={!canManage}
                aria-label={t('rules.toggle', { pattern: rule.pattern })}
                onChange={(enabled) => void act(() => update({ variables: { id: rule.id, input: { enabled } } }))}
              />
            ),
          },
          ...actionColumn,
        ]}
        rows={rules}
        rowKey={(rule) => rule.id}
        rowTestId="rule-row"
        rowProps={(rule) => ({ 'data-pattern': rule.pattern })}
        empty={t('rules.empty')}
        emptyTestId="conversation-rules-empty"
        compact
      />
      {editing ? (
        <RuleDialog
          channelId={channelId}
          rule={editing.rule}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            onChanged()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('rules.deleteTitle')}
        message={t('rules.deleteMessage', { pattern: deleting?.pattern ?? '' })}
        confirmLabel={t('rules.delete')}
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const rule = deleting
          setDeleting(null)
          if (rule) void act(() => remove({ variables: { id: rule.id } }))
        }}
      />
    </StyledCard>
  )
}
