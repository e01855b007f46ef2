import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { addDays } from '../../../contract/dates';
import type { Tx } from '../client';
import { accommodations, bookingGuestPassports, bookingGuests, bookings } from '../schema';

/**
 * The guest register of the demo (issue 30): the third facility (the machiya) is a minpaku house
 * with its notification number, and the first facility's next three arrivals show each state of a
 * register: complete (the representative and companions living with them), incomplete (no contact
 * yet, companions not entered) and a Korean party living in Seoul whose passport copies are still
 * to come. No random draws: the rest of the demo stays as it was.
 */
export async function seedRegister(tx: Tx, accommodationIds: readonly number[], today: string): Promise<void> {
  await tx
    .update(accommodations)
    .set({ licence: 'minpaku', notificationNumber: 'M260012345' })
    .where(eq(accommodations.id, accommodationIds[2]!));
  await tx
    .update(accommodations)
    .set({ notificationNumber: '静岡県指令東保第2026-118号' })
    .where(eq(accommodations.id, accommodationIds[0]!));
  await seedPastRegisters(tx, accommodationIds, today);

  const arrivals = await tx
    .select({
      id: bookings.id,
      name: bookings.name,
      address: bookings.address,
      tel: bookings.tel,
      mail: bookings.mail,
      personNumber: bookings.personNumber,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.accommodationId, accommodationIds[0]!),
        eq(bookings.deleteFlg, 0),
        gte(bookings.startDate, today),
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(3);
  const [complete, incomplete, foreign] = arrivals;
  const rows: (typeof bookingGuests.$inferInsert)[] = [];
  if (complete) {
    rows.push({
      bookingId: complete.id,
      representative: true,
      name: complete.name,
      address: complete.address ?? '東京都千代田区丸の内1-1-1',
      contact: complete.tel ?? complete.mail ?? '03-1234-5678',
      nationality: 'JP',
    });
    for (let i = 1; i < complete.personNumber; i++) {
      rows.push({
        bookingId: complete.id,
        name: `${complete.name.split(' ')[0]} 同伴${i}`,
        sameAsRepresentative: true,
      });
    }
  }
  if (incomplete) {
    rows.push({
      bookingId: incomplete.id,
      representative: true,
      name: incomplete.name,
      address: incomplete.address ?? '大阪府大阪市北区梅田1-1-1',
      nationality: 'JP',
    });
  }
  if (foreign) {
    const party = ['Kim Minji', 'Park Jisoo', 'Lee Seojun', 'Choi Yuna'].slice(0, Math.max(1, foreign.personNumber));
    party.forEach((name, i) =>
      rows.push({
        bookingId: foreign.id,
        representative: i === 0,
        name,
        address: 'Seoul, Republic of Korea',
        contact: i === 0 ? 'minji.kim@example.kr' : null,
        sameAsRepresentative: i > 0,
        nationality: 'KR',
        residenceCountry: 'KR',
        passportNumber: `M${String(12345670 + i)}`,
      }),
    );
  }
  if (rows.length) await tx.insert(bookingGuests).values(rows);
}

/** How far back the demo's stays have their guests entered: the register page's month and the one before. */
const PAST_DAYS = 45;

/** The machiya's guests by party, in turn: where they come from, as the minpaku report counts them. */
type Party = readonly [nationality: string, surname: string, given: readonly string[], address: string];
const JAPANESE: Party = ['JP', '', [], ''];
const PARTIES = (
  [
    JAPANESE,
    ['US', 'Johnson', ['Emily', 'Daniel', 'Grace'], '1200 Pine St, Seattle, WA, USA'],
    ['KR', 'Lee', ['Jiwoo', 'Minho', 'Seoyeon'], '부산광역시 해운대구 해운대로 264'],
    JAPANESE,
    ['TW', 'Chen', ['Yating', 'Weiting', 'Yuchen'], '台北市大安區忠孝東路四段1號'],
    ['FR', 'Martin', ['Camille', 'Louis', 'Chloé'], '12 Rue de la République, Lyon, France'],
    ['AU', 'Wilson', ['Jack', 'Olivia', 'Noah'], '45 Collins St, Melbourne VIC, Australia'],
    JAPANESE,
    ['CN', 'Wang', ['Fang', 'Lei', 'Jing'], '上海市黄浦区南京东路100号'],
  ] satisfies Party[]
).map(([nationality, surname, given, address]) => ({ nationality, surname, given, address }));
const OCCUPATIONS = ['会社員', '公務員', '自営業', '学生', '教員', '医師', 'エンジニア', 'デザイナー'];
const JP_COMPANIONS = ['花子', '次郎', '美咲', '健太', '陽菜'];
/** The demo's passport copy: a 1x1 PNG standing for the photo the desk took. */
const PASSPORT_COPY = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The stays of the last 45 days, entered as a careful front desk would have: every guest, with what
 * the facility's licence asks (the machiya, a minpaku house: occupations, and parties from abroad
 * with passports and their copies), and the machiya's stays checked in at 16:00 and out at 10:00.
 * No random draws: a stay's party follows its place in the list.
 */
async function seedPastRegisters(tx: Tx, accommodationIds: readonly number[], today: string): Promise<void> {
  const machiya = accommodationIds[2]!;
  const past = await tx
    .select({
      id: bookings.id,
      accommodationId: bookings.accommodationId,
      name: bookings.name,
      address: bookings.address,
      tel: bookings.tel,
      mail: bookings.mail,
      personNumber: bookings.personNumber,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
    })
    .from(bookings)
    .where(
      and(eq(bookings.deleteFlg, 0), lt(bookings.endDate, today), gte(bookings.endDate, addDays(today, -PAST_DAYS))),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id));
  const passports: number[] = [];
  // The machiya's stays take the parties in turn, so any three in a row come from two countries at least.
  let machiyaStays = 0;
  for (const [i, stay] of past.entries()) {
    const minpaku = stay.accommodationId === machiya;
    const party = minpaku ? PARTIES[machiyaStays++ % PARTIES.length]! : PARTIES[0]!;
    const occupation = (n: number) => (minpaku ? OCCUPATIONS[(i + n) % OCCUPATIONS.length]! : null);
    const rows: (typeof bookingGuests.$inferInsert)[] = [];
    for (let n = 0; n < stay.personNumber; n++) {
      const representative = n === 0;
      if (party.nationality === 'JP') {
        const surname = stay.name.split(' ')[0]!;
        rows.push({
          bookingId: stay.id,
          representative,
          name: representative ? stay.name : `${surname} ${JP_COMPANIONS[(n - 1) % JP_COMPANIONS.length]}`,
          address: representative ? (stay.address ?? '東京都世田谷区北沢2-1-1') : null,
          contact: representative ? (stay.tel ?? stay.mail) : null,
          occupation: occupation(n),
          nationality: 'JP',
          residenceCountry: 'JP',
          sameAsRepresentative: !representative,
        });
      } else {
        rows.push({
          bookingId: stay.id,
          representative,
          name: `${party.given[n % party.given.length]} ${party.surname}`,
          address: representative ? party.address : null,
          contact: representative ? stay.mail : null,
          occupation: occupation(n),
          nationality: party.nationality,
          residenceCountry: party.nationality,
          passportNumber: `${party.nationality}${String(4_100_000 + i * 10 + n)}`,
          sameAsRepresentative: !representative,
        });
      }
    }
    const inserted = await tx.insert(bookingGuests).values(rows).returning({ id: bookingGuests.id });
    if (party.nationality !== 'JP') passports.push(...inserted.map((g) => g.id));
    if (minpaku) {
      await tx
        .update(bookings)
        .set({
          stayStatus: 'checked_out',
          checkedInAt: new Date(`${stay.startDate}T16:00:00+09:00`),
          checkedOutAt: new Date(`${stay.endDate}T10:00:00+09:00`),
        })
        .where(eq(bookings.id, stay.id));
    }
  }
  if (passports.length > 0) {
    await tx
      .insert(bookingGuestPassports)
      .values(passports.map((guestId) => ({ guestId, content: PASSPORT_COPY, mediaType: 'image/png' })));
  }
}
