import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { useAddressParams } from '../../../lib/use-address-params'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import type { LicenceStatus } from '../../../gql/types'
import { AccountsPlansDocument } from '../graphql/plans.generated'
import { useQuery } from '@apollo/client/react'
import { GenerateLicencesForm } from '../components/generate-licences-form'
import { StyledFilters } from '../components/layout'
import { type LicenceFilters, LicenceTable } from '../components/licence-table'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { useViewer } from '../lib/viewer'
import { Can } from '../../../lib/ability-context'

const STATUSES: readonly LicenceStatus[] = ['available', 'assigned', 'active', 'superseded', 'revoked']
const EXPIRING = ['7', '30'] as const

const isStatus = (value: string | null): value is LicenceStatus => STATUSES.includes(value as LicenceStatus)

/**
 * /pages/licensev11 ("Licences"): generate, list, assign, extend and revoke keys (admins).
 * /pages/licensev2 ("Keys to hand out"): generate keys and see those nobody has yet, a view of
 * its own rather than a copy.
 */
export default function LicenceManagePage({ title }: { title: string }) {
  const { isAdmin } = useViewer()
  if (!isAdmin) return <NotAuthorizedContent title={title} />
  return <LicenceManage title={title} />
}

function LicenceManage({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const [params, change] = useAddressParams()
  const toHandOut = useLocation().pathname.startsWith('/pages/licensev2')
  const plans = useQuery(AccountsPlansDocument)
  const status = params.get('status')
  const expiring = params.get('expiring')
  const q = params.get('q') ?? ''
  const filters: LicenceFilters = {
    status: toHandOut ? 'available' : isStatus(status) ? status : null,
    planId: params.get('planId') || null,
    q: q || null,
    expiringWithinDays: expiring && /^\d{1,4}$/.test(expiring) ? Number(expiring) : null,
  }

  function update(key: string, value: string) {
    change(
      (next) => {
        if (value) next.set(key, value)
        else next.delete(key)
      },
      { replace: true },
    )
  }
  const updateRef = useRef(update)
  useEffect(() => {
    updateRef.current = update
  })

  const [search, setSearch] = useState(q)
  const [searchedQ, setSearchedQ] = useState(q)
  if (searchedQ !== q) {
    setSearchedQ(q)
    setSearch(q)
  }
  useEffect(() => {
    const value = search.trim().toUpperCase()
    if (value === q) return undefined
    const timer = setTimeout(() => updateRef.current('q', value), 300)
    return () => clearTimeout(timer)
  }, [search, q])

  return (
    <StyledStack>
      <PageHeader title={title} subtitle={t(toHandOut ? 'licences.subtitleToHandOut' : 'licences.subtitle')} />
      <Can I="manage" a="Licence">
        <Panel title={t('licences.generateTitle')}>
          <GenerateLicencesForm />
        </Panel>
      </Can>
      <Panel title={t(toHandOut ? 'licences.listToHandOut' : 'licences.listTitle')}>
        <StyledFilters role="search">
          <TextField
            label={t('licences.search')}
            type="search"
            placeholder="ABCD-…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="licence-search"
          />
          {toHandOut ? null : (
            <SelectField
              label={t('fields.status')}
              value={filters.status ?? ''}
              onChange={(e) => update('status', e.target.value)}
              data-testid="licence-filter-status"
            >
              <option value="">{t('licences.allStatuses')}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`licenceStatus.${value}`)}
                </option>
              ))}
            </SelectField>
          )}
          <SelectField
            label={t('fields.plan')}
            value={filters.planId ?? ''}
            onChange={(e) => update('planId', e.target.value)}
            data-testid="licence-filter-plan"
          >
            <option value="">{t('users.allPlans')}</option>
            {(plans.data?.plans ?? []).map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('licences.expiring')}
            value={expiring && (EXPIRING as readonly string[]).includes(expiring) ? expiring : ''}
            onChange={(e) => update('expiring', e.target.value)}
          >
            <option value="">{t('licences.expiringAny')}</option>
            {EXPIRING.map((days) => (
              <option key={days} value={days}>
                {t('licences.expiringWithin', { days })}
              </option>
            ))}
          </SelectField>
        </StyledFilters>
        <LicenceTable filters={filters} emptyText={t('licences.empty')} />
      </Panel>
    </StyledStack>
  )
}
