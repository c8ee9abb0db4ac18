import { type FormEvent, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledPanel } from '../../../components/ui/panel'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { MemberGroup } from '../../../gql/types'
import { TeamInviteDocument, TeamPageDocument, TeamRemoveMemberDocument, TeamUpdateMemberDocument, TeamWithdrawDocument } from '../graphql/team.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { GroupSelect } from './group-select'
import { RightsDialog, RightsEditor, rightsInput, rightsMap, type RightsMap } from './rights-editor'

const StyledSection = styled(StyledPanel)`
  margin-bottom: ${({ theme }) => theme.space.xl};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
`

const StyledGroupCell = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledInvite = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`

/** The owner's team of one channel: the plan's limit, members (group, remove), open invitations (withdraw), the invite form. */
export function TeamPanel({ channelId }: { channelId: string }) {
  const { t } = useTranslation('team')
  const errorText = useErrorText()
  const toast = useToast()
  const { data, loading, error, refetch } = useQuery(TeamPageDocument, { variables: { channelId }, fetchPolicy: 'cache-and-network' })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const [invite, { loading: inviting }] = useMutation(TeamInviteDocument)
  const [update] = useMutation(TeamUpdateMemberDocument)
  const [remove] = useMutation(TeamRemoveMemberDocument)
  const [withdraw] = useMutation(TeamWithdrawDocument)
  const [email, setEmail] = useState('')
  const [group, setGroup] = useState<MemberGroup>('moderator')
  // A custom group's rights for the invitation (shown while "Custom" is picked).
  const [inviteRights, setInviteRights] = useState<RightsMap>(() => rightsMap())
  // The member whose custom rights are being edited in the dialog.
  const [editing, setEditing] = useState<{ userId: string; username: string; rights: RightsMap } | null>(null)
  const [saving, setSaving] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<string[]>([])

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      toast.show({ variant: 'success', title: done })
      reload()
    } catch (e) {
      toast.show({ variant: 'danger', title: t('failed'), message: errorText(e) })
    }
  }

  async function onInvite(event: FormEvent) {
    event.preventDefault()
    setFieldErrors([])
    try {
      await invite({ variables: { channelId, email, access: group === 'custom' ? { group, rights: rightsInput(inviteRights) } : { group } } })
      toast.show({ variant: 'success', title: t('invite.sent', { email }) })
      setEmail('')
      reload()
    } catch (e) {
      setFieldErrors([errorText(e)])
    }
  }

  async function saveRights(map: RightsMap) {
    if (!editing) return
    setSaving(true)
    await run(() => update({ variables: { channelId, userId: editing.userId, access: { group: 'custom', rights: rightsInput(map) } } }), t('members.changed'))
    setSaving(false)
    setEditing(null)
  }

  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="team-error" />
  if (loading && !data) return <LoadingState testId="team-loading" />
  if (!data) return null
  const { members, invitations, limit } = data.team
  const used = members.length + invitations.length
  const full = limit !== null && used >= limit
  return (
    <>
      <StyledSection data-testid="team-members">
        <h2>{t('members.title')}</h2>
        <p data-testid="team-limit">{limit === null ? t('limit.unlimited', { used }) : t('limit.line', { used, limit })}</p>
        <DataTable
          caption={t('members.title')}
          rows={members}
          rowKey={(m) => m.userId}
          empty={t('members.empty')}
          emptyTestId="team-members-empty"
          rowTestId="team-member-row"
          rowProps={(m) => ({ 'data-username': m.username })}
          compact
          columns={[
            { key: 'username', header: t('members.name'), rowHeader: true, cell: (m) => m.username },
            { key: 'email', header: t('members.email'), cell: (m) => m.email },
            {
              key: 'group',
              header: t('members.group'),
              cell: (m) => (
                <StyledGroupCell>
                  <GroupSelect
                    value={m.group}
                    label={t('members.groupOf', { name: m.username })}
                    testId="team-member-group"
                    onChange={(g) =>
                      // Custom: the owner picks the rights first (starting from the member's present ones).
                      g === 'custom'
                        ? setEditing({ userId: m.userId, username: m.username, rights: rightsMap(m.rights) })
                        : void run(() => update({ variables: { channelId, userId: m.userId, access: { group: g } } }), t('members.changed'))
                    }
                  />
                  {m.group === 'custom' ? (
                    <Button
                      variant="secondary"
                      data-testid="team-member-rights"
                      onClick={() => setEditing({ userId: m.userId, username: m.username, rights: rightsMap(m.rights) })}
                    >
                      {t('rights.edit')}
                    </Button>
                  ) : null}
                </StyledGroupCell>
              ),
            },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('members.actions')}</span>,
              cell: (m) => (
                <Button
                  variant="danger"
                  data-testid="team-member-remove"
                  onClick={() => void run(() => remove({ variables: { channelId, userId: m.userId } }), t('members.removed'))}
                >
                  {t('members.remove')}
                </Button>
              ),
            },
          ]}
        />
      </StyledSection>
      <StyledSection data-testid="team-invitations">
        <h2>{t('invite.title')}</h2>
        <StyledInvite onSubmit={(e) => void onInvite(e)} noValidate>
          <TextField
            label={t('invite.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            errors={fieldErrors}
            required
            data-testid="team-invite-email"
          />
          <GroupSelect value={group} onChange={setGroup} label={t('invite.group')} testId="team-invite-group" />
          <Button type="submit" disabled={inviting || full || !email.trim()} data-testid="team-invite-submit">
            {t('invite.submit')}
          </Button>
          {group === 'custom' ? <RightsEditor value={inviteRights} onChange={setInviteRights} legend={t('rights.legend')} /> : null}
        </StyledInvite>
        {full ? <p data-testid="team-full">{t('limit.reached')}</p> : null}
        <DataTable
          caption={t('invite.open')}
          rows={invitations}
          rowKey={(i) => i.id}
          empty={t('invite.none')}
          rowTestId="team-invitation-row"
          compact
          columns={[
            { key: 'email', header: t('members.email'), rowHeader: true, cell: (i) => i.email },
            { key: 'group', header: t('members.group'), cell: (i) => t(`groups.${i.group}`) },
            { key: 'expires', header: t('invite.expires'), cell: (i) => new Date(i.expiresAt as string).toLocaleDateString() },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('members.actions')}</span>,
              cell: (i) => (
                <Button
                  variant="secondary"
                  data-testid="team-invitation-withdraw"
                  onClick={() => void run(() => withdraw({ variables: { id: i.id } }), t('invite.withdrawn'))}
                >
                  {t('invite.withdraw')}
                </Button>
              ),
            },
          ]}
        />
      </StyledSection>
      {editing ? (
        <RightsDialog
          key={editing.userId}
          name={editing.username}
          initial={editing.rights}
          busy={saving}
          onSave={(map) => void saveRights(map)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  )
}
