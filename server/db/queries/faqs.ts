import { and, eq, sql } from 'drizzle-orm';
import type { Faq } from '../../../contract/faq';
import { sqlRows, type Tx } from '../client';
import { faqs } from '../schema';

/** The columns of a FAQ row that a create or a change writes. */
export interface FaqValues {
  question?: string;
  answer?: string;
  roomId?: number | null;
  displayOrder?: number;
}

/**
 * The FAQ of an accommodation in display order, then id, with the room type's name. With roomId:
 * what a guest of that room type reads (its own items and those for every room); with faqId: that
 * one item.
 */
export function listFaqs(
  tx: Tx,
  accommodationId: number,
  filter: { roomId?: number; faqId?: number } = {},
): Promise<Faq[]> {
  const { roomId, faqId } = filter;
  return sqlRows<Faq>(
    tx,
    sql`select f.id, f.accommodation_id, f.question, f.answer, f.display_order, f.room_id, r.name as room_name
      from faqs f left join rooms r on r.id = f.room_id
      where f.accommodation_id = ${accommodationId}
        ${roomId === undefined ? sql`` : sql`and (f.room_id = ${roomId} or f.room_id is null)`}
        ${faqId === undefined ? sql`` : sql`and f.id = ${faqId}`}
      order by f.display_order, f.id`,
  );
}

export async function findFaq(tx: Tx, accommodationId: number, faqId: number): Promise<Faq | undefined> {
  return (await listFaqs(tx, accommodationId, { faqId }))[0];
}

/**
 * The display_order after the last item (0 for an empty list, spec 9). The caller holds the
 * accommodation's lock, so that two creations do not take the same place.
 */
export async function nextFaqOrder(tx: Tx, accommodationId: number): Promise<number> {
  const [row] = await sqlRows<{ next: number }>(
    tx,
    sql`select coalesce(max(display_order) + 1, 0)::int as next from faqs where accommodation_id = ${accommodationId}`,
  );
  return row!.next;
}

export async function insertFaq(
  tx: Tx,
  accommodationId: number,
  values: { question: string; answer: string; roomId: number | null; displayOrder: number },
): Promise<number> {
  const [row] = await tx
    .insert(faqs)
    .values({ accommodationId, ...values })
    .returning({ id: faqs.id });
  return row!.id;
}

/** False when the accommodation has no such item. */
export async function updateFaq(tx: Tx, accommodationId: number, faqId: number, values: FaqValues): Promise<boolean> {
  const rows = await tx
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(faqs.id, faqId), eq(faqs.accommodationId, accommodationId)))
    .returning({ id: faqs.id });
  return rows.length > 0;
}

/** False when the accommodation has no such item. */
export async function deleteFaq(tx: Tx, accommodationId: number, faqId: number): Promise<boolean> {
  const rows = await tx
    .delete(faqs)
    .where(and(eq(faqs.id, faqId), eq(faqs.accommodationId, accommodationId)))
    .returning({ id: faqs.id });
  return rows.length > 0;
}
