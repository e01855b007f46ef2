import type { InvoiceSettings } from '../../../contract/consumptionTax';
import { dateJa, tokyoToday } from '../../../contract/dates';
import { VIA } from '../../../contract/enums';
import {
  invoiceDocumentMessages as msg,
  invoiceFileNames,
  invoiceLines,
  invoiceNumber,
  invoiceTotals,
  REFUND_NOTE_BELOW,
  type Invoice,
  type InvoiceCreate,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceReissue,
} from '../../../contract/invoice';
import type { Db, Tx } from '../../db/client';
import * as q from '../../db/queries/invoices';
import * as tq from '../../db/queries/tax';
import { conflict, fieldError, notFound } from '../../errors';
import { audit } from '../audit';
import type { CurrentUser } from '../auth';
import type { FreeMail, MailHistoryItem } from '../../../contract/mailTemplate';
import { BookMailService } from '../bookMail';
import { invoicePdf } from './invoicePdf';
import { taxesOfBooking } from './taxLines';

/** What a booking's document holds: its lines and the note it prints. */
async function documentOf(
  tx: Tx,
  booking: tq.TaxBooking,
  kind: InvoiceKind,
): Promise<{ lines: InvoiceLine[]; note: string | null }> {
  const stay = `${dateJa(booking.start_date)}〜${dateJa(booking.end_date)} ${booking.days}泊 ${booking.person_number}名`;
  if (kind === 'refund') {
    const refunds = await q.refundsOf(tx, booking.id);
    if (refunds.total === 0) throw conflict(msg.noRefund);
    const description = `返金 ${dateJa(refunds.last!)}（宿泊 ${stay}）`;
    return {
      lines: [{ description, quantity: 1, unit_price: refunds.total, amount: refunds.total, tax_class: '10' }],
      note: refunds.total < REFUND_NOTE_BELOW ? msg.refundNotRequired : null,
    };
  }
  if (booking.delete_flg === 1) {
    // A cancelled stay: what was kept of the money is the cancellation fee, a compensation outside the tax.
    const fee = booking.price > 0 ? Math.min(booking.cancel_fee ?? 0, booking.price) : 0;
    if (fee === 0) throw conflict(msg.cancelledUnpaid);
    return {
      lines: [
        { description: `キャンセル料（宿泊 ${stay}）`, quantity: 1, unit_price: fee, amount: fee, tax_class: 'exempt' },
      ],
      note: null,
    };
  }
  const [options, taxes] = await Promise.all([q.bookingOptionLines(tx, booking.id), taxesOfBooking(tx, booking)]);
  const description = `宿泊料金${booking.plan_name ? ` ${booking.plan_name}` : ''} ${stay}`;
  return {
    lines: invoiceLines({
      stay: { description, amount: Math.max(0, booking.price_sub - booking.options_total) },
      options,
      taxes: taxes.lines,
      collection: taxes.collection,
    }),
    note: null,
  };
}

async function issuerOf(tx: Tx, companyId: number): Promise<InvoiceSettings & { registration_number: string }> {
  const settings = await tq.findInvoiceSettings(tx, companyId);
  if (!settings?.registration_number) throw conflict(msg.noRegistration);
  return { ...settings, registration_number: settings.registration_number };
}

/**
 * Receipts, invoices and refund documents of a booking (issue 31). Each is numbered in the
 * transaction that stores it (gap-free per facility and year, queries/invoices.ts
 * `takeInvoiceSeq`), keeps what it printed, and leaves an audit row in the booking's history. A
 * reissue voids the document and issues the same content under a new number that names it.
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    /** Whether mail goes out (SMTP_URL): what a mailed document's history line says. */
    private readonly smtpConfigured = false,
  ) {}

  async issue(user: CurrentUser, bookId: number, input: InvoiceCreate): Promise<Invoice> {
    return this.db.transaction(async (tx) => {
      const booking = await tq.findTaxBooking(tx, bookId, user.accommodationIds, true);
      if (!booking) throw notFound();
      const issuer = await issuerOf(tx, booking.company_id);
      const { lines, note } = await documentOf(tx, booking, input.kind);
      const { totals, total } = invoiceTotals(lines, issuer.rounding);
      const id = await this.store(tx, user, {
        accommodationId: booking.accommodation_id,
        bookId,
        kind: input.kind,
        recipientName: input.recipient_name,
        proviso: input.proviso,
        lines,
        totals,
        total,
        registrationNumber: issuer.registration_number,
        issuer: { name: issuer.issuer_name, address: issuer.issuer_address, tel: issuer.issuer_tel },
        paidOnChannel: booking.via === VIA.channel && input.kind !== 'refund',
        note,
        replacesId: null,
      });
      return (await q.findInvoice(tx, id, user.accommodationIds))!;
    });
  }

  async list(user: CurrentUser, bookId: number): Promise<Invoice[]> {
    const booking = await tq.findTaxBooking(this.db, bookId, user.accommodationIds);
    if (!booking) throw notFound();
    return q.listBookInvoices(this.db, bookId, user.accommodationIds);
  }

  async get(user: CurrentUser, id: number): Promise<Invoice> {
    const invoice = await q.findInvoice(this.db, id, user.accommodationIds);
    if (!invoice) throw notFound();
    return invoice;
  }

  /** The document and its PDF, with the facility's name under the issuer. */
  async pdf(user: CurrentUser, id: number): Promise<{ invoice: Invoice; pdf: Buffer }> {
    const invoice = await this.get(user, id);
    return { invoice, pdf: await invoicePdf(invoice, await q.facilityName(this.db, invoice.accommodation_id)) };
  }

  /** Mails the document's PDF to the booking's guest through the outbox, as the panel's free mail does. */
  async mail(user: CurrentUser, id: number, input: FreeMail): Promise<MailHistoryItem> {
    const { invoice, pdf } = await this.pdf(user, id);
    const attachment = { content: pdf, type: 'application/pdf', name: invoiceFileNames(invoice).utf8 };
    return new BookMailService(this.db, this.smtpConfigured).sendFree(user, invoice.book_id, input, attachment);
  }

  async reissue(user: CurrentUser, id: number, input: InvoiceReissue): Promise<Invoice> {
    return this.db.transaction(async (tx) => {
      const old = await q.findInvoice(tx, id, user.accommodationIds, true);
      if (!old) throw notFound();
      if (old.voided_at !== null) throw conflict(msg.voided);
      const recipientName = input.recipient_name === undefined ? old.recipient_name : input.recipient_name || null;
      if (old.kind === 'invoice' && recipientName === null) throw fieldError('recipient_name', msg.recipientRequired);
      await q.voidInvoice(tx, old.id);
      const newId = await this.store(tx, user, {
        accommodationId: old.accommodation_id,
        bookId: old.book_id,
        kind: old.kind,
        recipientName,
        proviso: input.proviso === undefined ? old.proviso : input.proviso || null,
        lines: old.lines,
        totals: old.totals,
        total: old.total,
        registrationNumber: old.registration_number,
        issuer: old.issuer,
        paidOnChannel: old.paid_on_channel,
        note: old.note,
        replacesId: old.id,
      });
      await audit(tx, user, {
        action: 'update',
        target: 'invoice',
        targetId: old.id,
        booking: { id: old.book_id, accommodation_id: old.accommodation_id },
        before: { number: old.number, voided: false },
        after: { number: old.number, voided: true },
      });
      return (await q.findInvoice(tx, newId, user.accommodationIds))!;
    });
  }

  /** Takes the next number and stores the document, with its audit row. */
  private async store(
    tx: Tx,
    user: CurrentUser,
    v: Omit<q.InvoiceValues, 'year' | 'seq' | 'number' | 'createdBy'>,
  ): Promise<number> {
    const year = Number(tokyoToday().slice(0, 4));
    const seq = await q.takeInvoiceSeq(tx, v.accommodationId, year);
    const number = invoiceNumber(v.accommodationId, year, seq);
    const id = await q.insertInvoice(tx, { ...v, year, seq, number, createdBy: user.id });
    await audit(tx, user, {
      action: 'create',
      target: 'invoice',
      targetId: id,
      booking: { id: v.bookId, accommodation_id: v.accommodationId },
      after: { number, kind: v.kind, total: v.total, recipient_name: v.recipientName },
    });
    return id;
  }
}
