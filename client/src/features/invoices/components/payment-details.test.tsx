import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { renderUi } from '../../../../../tests/support/component'
import invoicesEn from '../locales/en.json'
import { PaymentDetails } from './payment-details'

const none = { bankName: '', country: '', iban: '', swiftCode: '' }
const bank = { bankName: 'Example Bank', country: 'Germany', iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX' }

beforeAll(async () => {
  await renderUi(<span />)
  i18n.addResourceBundle('en', 'invoices', invoicesEn, true, true)
})

describe('PaymentDetails', () => {
  it('prints the configured account with the reference', async () => {
    await renderUi(<PaymentDetails invoiceId="42" details={bank} operator={false} />)
    const block = screen.getByTestId('payment-details')
    expect(block.textContent).toContain('IBAN: DE89370400440532013000')
    expect(block.textContent).toContain('SWIFT: COBADEFFXXX')
    expect(block.textContent).toContain('Reference: invoice 42')
    expect(block.textContent).not.toContain('—')
  })

  it('never asks for a transfer to an account that is not there: the client reads who gives it, no dashes', async () => {
    await renderUi(<PaymentDetails invoiceId="42" details={none} operator={false} />)
    const block = screen.getByTestId('payment-details')
    expect(block.textContent).not.toMatch(/IBAN|SWIFT|—/)
    expect(block.textContent).toContain('given by your reseller or our team')
    expect(block.textContent).toContain('Invoice #42')
    expect(screen.queryByTestId('bank-details-missing')).toBeNull()
  })

  it('tells the staff who record payments which settings are missing', async () => {
    await renderUi(<PaymentDetails invoiceId="7" details={none} operator />)
    expect(screen.getByRole('note').textContent).toContain('INVOICE_IBAN')
  })
})
