import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../auth/passwords';
import { seedChannelKey } from '../../channel/wire/credentials';
import type { Db, Tx } from '../client';
import {
  accommodationOptions,
  accommodations,
  bookingOptions,
  bookings,
  companies,
  faqs,
  mailMessages,
  mailTemplates,
  paymentMethods,
  payments,
  planPaymentMethods,
  planPrices,
  plans,
  priceRuleSets,
  roomPlans,
  rooms,
  senderAddresses,
  suppliers,
  userAccommodations,
  users,
} from '../schema';
import { generateBookings, nightPrice, type CatalogAccommodation, type CatalogRoom } from './bookings';
import { seedExtras } from './extras';
import { seedRegister } from './register';
import { seedTaxes } from './taxes';
import {
  ACCOMMODATIONS,
  COMPANY_NAME,
  INVOICE_ISSUER,
  MAIL_TEMPLATES,
  PAYMENT_METHOD_NAMES,
  SENDER_ADDRESSES,
  SUPPLIERS,
} from './fixtures';
import { addMonths, chunks, clockUntil, dateRange, endOfTokyoDay, firstOfMonth, Rng, tokyoToday } from './util';

/**
 * Demo data for a fresh database (DECISIONS.md "Demo data and accounts"): 株式会社やどばん, three
 * accommodations with their catalogue, about 300 bookings around today, and the accounts
 * admin@example.com / admin-pass-1234 and staff@example.com / staff-pass-1234.
 * Deterministic: the same `today` gives the same rows (timestamps included).
 */

const SEED = 0x5ad0ba2;

const ACCOUNTS = [
  { mail: 'admin@example.com', password: 'admin-pass-1234', name: '管理者 太郎', userType: 1, grants: [] },
  { mail: 'staff@example.com', password: 'staff-pass-1234', name: 'スタッフ 花子', userType: 2, grants: [0] },
  { mail: 'staff2@example.com', password: 'staff2-pass-1234', name: '受付 次郎', userType: 2, grants: [1, 2] },
  { mail: 'staff3@example.com', password: 'staff3-pass-1234', name: '清掃 美咲', userType: 2, grants: [0, 2] },
] as const;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (const part of chunks(rows, 500)) await tx.insert(table).values(part);
}

/**
 * Writes the demo data in one transaction. Returns false, writing nothing, when a company
 * already exists.
 */
export async function seedDemo(
  db: Db,
  options: {
    today?: string;
    /** The key that seals the demo channel passwords: the server's (start.ts); else seedChannelKey's. */
    channelKey?: Buffer;
  } = {},
): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return false;
  const channelKey = options.channelKey ?? (await seedChannelKey(db));
  const today = options.today ?? tokyoToday();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`seedDemo: today must be yyyy-MM-dd, got ${today}`);
  // Hashing is the slow part (argon2id); do it before the transaction, all at once.
  const hashes = await Promise.all(ACCOUNTS.map((a) => hashPassword(a.password)));
  const rng = new Rng(SEED);
  // Seeding today's data never writes an instant later than now; any other day ends at midnight.
  const cap = today === tokyoToday() ? new Date() : endOfTokyoDay(today);

  return db.transaction(async (tx) => {
    // Serialises two first starts racing on the same empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(7812025)`);
    if ((await tx.select({ id: companies.id }).from(companies).limit(1)).length > 0) return false;

    const [company] = await tx
      .insert(companies)
      .values({ name: COMPANY_NAME, ...INVOICE_ISSUER })
      .returning({ id: companies.id });
    const companyId = company!.id;

    await tx
      .insert(paymentMethods)
      .values(PAYMENT_METHOD_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
    const methodIds = new Map((await tx.select().from(paymentMethods)).map((m) => [m.name, m.id]));

    const accRows = await tx
      .insert(accommodations)
      .values(
        ACCOMMODATIONS.map((a) => ({
          companyId,
          uid: rng.hex(16),
          name: a.name,
          shortName: a.shortName,
          color: a.color,
          detailUrl: `https://yadoban.example.com/stay/${a.slug}`,
          roomNumber: a.rooms.reduce((sum, r) => sum + r.maxNum, 0),
          taxJurisdictions: [...(a.taxes?.jurisdictions ?? [])],
          bathingTaxEnabled: a.taxes?.bathing ?? false,
          bathingTaxDayRate: a.taxes?.dayRate ?? 0,
        })),
      )
      .returning({ id: accommodations.id });
    const accIds = accRows.map((r) => r.id);

    const userRows = await tx
      .insert(users)
      .values(
        ACCOUNTS.map((a, i) => ({
          companyId,
          name: a.name,
          mail: a.mail,
          passwordHash: hashes[i]!,
          userType: a.userType,
        })),
      )
      .returning({ id: users.id });
    const grants = ACCOUNTS.flatMap((a, i) =>
      a.grants.map((g) => ({ userId: userRows[i]!.id, accommodationId: accIds[g]! })),
    );
    await tx.insert(userAccommodations).values(grants);

    const supplierRows = await tx
      .insert(suppliers)
      .values(SUPPLIERS.map((s) => ({ companyId, name: s.name, mail: s.mail })))
      .returning({ id: suppliers.id, name: suppliers.name });
    // The demo's addresses are verified: its mail goes out from them from the start.
    await tx
      .insert(senderAddresses)
      .values(SENDER_ADDRESSES.map((fromAddress) => ({ companyId, fromAddress, verifiedAt: new Date() })));

    // Rooms and plans, then which plan sells with which room.
    const roomRows = await tx
      .insert(rooms)
      .values(
        ACCOMMODATIONS.flatMap((a, i) =>
          a.rooms.map((r) => ({ accommodationId: accIds[i]!, name: r.name, maxNum: r.maxNum })),
        ),
      )
      .returning({ id: rooms.id, accommodationId: rooms.accommodationId, name: rooms.name, maxNum: rooms.maxNum });
    const roomId = (acc: number, name: string) =>
      roomRows.find((r) => r.accommodationId === accIds[acc] && r.name === name)!.id;
    const salesStart = firstOfMonth(addMonths(today, -12));
    const planFixtures = ACCOMMODATIONS.flatMap((a, i) => a.plans.map((p) => ({ acc: i, p })));
    const planRows = await tx
      .insert(plans)
      .values(
        planFixtures.map(({ acc, p }) => ({
          accommodationId: accIds[acc]!,
          name: p.name,
          closeDateBefore: p.closeDateBefore,
          startAt: salesStart,
          endAt: p.endInMonths === null ? null : addMonths(today, p.endInMonths),
          isActive: p.isActive,
          maxNum: p.maxNum,
          description: p.description,
          ikyuId: p.ikyuId,
          checkIn: '15:00',
          checkOut: '10:00',
          price: p.rule.base,
          icon: p.icon,
          noticeMail: p.isActive ? SENDER_ADDRESSES[1] : null,
          mealPrice: p.mealPrice ?? 0,
        })),
      )
      .returning({ id: plans.id });
    const planList = planFixtures.map((f, i) => ({ ...f, id: planRows[i]!.id }));
    await tx
      .insert(roomPlans)
      .values(planList.flatMap(({ acc, p, id }) => p.rooms.map((r) => ({ roomId: roomId(acc, r), planId: id }))));
    await tx
      .insert(planPaymentMethods)
      .values(
        planList.flatMap(({ p, id }) =>
          p.paymentMethods.map((m) => ({ planId: id, paymentMethodId: methodIds.get(m)! })),
        ),
      );

    // Prices for every night from the start of the booking window to 6 months ahead, every headcount.
    const priceDates = dateRange(addMonths(today, -3), addMonths(today, 6));
    const prices = planList.flatMap(({ p, id }) =>
      priceDates.flatMap((targetDate) =>
        Array.from({ length: p.maxNum }, (_, u) => ({
          planId: id,
          targetDate,
          unit: u + 1,
          price: nightPrice(p.rule, targetDate, u + 1),
        })),
      ),
    );
    // ~7,400 rows: one statement over four arrays is several times faster than chunked VALUES.
    const pgArray = (values: (number | string)[]) => `{${values.join(',')}}`;
    await tx.execute(sql`
      insert into ${planPrices} (plan_id, target_date, unit, price)
      select * from unnest(
        ${pgArray(prices.map((r) => r.planId))}::integer[],
        ${pgArray(prices.map((r) => r.targetDate))}::date[],
        ${pgArray(prices.map((r) => r.unit))}::integer[],
        ${pgArray(prices.map((r) => r.price))}::integer[])`);
    await tx.insert(priceRuleSets).values(
      planList.map(({ p, id }) => ({
        planId: id,
        basePrice: p.rule.base,
        unitStep: Array.from({ length: p.maxNum }, (_, u) => u * p.rule.perPerson),
        weekStep: [...p.rule.week],
        holidayStep: [...p.rule.holiday],
      })),
    );

    const optionFixtures = ACCOMMODATIONS.flatMap((a, i) => a.options.map((o, order) => ({ acc: i, o, order })));
    const optionRows = await tx
      .insert(accommodationOptions)
      .values(
        optionFixtures.map(({ acc, o, order }) => ({
          accommodationId: accIds[acc]!,
          name: o.name,
          price: o.price,
          unit: o.unit,
          unitMax: o.unitMax,
          description: o.description,
          supplierId: o.supplier === null ? null : supplierRows[o.supplier]!.id,
          roomId: o.room === null ? null : roomId(acc, o.room),
          userSelection: o.userSelection,
          isStayType: o.isStayType,
          notice: o.notice,
          displayOrder: order,
        })),
      )
      .returning();
    await tx.insert(faqs).values(
      ACCOMMODATIONS.flatMap((a, i) =>
        a.faqs.map((f, order) => ({
          accommodationId: accIds[i]!,
          question: f.question,
          answer: f.answer,
          displayOrder: order,
          roomId: f.room === null ? null : roomId(i, f.room),
        })),
      ),
    );

    const templateRows = ACCOMMODATIONS.flatMap((a, i) =>
      MAIL_TEMPLATES.map(([sendType, title, body]) => ({
        accommodationId: accIds[i]!,
        sendType,
        title: title.replaceAll('{{accommodation}}', a.name),
        fromAddress: SENDER_ADDRESSES[1],
        fromName: a.name,
        body: body.replaceAll('{{accommodation}}', a.name),
      })),
    );
    await tx.insert(mailTemplates).values(templateRows);

    // Bookings, with their payments, options and mail history.
    const catalog: CatalogAccommodation[] = ACCOMMODATIONS.map((a, i) => ({
      id: accIds[i]!,
      name: a.name,
      companyId,
      templates: new Map(templateRows.filter((t) => t.accommodationId === accIds[i]).map((t) => [t.sendType, t])),
      rooms: roomRows
        .filter((r) => r.accommodationId === accIds[i])
        .map((r): CatalogRoom => ({
          id: r.id,
          name: r.name,
          maxNum: r.maxNum,
          plans: planList
            .filter(({ acc, p }) => acc === i && p.rooms.includes(r.name))
            .map(({ p, id }) => ({ id, name: p.name, maxNum: p.maxNum, isActive: p.isActive, rule: p.rule })),
          options: optionRows
            .filter((o) => o.accommodationId === accIds[i] && (o.roomId === null || o.roomId === r.id))
            .map((o) => ({
              id: o.id,
              name: o.name,
              price: o.price,
              unitMax: o.unitMax,
              isStayType: o.isStayType,
              supplierId: o.supplierId,
              supplierName: supplierRows.find((s) => s.id === o.supplierId)?.name ?? null,
            })),
        })),
    }));
    const generated = generateBookings(catalog, today, rng, cap);
    const bookIds = new Map<string, number>();
    for (const part of chunks(generated.bookings, 500)) {
      const rows = await tx
        .insert(bookings)
        .values(part.map((b) => b.row))
        .returning({ id: bookings.id, uid: bookings.uid });
      for (const r of rows) bookIds.set(r.uid, r.id);
    }
    const withId = <T>(list: (b: (typeof generated.bookings)[number]) => T[]) =>
      generated.bookings.flatMap((b) => list(b).map((row) => ({ ...row, bookId: bookIds.get(b.row.uid)! })));
    await insertAll(
      tx,
      payments,
      withId((b) => b.payments),
    );
    await insertAll(
      tx,
      bookingOptions,
      withId((b) => b.options),
    );
    await insertAll(
      tx,
      mailMessages,
      withId((b) => b.mails),
    );

    const over = generated.bookings.find((b) => b.row.uid === generated.overbooked.uid)!;
    const seen = new Set<string>();
    const guests = generated.bookings
      .filter((b) => b.row.mail && !b.row.deleteFlg && !seen.has(b.row.mail) && seen.add(b.row.mail))
      .slice(0, 8)
      .map((b) => ({
        mail: b.row.mail!,
        name: b.row.name,
        bookId: bookIds.get(b.row.uid)!,
        accommodationId: b.row.accommodationId,
      }));
    await seedExtras({
      tx,
      rng,
      channelKey,
      clock: clockUntil(cap),
      today,
      companyId,
      accommodationIds: accIds,
      adminId: userRows[0]!.id,
      staff: ACCOUNTS.flatMap((a, i) =>
        a.userType === 2 ? [{ id: userRows[i]!.id, accommodationIds: a.grants.map((g) => accIds[g]!) }] : [],
      ),
      firstRooms: roomRows.filter((r) => r.accommodationId === accIds[0]),
      firstPlans: planList.filter((p) => p.acc === 0).map(({ p, id }) => ({ id, name: p.name, ikyuId: p.ikyuId })),
      overbooked: {
        bookId: bookIds.get(over.row.uid)!,
        roomId: generated.overbooked.roomId,
        date: generated.overbooked.date,
        createdAt: over.row.createdAt as Date,
      },
      guests,
    });
    await seedRegister(tx, accIds, today);
    await seedTaxes(tx, accIds, today);
    return true;
  });
}
