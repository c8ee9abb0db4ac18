import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledPanel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { AccountsSettingsDocument } from '../graphql/account-settings.generated'
import { useQuery } from '@apollo/client/react'
import { errorCodeOf } from '../../../lib/error-code'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { GeneralSection, InfoSection, NotificationSection, PasswordSection, SocialSection } from '../components/settings-sections'
import { type TabItem, Tabs } from '../components/tabs'
import { TwoStepSection } from '../components/two-step-section'
import { useViewer } from '../lib/viewer'

type Section = 'general' | 'info' | 'social' | 'notifications' | 'password' | 'two-step'

/**
 * /pages/account-setting/:id — the signed-in user's own settings; admins may open and
 * edit anyone's (the server allows userId for admins only). Others see a not-authorized
 * message instead of someone else's data.
 */
export default function AccountSettingsPage({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const { id = '' } = useParams()
  const { user: me, isAdmin } = useViewer()
  const own = me?.id === id
  if (!me || (!own && !isAdmin)) return <NotAuthorizedContent title={title} message={t('settings.notYours')} />
  return <AccountSettings key={id} title={title} userId={own ? null : id} />
}

function AccountSettings({ title, userId }: { title: string; userId: string | null }) {
  const { t } = useTranslation('accounts')
  // ?section=two-step: where sign-in sends admins and resellers who must set it up.
  const [search] = useSearchParams()
  const [section, setSection] = useState<Section>(search.get('section') === 'two-step' && userId === null ? 'two-step' : 'general')
  const { data, loading, error, refetch } = useQuery(AccountsSettingsDocument, { variables: { userId }, fetchPolicy: 'cache-and-network' })
  const own = userId === null
  const tabs: TabItem<Section>[] = [
    { key: 'general', label: t('settings.tabs.general') },
    { key: 'info', label: t('settings.tabs.info') },
    { key: 'social', label: t('settings.tabs.social') },
    { key: 'notifications', label: t('settings.tabs.notifications') },
    ...(own
      ? [
          { key: 'password' as const, label: t('settings.tabs.password') },
          { key: 'two-step' as const, label: t('settings.tabs.twoStep') },
        ]
      : []),
  ]
  const settings = data?.accountSettings

  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={own ? t('settings.subtitleOwn') : t('settings.subtitleOther', { name: settings?.general.username ?? `#${userId}` })}
      />
      {!own ? <Alert variant="info">{t('settings.adminEditing')}</Alert> : null}
      <StyledPanel>
        {own && error && errorCodeOf(error) === 'TWO_STEP_SETUP_REQUIRED' ? (
          // The admins' policy holds this staff sign-in back: the server answers nothing else until two-step is set up.
          <TwoStepSection />
        ) : error && !settings ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : !settings || (loading && !data) ? (
          <LoadingState />
        ) : (
          <Tabs label={t('settings.tabsLabel')} tabs={tabs} selected={section} onSelect={setSection}>
            {section === 'general' ? <GeneralSection settings={settings} userId={userId} /> : null}
            {section === 'info' ? <InfoSection settings={settings} userId={userId} /> : null}
            {section === 'social' ? <SocialSection settings={settings} userId={userId} /> : null}
            {section === 'notifications' ? <NotificationSection settings={settings} userId={userId} /> : null}
            {section === 'password' && own ? <PasswordSection /> : null}
            {section === 'two-step' && own ? <TwoStepSection /> : null}
          </Tabs>
        )}
      </StyledPanel>
    </StyledStack>
  )
}
