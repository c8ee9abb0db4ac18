import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'

export interface PdfInvoice {
  id: number
  issuedDate: string
  dueDate: string
  invoiceStatus: string
  client: { name: string; company: string; companyEmail: string; address: string; country: string; contact: string }
  service: string
  lines: Array<{ description: string; qty: number; price: number }>
  total: number
  balance: number
  note: string
  paymentDetails: { bankName: string; country: string; iban: string; swiftCode: string }
}

/** The standard fonts speak WinAnsi: anything else is shown as "?". */
const printable = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF\u20AC]/g, '?')

/** An invoice as a one-page (or longer) A4 PDF, drawn with pdf-lib's standard fonts. */
export async function invoicePdf(invoice: PdfInvoice, currency: string, seller: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Invoice #${invoice.id}`)
  doc.setCreator(seller)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency })
  let page = doc.addPage([595.28, 841.89])
  let y = 790
  const text = (s: string, x: number, size = 10, f = font) => {
    page.drawText(printable(s), { x, y, size, font: f, color: rgb(0.15, 0.15, 0.2) })
  }
  const line = (gap = 16) => {
    y -= gap
    if (y < 60) {
      page = doc.addPage([595.28, 841.89])
      y = 790
    }
  }
  text(seller, 50, 16, bold)
  text(`Invoice #${invoice.id}`, 380, 16, bold)
  line(22)
  text(`Date issued: ${invoice.issuedDate}`, 380)
  line()
  text(`Due date: ${invoice.dueDate}`, 380)
  line()
  text(`Status: ${invoice.invoiceStatus}`, 380)
  line(28)
  text('Invoice to:', 50, 10, bold)
  line()
  for (const s of [
    invoice.client.name,
    invoice.client.company,
    invoice.client.address,
    invoice.client.country,
    invoice.client.contact,
    invoice.client.companyEmail,
  ]) {
    if (!s) continue
    text(s, 50)
    line(14)
  }
  line(14)
  text(`Service: ${invoice.service}`, 50)
  line(24)
  text('Item', 50, 10, bold)
  text('Qty', 360, 10, bold)
  text('Price', 410, 10, bold)
  text('Amount', 490, 10, bold)
  line(6)
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) })
  line(14)
  for (const l of invoice.lines) {
    text(l.description.slice(0, 60), 50)
    text(String(l.qty), 360)
    text(money.format(l.price), 410)
    text(money.format(l.price * l.qty), 490)
    line()
  }
  line(8)
  text('Total:', 410, 10, bold)
  text(money.format(invoice.total), 490, 10, bold)
  line()
  text('Balance due:', 410, 10, bold)
  text(money.format(invoice.balance), 490, 10, bold)
  line(28)
  const pd = invoice.paymentDetails
  text('Payment by bank transfer', 50, 10, bold)
  line()
  // Without a configured account the invoice does not ask for a transfer to "IBAN: -".
  const account = pd.iban
    ? (
        [
          ['Bank', pd.bankName],
          ['Country', pd.country],
          ['IBAN', pd.iban],
          ['SWIFT', pd.swiftCode],
        ] as const
      )
        .filter(([, value]) => value)
        .map(([label, value]) => `${label}: ${value}`)
    : ['The account for the transfer is given by your reseller or our team on request.']
  for (const row of account) {
    text(row, 50)
    line(14)
  }
  text(`Reference: invoice #${invoice.id}`, 50)
  if (invoice.note) {
    line(24)
    for (const chunk of invoice.note.split('\n').slice(0, 20)) {
      text(chunk.slice(0, 100), 50, 9)
      line(13)
    }
  }
  return doc.save()
}
