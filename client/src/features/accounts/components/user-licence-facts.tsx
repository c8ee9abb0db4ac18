import { useTranslation } from 'react-i18next'
import { useFormatters } from '../../../lib/format'
import { userRemaining } from '../lib/licence-time'
import { StyledMono } from './data-table'
import { RemainingDuration } from './licence-bits'

/** The key, start and time left of a user's licence, as rows of a details list. */
export function UserLicenceFacts({ user }: { user: Parameters<typeof userRemaining>[0] & { licensebeginning?: string | null } }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  return (
    <>
      <dt>{t('fields.licenseKey')}</dt>
      <dd>{user.licenseKey === 'None' ? t('users.noKey') : <StyledMono>{user.licenseKey}</StyledMono>}</dd>
      <dt>{t('fields.beginning')}</dt>
      <dd>{format.date(user.licensebeginning)}</dd>
      <dt>{t('fields.remaining')}</dt>
      <dd>
        <RemainingDuration remaining={userRemaining(user)} />
      </dd>
    </>
  )
}
