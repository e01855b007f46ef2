import { and, asc, eq, gte } from 'drizzle-orm';
import type { Tx } from '../client';
import { accommodations, bookingGuests, bookings } from '../schema';

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
