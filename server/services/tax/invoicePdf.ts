import { TAX_CLASS_LABELS } from '../../../contract/consumptionTax';
import { dateJa } from '../../../contract/dates';
import {
  invoiceDocumentMessages as msg,
  INVOICE_LEGAL_NAMES,
  INVOICE_TITLES,
  type Invoice,
} from '../../../contract/invoice';
import { BOLD, newPdf, numberPages, REGULAR } from '../../pdf/document';
import { drawTable } from '../../pdf/table';

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
/** The reduced rate is marked on its lines (消費税法57条の4①三). */
const rateOf = (taxClass: Invoice['lines'][number]['tax_class']) =>
  taxClass === '8' ? '8%※' : taxClass === 'exempt' ? TAX_CLASS_LABELS.exempt : '10%';

/**
 * A receipt, invoice or refund document as an A4 PDF (issue 31): the title (再発行 and the number it
 * replaces on a reissue), the number and date, the recipient, the total and 但し書き, the lines with
 * their rates (8 % marked ※), 10%対象 and 8%対象 with their tax and 対象外, and the issuer with its
 * registration number. Japanese text embedded as text: a viewer finds and copies it.
 */
export async function invoicePdf(invoice: Invoice, facility: string): Promise<Buffer> {
  const title = INVOICE_TITLES[invoice.kind];
  const { doc, bytes } = newPdf({
    layout: 'portrait',
    margin: 48,
    title: `${title} ${invoice.number}`,
    author: facility,
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  doc
    .font(BOLD)
    .fontSize(22)
    .text(invoice.replaces ? `${title}（${msg.reissue}）` : title, { align: 'center' });
  doc.font(REGULAR).fontSize(9).text(INVOICE_LEGAL_NAMES[invoice.kind], { align: 'center' }).moveDown(0.8);

  const top = doc.y;
  doc.fontSize(10).text(`No. ${invoice.number}`, left, top, { width, align: 'right' });
  doc.text(`発行日 ${dateJa(invoice.issued_at.slice(0, 10))}`, { width, align: 'right' });
  if (invoice.replaces) doc.text(`${msg.reissue}（元の番号 ${invoice.replaces.number}）`, { width, align: 'right' });
  doc
    .font(BOLD)
    .fontSize(14)
    .text(`${invoice.recipient_name ?? '　　　　　　　　'} 様`, left, top, { width: width * 0.6 });
  doc.moveDown(1.2);

  doc
    .font(BOLD)
    .fontSize(16)
    .text(`合計金額 ${yen(invoice.total)}（税込）`, { underline: true });
  doc.font(REGULAR).fontSize(10).moveDown(0.3);
  if (invoice.proviso) doc.text(`但し ${invoice.proviso}`);
  if (invoice.paid_on_channel) doc.font(BOLD).text(msg.paidOnChannel).font(REGULAR);
  doc.moveDown(0.8);

  drawTable(
    doc,
    [
      { heading: '内容', width: 50 },
      { heading: '数量', width: 8, align: 'right' },
      { heading: '単価', width: 14, align: 'right' },
      { heading: '金額', width: 16, align: 'right' },
      { heading: '税率', width: 10, align: 'right' },
    ],
    invoice.lines.map((l) => [
      l.description,
      String(l.quantity),
      yen(l.unit_price),
      yen(l.amount),
      rateOf(l.tax_class),
    ]),
    { fontSize: 9, padding: 4 },
  );
  doc.moveDown(0.8);

  const t = invoice.totals;
  const totals: [string, string][] = [
    ['10%対象', `${yen(t['10'].amount)}（消費税 ${yen(t['10'].tax)}）`],
    ['8%対象', `${yen(t['8'].amount)}（消費税 ${yen(t['8'].tax)}）`],
    ['対象外', yen(t.exempt)],
    ['合計', yen(invoice.total)],
  ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label === '合計' ? BOLD : REGULAR).fontSize(10);
    doc.text(label, left + width * 0.45, y, { width: width * 0.2 });
    doc.text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
  }
  doc
    .font(REGULAR)
    .fontSize(8)
    .text('※は軽減税率（8%）の対象です。対象外は入湯税・宿泊税など消費税のかからないものです。', left, doc.y + 4, {
      width,
    });
  if (invoice.note) doc.moveDown(0.5).fontSize(9).text(invoice.note, { width });

  doc.moveDown(1.5).fontSize(10);
  for (const line of [invoice.issuer.name, invoice.issuer.address, invoice.issuer.tel && `TEL ${invoice.issuer.tel}`]) {
    if (line) doc.text(line, { width, align: 'right' });
  }
  doc.text(`登録番号 ${invoice.registration_number}`, { width, align: 'right' });
  doc.text(facility, { width, align: 'right' });
  numberPages(doc);
  doc.end();
  return bytes;
}
