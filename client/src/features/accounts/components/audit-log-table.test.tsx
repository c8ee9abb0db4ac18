import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { featureStrings, renderUi } from '../../../../../tests/support/component'
import en from '../locales/en.json'
import { Changes } from './audit-log-table'

describe('the audit log’s changes', () => {
  featureStrings('accounts', en)

  it('names a field as the forms do and a status or role by its word, not by its code', async () => {
    const { user } = await renderUi(
      <Changes entity="licence" before={JSON.stringify({ status: 'active', planId: 2 })} after={JSON.stringify({ status: 'superseded', planId: 3 })} />,
    )
    await user.click(screen.getByText('Show'))
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(lines).toEqual(['Status: Active → Superseded', 'Plan: 2 → 3'])
  })

  it('says a user’s role and a yes or no in words', async () => {
    const { user } = await renderUi(
      <Changes
        entity="user"
        before={JSON.stringify({ role: 'client', status: 'inactive', isAdmin: false })}
        after={JSON.stringify({ role: 'reseller', status: 'active', isAdmin: true })}
      />,
    )
    await user.click(screen.getByText('Show'))
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Role: Client → Reseller', 'Status: Inactive → Active', 'isAdmin: no → yes'])
  })
})
