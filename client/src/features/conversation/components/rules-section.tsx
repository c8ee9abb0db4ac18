import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StyledCard } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { StyledHeaderRow } from '../../../components/ui/header-row';
import { SwitchButton } from '../../../components/ui/switch-button';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { type ConversationRuleFieldsFragment, useDeleteConversationRuleMutation, useUpdateConversationRuleMutation } from '../../../gql/graphql';
import { useErrorText } from '../../../lib/use-error-text';
import { RuleDialog } from './rule-dialog';

export interface RulesSectionProps {
  channelId: string;
  rules: readonly ConversationRuleFieldsFragment[];
  onChanged: () => void;
}

/** The channel's rules, highest priority first: on/off at once, add and edit in a dialog, delete after asking. */
export function RulesSection({ channelId, rules, onChanged }: RulesSectionProps) {
  const { t } = useTranslation('conversation');
  const errorText = useErrorText();
  const [editing, setEditing] = useState<{ rule: ConversationRuleFieldsFragment | null } | null>(null);
  const [deleting, setDeleting] = useState<ConversationRuleFieldsFragment | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [update] = useUpdateConversationRuleMutation();
  const [remove, { loading: removing }] = useDeleteConversationRuleMutation();

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    }
    onChanged();
  }

  return (
    <StyledCard data-testid="conversation-rules">
      <StyledHeaderRow>
        <h2>{t('rules.title')}</h2>
        <Button onClick={() => setEditing({ rule: null })} data-testid="rule-new">
          {t('rules.new')}
        </Button>
      </StyledHeaderRow>
      {error ? <Alert testId="conversation-rules-error">{errorText(error)}</Alert> : null}
      {rules.length === 0 ? (
        <EmptyState testId="conversation-rules-empty">{t('rules.empty')}</EmptyState>
      ) : (
        <StyledTableWrap>
          <StyledTable $compact>
            <thead>
              <tr>
                <th scope="col">{t('rules.pattern')}</th>
                <th scope="col">{t('rules.answer')}</th>
                <th scope="col">{t('rules.priority')}</th>
                <th scope="col">{t('rules.permission')}</th>
                <th scope="col">{t('rules.cooldowns')}</th>
                <th scope="col">{t('rules.uses')}</th>
                <th scope="col">{t('rules.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('rules.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id} data-testid="rule-row" data-pattern={rule.pattern}>
                  <th scope="row">
                    <small>{t(`kinds.${rule.kind}`)}</small> <code>{rule.pattern}</code>
                  </th>
                  <td>{rule.answer}</td>
                  <td>{rule.priority}</td>
                  <td>{t(`permissions.${rule.permission}`)}</td>
                  <td>{t('rules.cooldownValue', { all: rule.cooldownSeconds, viewer: rule.userCooldownSeconds })}</td>
                  <td>{rule.useCount}</td>
                  <td>
                    <SwitchButton
                      checked={rule.enabled}
                      aria-label={t('rules.toggle', { pattern: rule.pattern })}
                      onChange={(enabled) => void act(() => update({ variables: { id: rule.id, input: { enabled } } }))}
                    />
                  </td>
                  <td>
                    <Button variant="ghost" onClick={() => setEditing({ rule })} aria-label={t('rules.editOne', { pattern: rule.pattern })}>
                      {t('rules.editShort')}
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(rule)} aria-label={t('rules.deleteOne', { pattern: rule.pattern })} data-testid="rule-delete">
                      {t('rules.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      )}
      {editing ? (
        <RuleDialog
          channelId={channelId}
          rule={editing.rule}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
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
          const rule = deleting;
          setDeleting(null);
          if (rule) void act(() => remove({ variables: { id: rule.id } }));
        }}
      />
    </StyledCard>
  );
}
