import { useTranslation } from 'react-i18next'

export interface PaymentDetailsProps {
  invoiceId: string
  details: { bankName: string; country: string; iban: string; swiftCode: string }
  /** Whoever records payments (the operator's staff): told how to configure missing bank details. */
  operator: boolean
}

/**
 * How to pay the invoice. With the operator's bank account configured (INVOICE_BANK_NAME,
 * INVOICE_IBAN, INVOICE_SWIFT) it is printed; without, the invoice never asks for a transfer to
 * an account that is not there: the client reads who gives them the account, staff what to set.
 */
export function PaymentDetails({ invoiceId, details, operator }: PaymentDetailsProps) {
  const { t } = useTranslation('invoices')
  if (!details.iban) {
    return (
      <div data-testid="payment-details" data-configured="false">
        <strong>{t('bankTransfer')}</strong>
        <p>{t('accountOnRequest', { id: invoiceId })}</p>
        {operator ? (
          <p role="note" data-testid="bank-details-missing">
            {t('bankDetailsMissing')}
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <div data-testid="payment-details" data-configured="true">
      <strong>{t('bankTransfer')}</strong>
      {details.bankName ? <p>{t('bank', { value: details.bankName })}</p> : null}
      {details.country ? <p>{t('country', { value: details.country })}</p> : null}
      <p>IBAN: {details.iban}</p>
      {details.swiftCode ? <p>SWIFT: {details.swiftCode}</p> : null}
      <p>{t('reference', { id: invoiceId })}</p>
    </div>
  )
}
