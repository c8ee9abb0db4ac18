import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const TONES: Record<string, string> = {
  Paid: '#28c76f',
  'Partial Payment': '#ff9f43',
  'Past Due': '#ea5455',
  Sent: '#00cfe8',
  Downloaded: '#7367f0',
  Draft: '#82868b',
};

const StyledBadge = styled.span<{ $tone: string }>`
  display: inline-block;
  padding: 0.15rem 0.5rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ $tone }) => $tone};
  border: 1px solid ${({ $tone }) => $tone};
`;

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];

/** An invoice status, translated, in its colour. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('invoices');
  const known = (INVOICE_STATUSES as readonly string[]).includes(status);
  return (
    <StyledBadge $tone={TONES[status] ?? '#82868b'} data-testid="invoice-status">
      {known ? t(`statuses.${status as InvoiceStatusName}`) : status}
    </StyledBadge>
  );
}
