import { useTranslation } from 'react-i18next'
import styled from 'styled-components'

type Tone = 'success' | 'warning' | 'danger' | 'info' | 'primary' | 'neutral'

const TONES: Record<string, Tone> = {
  Paid: 'success',
  'Partial Payment': 'warning',
  'Past Due': 'danger',
  Sent: 'info',
  Downloaded: 'primary',
  Draft: 'neutral',
}

/** Theme colours only, so the text stays readable (WCAG AA) in both skins. */
const StyledBadge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.textMuted : $tone === 'primary' ? theme.colors.link : theme.colors[$tone])};
  border: 1px solid currentColor;
`

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number]

/** An invoice status, translated, in its colour. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('invoices')
  const known = (INVOICE_STATUSES as readonly string[]).includes(status)
  return (
    <StyledBadge $tone={TONES[status] ?? 'neutral'} data-testid="invoice-status">
      {known ? t(`statuses.${status as InvoiceStatusName}`) : status}
    </StyledBadge>
  )
}
