import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceSettings } from '../../../contract/consumptionTax';
import type { TaxSettings } from '../../../contract/tax';
import type { TaxRule, TaxRuleInput } from '../../../contract/taxRule';
import { sqlRows, type Tx } from '../client';
import { idList } from './ids';

/** 宿泊税 rules, the facilities' tax settings and the company's invoice settings (issue 31). */

const ruleColumns = sql.raw(`id, code, name, effective_from::text, effective_to::text, bands,
  percent::float8 as percent, cap, exempt_school_trip, exempt_under_12, note, source_url,
  shipped_key is not null as shipped`);

/** A company's rules, by code and then by their first night. */
export function listTaxRules(tx: Tx, companyId: number) {
  return sqlRows<TaxRule>(
    tx,
    sql`select ${ruleColumns} from tax_rules where company_id = ${companyId}
    order by code, effective_from nulls first, id`,
  );
}

export async function findTaxRule(tx: Tx, companyId: number, id: number) {
  const rows = await sqlRows<TaxRule>(
    tx,
    sql`select ${ruleColumns} from tax_rules where company_id = ${companyId} and id = ${id}`,
  );
  return rows[0];
}

/** One writer of a company's rules at a time: the overlap check reads what the write will change. */
export async function lockCompany(tx: Tx, companyId: number) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

const bandsJson = (rule: Pick<TaxRuleInput, 'bands'>) => (rule.bands === null ? null : JSON.stringify(rule.bands));

export async function insertTaxRule(tx: Tx, companyId: number, rule: TaxRuleInput) {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`insert into tax_rules (company_id, code, name, effective_from, effective_to, bands, percent, cap,
      exempt_school_trip, exempt_under_12, note, source_url)
    values (${companyId}, ${rule.code}, ${rule.name}, ${rule.effective_from}, ${rule.effective_to},
      ${bandsJson(rule)}::jsonb, ${rule.percent}, ${rule.cap}, ${rule.exempt_school_trip}, ${rule.exempt_under_12},
      ${rule.note}, ${rule.source_url}) returning id`,
  );
  return rows[0]!.id;
}

export async function updateTaxRule(tx: Tx, id: number, rule: TaxRuleInput) {
  await tx.execute(sql`update tax_rules set name = ${rule.name}, effective_from = ${rule.effective_from},
    effective_to = ${rule.effective_to}, bands = ${bandsJson(rule)}::jsonb, percent = ${rule.percent}, cap = ${rule.cap},
    exempt_school_trip = ${rule.exempt_school_trip}, exempt_under_12 = ${rule.exempt_under_12}, note = ${rule.note},
    source_url = ${rule.source_url}, updated_at = now() where id = ${id}`);
}

/**
 * Gives every company the shipped rules it does not hold yet (by key): a company's correction of a
 * shipped rule stays as it is. Returns how many rows were added.
 */
export async function insertShippedRules(tx: Tx, rules: readonly (TaxRuleInput & { key: string })[]) {
  if (rules.length === 0) return 0;
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`insert into tax_rules (company_id, shipped_key, code, name, effective_from, effective_to, bands, percent, cap,
      exempt_school_trip, exempt_under_12, note, source_url)
    select c.id, r.key, r.code, r.name, r.effective_from, r.effective_to, r.bands, r.percent, r.cap,
      r.exempt_school_trip, r.exempt_under_12, r.note, r.source_url
    from companies c cross join jsonb_to_recordset(${JSON.stringify(rules)}::jsonb) as r(key text, code text,
      name text, effective_from date, effective_to date, bands jsonb, percent numeric, cap integer,
      exempt_school_trip boolean, exempt_under_12 boolean, note text, source_url text)
    on conflict (company_id, shipped_key) do nothing returning id`,
  );
  return rows.length;
}

// ---- A facility's tax settings ------------------------------------------------------------------

interface StoredTaxSettings {
  jurisdictions: string[];
  enabled: boolean;
  rate: number;
  day_rate: number;
  collection: TaxSettings['collection'];
}

export async function findTaxSettings(tx: Tx, accommodationId: number, lock = false): Promise<TaxSettings | undefined> {
  const rows = await sqlRows<StoredTaxSettings>(
    tx,
    sql`select tax_jurisdictions as jurisdictions, bathing_tax_enabled as enabled, bathing_tax_rate as rate,
      bathing_tax_day_rate as day_rate, tax_collection as collection
    from accommodations where id = ${accommodationId} ${lock ? sql`for update` : sql``}`,
  );
  const s = rows[0];
  return (
    s && {
      jurisdictions: s.jurisdictions,
      bathing_tax: { enabled: s.enabled, rate: s.rate, day_rate: s.day_rate },
      collection: s.collection,
    }
  );
}

export async function updateTaxSettings(tx: Tx, accommodationId: number, v: TaxSettings) {
  await tx.execute(sql`update accommodations set tax_jurisdictions = ${JSON.stringify(v.jurisdictions)}::jsonb,
    bathing_tax_enabled = ${v.bathing_tax.enabled}, bathing_tax_rate = ${v.bathing_tax.rate},
    bathing_tax_day_rate = ${v.bathing_tax.day_rate}, tax_collection = ${v.collection}, updated_at = now()
    where id = ${accommodationId}`);
}

// ---- The company's invoice settings -------------------------------------------------------------

export async function findInvoiceSettings(tx: Tx, companyId: number, lock = false) {
  const rows = await sqlRows<InvoiceSettings>(
    tx,
    sql`select invoice_registration_number as registration_number, invoice_corporate as corporate,
      invoice_issuer_name as issuer_name, invoice_issuer_address as issuer_address, invoice_issuer_tel as issuer_tel,
      invoice_rounding as rounding
    from companies where id = ${companyId} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export async function updateInvoiceSettings(tx: Tx, companyId: number, v: InvoiceSettings) {
  await tx.execute(sql`update companies set invoice_registration_number = ${v.registration_number},
    invoice_corporate = ${v.corporate}, invoice_issuer_name = ${v.issuer_name},
    invoice_issuer_address = ${v.issuer_address}, invoice_issuer_tel = ${v.issuer_tel},
    invoice_rounding = ${v.rounding}, updated_at = now() where id = ${companyId}`);
}

// ---- A booking's taxes --------------------------------------------------------------------------

/** What the taxes of a booking are computed from. */
export interface TaxBooking {
  id: number;
  accommodation_id: number;
  company_id: number;
  start_date: string;
  days: number;
  person_number: number;
  children_under_12: number;
  school_trip: boolean;
  delete_flg: number;
  /** The total: the stay and the options attached. */
  price_sub: number;
  /** The options' part of the total. */
  options_total: number;
  /** The plan's meals per person per night, tax-inclusive (0 without a plan). */
  meal_price: number;
  /** What a document of the booking prints besides. */
  end_date: string;
  via: number;
  /** Money received. */
  price: number;
  /** A no-show stayed no night: no tax is due. */
  stay_status: string;
  cancel_fee: number | null;
  plan_name: string | null;
}

/** A booking of the caller's facilities with what its taxes and documents need; `lock` for a document's issue. */
const taxBookingColumns = sql`b.id, b.accommodation_id, a.company_id, b.start_date::text, b.end_date::text, b.days,
  b.person_number, b.children_under_12, b.school_trip, b.delete_flg, b.price_sub, b.via, b.price, b.cancel_fee,
  b.stay_status, p.name as plan_name,
  coalesce((select sum(o.price * o.unit * o.days) from booking_options o where o.book_id = b.id), 0)::int
    as options_total,
  coalesce(p.meal_price, 0) as meal_price
  from bookings b join accommodations a on a.id = b.accommodation_id left join plans p on p.id = b.plan_id`;

export async function findTaxBooking(tx: Tx, id: number, accommodationIds: readonly number[], lock = false) {
  if (accommodationIds.length === 0) return undefined;
  const rows = await sqlRows<TaxBooking>(
    tx,
    sql`select ${taxBookingColumns}
    where b.id = ${id} and b.accommodation_id in (${idList(accommodationIds)}) ${lock ? sql`for update of b` : sql``}`,
  );
  return rows[0];
}

/**
 * The stays of a facility with a night from `from` to `to` (dates included): live bookings whose
 * guests came or are to come (a no-show stayed no night), by the window index.
 */
export function taxBookingsStaying(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<TaxBooking>(tx, taxBookingsStayingSql(accommodationId, from, to));
}

/** The statement of taxBookingsStaying (the scale benchmark times it alone). */
export function taxBookingsStayingSql(accommodationId: number, from: string, to: string): SQL {
  return sql`select ${taxBookingColumns}
    where b.accommodation_id = ${accommodationId} and b.end_date > ${from}::date and b.start_date <= ${to}::date
      and b.delete_flg = 0 and b.stay_status <> 'no_show'
    order by b.start_date, b.id`;
}

/** The facilities among these that collect 宿泊税 or 入湯税, by id. */
export function taxedFacilities(tx: Tx, accommodationIds: readonly number[]) {
  if (accommodationIds.length === 0) return Promise.resolve([]);
  return sqlRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from accommodations where id in (${idList(accommodationIds)})
      and (jsonb_array_length(tax_jurisdictions) > 0 or bathing_tax_enabled) order by id`,
  );
}

/** The live bookings of a facility that check in from `from` to `to`: their options' lines by tax class. */
export function optionSalesOf(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<{ tax_class: 'exempt' | '10' | '8'; amount: number }>(
    tx,
    sql`select o.tax_class, sum(o.price * o.unit * o.days)::int as amount
    from booking_options o join bookings b on b.id = o.book_id
    where b.accommodation_id = ${accommodationId} and b.delete_flg = 0 and b.stay_status <> 'no_show'
      and b.start_date between ${from}::date and ${to}::date
    group by o.tax_class`,
  );
}

/** Cancellation fees kept on bookings cancelled from `from` to `to` (Tokyo days). */
export async function cancelFeesOf(tx: Tx, accommodationId: number, from: string, to: string) {
  const rows = await sqlRows<{ amount: number }>(
    tx,
    sql`select coalesce(sum(least(coalesce(cancel_fee, 0), price)), 0)::int as amount from bookings
    where accommodation_id = ${accommodationId} and delete_flg = 1
      and (deleted_at at time zone 'Asia/Tokyo')::date between ${from}::date and ${to}::date`,
  );
  return rows[0]!.amount;
}

/** Payments dated from `from` to `to`, not deleted, by how they were paid. */
export function paymentsOf(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<{ pay_type: number; count: number; amount: number }>(
    tx,
    sql`select p.pay_type, count(*)::int as count, sum(p.amount)::int as amount
    from payments p join bookings b on b.id = p.book_id
    where b.accommodation_id = ${accommodationId} and p.voided_at is null
      and p.payment_exe_date between ${from}::date and ${to}::date
    group by p.pay_type order by p.pay_type`,
  );
}

/** Refunds recorded from `from` to `to` (Tokyo days). */
export async function refundsIn(tx: Tx, accommodationId: number, from: string, to: string) {
  const rows = await sqlRows<{ count: number; amount: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(r.amount), 0)::int as amount
    from refunds r join bookings b on b.id = r.book_id
    where b.accommodation_id = ${accommodationId}
      and (r.created_at at time zone 'Asia/Tokyo')::date between ${from}::date and ${to}::date`,
  );
  return rows[0]!;
}

/** Documents issued from `from` to `to` (Tokyo days), by kind; voided ones counted apart, their amounts left out. */
export function documentsIssued(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<{ kind: 'receipt' | 'invoice' | 'refund'; count: number; voided: number; amount: number }>(
    tx,
    sql`select kind, count(*)::int as count, count(voided_at)::int as voided,
      coalesce(sum(total) filter (where voided_at is null), 0)::int as amount
    from invoices where accommodation_id = ${accommodationId}
      and (issued_at at time zone 'Asia/Tokyo')::date between ${from}::date and ${to}::date
    group by kind order by kind`,
  );
}

/** These bookings, for their taxes (those of the caller's facilities only: the caller checked). */
export function taxBookingsOf(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return sqlRows<TaxBooking>(tx, sql`select ${taxBookingColumns} where b.id in (${idList(ids)}) order by b.id`);
}

/**
 * The bookings of these facilities whose bill can still change (those whose stay ends on `from` or
 * later; every one when `from` is null), for their taxes.
 */
export function taxBookingsEndingFrom(tx: Tx, accommodationIds: readonly number[], from: string | null) {
  if (accommodationIds.length === 0) return Promise.resolve([]);
  return sqlRows<TaxBooking>(
    tx,
    sql`select ${taxBookingColumns}
    where b.accommodation_id in (${idList(accommodationIds)}) ${from === null ? sql`` : sql`and b.end_date >= ${from}::date`}
    order by b.id`,
  );
}

/** Sets each booking's tax_due (only where it changes: updated_at and the rows left alone otherwise). */
export async function setTaxDue(tx: Tx, dues: readonly { id: number; taxDue: number }[]): Promise<void> {
  for (let i = 0; i < dues.length; i += 1000) {
    const values = dues.slice(i, i + 1000).map((d) => sql`(${d.id}::int, ${d.taxDue}::int)`);
    await tx.execute(sql`update bookings b set tax_due = v.due from (values ${sql.join(values, sql`, `)}) as v(id, due)
      where b.id = v.id and b.tax_due <> v.due`);
  }
}

/** The facilities among these whose taxes go on the guest's bill: they collect some, apart from the price. */
export async function billingTaxFacilityIds(tx: Tx, accommodationIds: readonly number[]): Promise<number[]> {
  if (accommodationIds.length === 0) return [];
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from accommodations where id in (${idList(accommodationIds)}) and tax_collection = 'separate'
      and (jsonb_array_length(tax_jurisdictions) > 0 or bathing_tax_enabled)`,
  );
  return rows.map((r) => r.id);
}

/** No tax on the bill of these facilities' stays ending on `from` or later (every stay when null). */
export async function clearTaxDue(tx: Tx, accommodationIds: readonly number[], from: string | null): Promise<void> {
  if (accommodationIds.length === 0) return;
  await tx.execute(sql`update bookings set tax_due = 0
    where accommodation_id in (${idList(accommodationIds)}) and tax_due <> 0
      ${from === null ? sql`` : sql`and end_date >= ${from}::date`}`);
}

/** The facilities of a company (a rule of its changed: any of them may name its jurisdiction). */
export async function companyFacilityIds(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(tx, sql`select id from accommodations where company_id = ${companyId}`);
  return rows.map((r) => r.id);
}

/** Every facility of every company (the tax bills refreshed at start). */
export async function allFacilityIds(tx: Tx): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(tx, sql`select id from accommodations order by id`);
  return rows.map((r) => r.id);
}

export interface StoredDayVisit {
  date: string;
  visitors: number;
  children_under_12: number;
  school_trip: number;
}

/** A facility's day visitors recorded from `from` to `to` (dates included), by date. */
export function dayVisitsBetween(tx: Tx, accommodationId: number, from: string, to: string) {
  return sqlRows<StoredDayVisit>(
    tx,
    sql`select visit_date::text as date, visitors, children_under_12, school_trip from day_visits
    where accommodation_id = ${accommodationId} and visit_date between ${from}::date and ${to}::date
    order by visit_date`,
  );
}

/** The day's counts as they stand, locked (a change's before). */
export async function findDayVisit(tx: Tx, accommodationId: number, date: string) {
  const rows = await sqlRows<StoredDayVisit & { id: number }>(
    tx,
    sql`select id, visit_date::text as date, visitors, children_under_12, school_trip from day_visits
    where accommodation_id = ${accommodationId} and visit_date = ${date}::date for update`,
  );
  return rows[0];
}

/** Records the day's counts (one row per facility and day); all zero removes the record. */
export async function putDayVisit(
  tx: Tx,
  accommodationId: number,
  v: StoredDayVisit,
  userId: number,
): Promise<number | null> {
  if (v.visitors === 0 && v.children_under_12 === 0 && v.school_trip === 0) {
    const rows = await sqlRows<{ id: number }>(
      tx,
      sql`delete from day_visits where accommodation_id = ${accommodationId} and visit_date = ${v.date}::date returning id`,
    );
    return rows[0]?.id ?? null;
  }
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`insert into day_visits (accommodation_id, visit_date, visitors, children_under_12, school_trip, updated_by)
    values (${accommodationId}, ${v.date}::date, ${v.visitors}, ${v.children_under_12}, ${v.school_trip}, ${userId})
    on conflict (accommodation_id, visit_date) do update set visitors = excluded.visitors,
      children_under_12 = excluded.children_under_12, school_trip = excluded.school_trip,
      updated_by = excluded.updated_by, updated_at = now()
    returning id`,
  );
  return rows[0]!.id;
}
