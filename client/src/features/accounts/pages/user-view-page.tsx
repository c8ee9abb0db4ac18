import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { Button, StyledButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { StyledDetails } from '../../../components/ui/details-list'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel, StyledPanel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { useToast } from '../../../components/ui/toast-provider'
import type { AccountsUserDetailFragment } from '../graphql/users.generated'
import { AccountsDeleteUserDocument } from '../graphql/user-delete.generated'
import { AccountsUserDocument } from '../graphql/user.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { AdminClaimPanel } from '../../firebase-auth'
import { ActivateKeyDialog } from '../components/activate-key-dialog'
import { AuditLogTable } from '../components/audit-log-table'
import { Avatar } from '../../../components/avatar'
import { Badge } from '../components/badge'
import { StyledRowActions } from '../components/data-table'
import { StyledTwoColumns } from '../components/layout'
import { UserStatusBadge } from '../components/licence-bits'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { UserLicenceFacts } from '../components/user-licence-facts'
import { UserLicencesTable } from '../components/user-licences-table'
import { useFormatters } from '../../../lib/format'
import { ACCOUNT_PATHS } from '../lib/paths'
import { useViewer } from '../lib/viewer'
import { Can } from '../../../lib/ability-context'

const StyledProfileHead = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};

  h2 {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`

const StyledSubheading = styled.h3`
  margin-top: ${({ theme }) => theme.space.xl};
  font-size: ${({ theme }) => theme.fontSizes.md};
`

export default function UserViewPage({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const { id = '' } = useParams()
  const { staff, user: me } = useViewer()
  const { data, loading, error, refetch } = useQuery(AccountsUserDocument, { variables: { id }, fetchPolicy: 'cache-and-network', skip: !staff })

  if (!staff) return <NotAuthorizedContent title={title} />
  if (error && !data) {
    return (
      <StyledStack>
        <PageHeader title={title} />
        <ErrorState error={error} onRetry={() => void refetch()} />
      </StyledStack>
    )
  }
  if (!data && loading) {
    return (
      <StyledStack>
        <PageHeader title={title} />
        <LoadingState />
      </StyledStack>
    )
  }
  const user = data?.user
  if (!user) {
    return (
      <StyledStack>
        <PageHeader title={title} />
        <StyledPanel>
          <EmptyState testId="user-not-found" action={<StyledButtonLink to={ACCOUNT_PATHS.userList}>{t('userView.backToList')}</StyledButtonLink>}>
            {t('userView.notFound')}
          </EmptyState>
        </StyledPanel>
      </StyledStack>
    )
  }
  return <UserView user={user} title={title} actor={staff} isSelf={me?.id === user.id} />
}

function UserView({ user, title, actor, isSelf }: { user: AccountsUserDetailFragment; title: string; actor: 'admin' | 'reseller'; isSelf: boolean }) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const format = useFormatters()
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const [activating, setActivating] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleteUser, { loading: deleting }] = useMutation(AccountsDeleteUserDocument)
  const name = user.fullName || user.username

  async function handleDelete() {
    try {
      await deleteUser({ variables: { id: user.id }, refetchQueries: ['AccountsUsers'] })
      toast.show({ variant: 'success', title: t('userView.deleted', { name }) })
      navigate(ACCOUNT_PATHS.userList, { replace: true })
    } catch (caught) {
      setConfirmDelete(false)
      toast.show({ variant: 'danger', title: t('userView.deleteFailed'), message: errorText(caught) })
    }
  }

  const flags = [
    ['active', user.botPanel.active],
    ['autostart', user.botPanel.autostart],
    ['chatbot', user.botPanel.chatbot],
    ['categoryChatbot', user.botPanel.categoryChatbot],
  ] as const

  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={name}
        actions={
          <>
            <StyledButtonLink to={ACCOUNT_PATHS.userEdit(user.id)} data-testid="user-edit-link">
              {t('common.edit')}
            </StyledButtonLink>
            <Can I="manage" a="User">
              <Button variant="secondary" onClick={() => navigate(ACCOUNT_PATHS.accountSettings(user.id))}>
                {t('userView.accountSettings')}
              </Button>
              {!isSelf ? (
                <Button variant="danger" onClick={() => setConfirmDelete(true)} data-testid="user-delete">
                  {t('userView.delete')}
                </Button>
              ) : null}
            </Can>
          </>
        }
      />
      <StyledTwoColumns>
        <StyledPanel aria-labelledby="profile-title" data-testid="user-profile">
          <StyledProfileHead>
            <Avatar name={name} src={user.avatar} large />
            <div>
              <h2 id="profile-title">{name}</h2>
              <StyledRowActions>
                <Badge tone="primary">{tShared(`roles.${user.role}`)}</Badge>
                <UserStatusBadge status={user.status} />
              </StyledRowActions>
            </div>
          </StyledProfileHead>
          <StyledDetails>
            <dt>{t('fields.username')}</dt>
            <dd>@{user.username}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{user.email}</dd>
            <dt>{t('fields.company')}</dt>
            <dd>{user.company || '—'}</dd>
            <dt>{t('fields.country')}</dt>
            <dd>{user.country || '—'}</dd>
            <dt>{t('fields.contact')}</dt>
            <dd>{user.contact || '—'}</dd>
            <dt>{t('fields.twitchname')}</dt>
            <dd>{user.twitchname || '—'}</dd>
            <dt>{t('fields.reseller')}</dt>
            <dd>
              {user.resellerId ? (
                actor === 'admin' ? (
                  <Link to={ACCOUNT_PATHS.userView(user.resellerId)}>{user.resellerName ?? `#${user.resellerId}`}</Link>
                ) : (
                  (user.resellerName ?? `#${user.resellerId}`)
                )
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('fields.created')}</dt>
            <dd>{format.date(user.createdAt)}</dd>
          </StyledDetails>
          <StyledSubheading>{t('userView.botPanel')}</StyledSubheading>
          <StyledDetails>
            {flags.map(([flag, on]) => (
              <Fragment key={flag}>
                <dt>{t(`botPanel.${flag}`)}</dt>
                <dd>{on ? t('common.on') : t('common.off')}</dd>
              </Fragment>
            ))}
          </StyledDetails>
        </StyledPanel>

        <StyledStack>
          {actor === 'admin' ? <AdminClaimPanel userId={user.id} /> : null}
          <Panel
            title={t('userView.licence')}
            testId="user-licence"
            actions={
              <Button variant="secondary" onClick={() => setActivating(true)} data-testid="activate-for-open">
                {t('activateFor.open')}
              </Button>
            }
          >
            <StyledDetails>
              <dt>{t('fields.plan')}</dt>
              <dd data-testid="user-view-plan">{user.currentPlan === 'None' ? t('activation.noPackage') : user.currentPlan}</dd>
              <UserLicenceFacts user={user} />
            </StyledDetails>
          </Panel>
          <Panel title={t('userView.keys')}>
            <UserLicencesTable userId={user.id} />
          </Panel>
          <Can I="manage" a="AuditLog">
            <Panel title={t('userView.history')} testId="user-history">
              <AuditLogTable entity="user" entityId={user.id} pageSize={10} />
            </Panel>
          </Can>
        </StyledStack>
      </StyledTwoColumns>

      <ActivateKeyDialog open={activating} userId={user.id} userName={name} onClose={() => setActivating(false)} onDone={() => setActivating(false)} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('userView.deleteTitle', { name })}
        message={t('userView.deleteMessage')}
        confirmLabel={t('userView.delete')}
        busy={deleting}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirmDelete(false)}
        confirmTestId="confirm-action"
      />
    </StyledStack>
  )
}
