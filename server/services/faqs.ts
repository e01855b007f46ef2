import { faqMessages, type Faq, type faqEntity } from '../../contract/faq';
import type { Db, Tx } from '../db/client';
import { lockAccommodation, lockRoom } from '../db/queries/catalogue';
import * as q from '../db/queries/faqs';
import { roomOfAccommodation } from '../db/queries/options';
import { badRequest, notFound } from '../errors';
import type { CrudScope, EntityCrud, EntityTypes } from './crud';
import { audit, updateEntry, withoutId } from './audit';

type Io = EntityTypes<typeof faqEntity>;

const roomError = () => badRequest(faqMessages.room, { room_id: faqMessages.room });

/** The accommodation of a nested path: crudRoutes has checked that the user may reach it. */
const accommodationOf = (scope: CrudScope) => scope.accommodationId!;
const trail = (scope: CrudScope, faq: Faq) => ({
  target: 'faq',
  targetId: faq.id,
  accommodationId: accommodationOf(scope),
});

/**
 * The FAQ of an accommodation (spec 2 "FAQ", 7 "Options, FAQ, suppliers"), for every signed-in user
 * who reaches the accommodation. An item, or a room type, of another accommodation is not found
 * (or refused with 400 for a room). Unlike an option, an item may move to another room type.
 */
export class FaqService implements EntityCrud<typeof faqEntity> {
  constructor(private readonly db: Db) {}

  /** With room_id: the items of that room type and those for every room (400 for a room not of this accommodation). */
  async list(scope: CrudScope, query: Io['listQuery']): Promise<Faq[]> {
    const accommodationId = accommodationOf(scope);
    if (query.room_id !== undefined && !(await roomOfAccommodation(this.db, accommodationId, query.room_id))) {
      throw roomError();
    }
    return q.listFaqs(this.db, accommodationId, { roomId: query.room_id });
  }

  async get(scope: CrudScope, id: number): Promise<Faq> {
    const faq = await q.findFaq(this.db, accommodationOf(scope), id);
    if (!faq) throw notFound();
    return faq;
  }

  /** A new item goes after the last (spec 9) unless display_order is given. */
  create(scope: CrudScope, input: Io['create']): Promise<Faq> {
    const accommodationId = accommodationOf(scope);
    return this.db.transaction(async (tx) => {
      const roomId = input.room_id ?? null;
      await this.checkRoom(tx, accommodationId, roomId);
      // Two creations at once must not take the same place at the end of the list.
      if (input.display_order === undefined) await lockAccommodation(tx, accommodationId);
      const displayOrder = input.display_order ?? (await q.nextFaqOrder(tx, accommodationId));
      const id = await q.insertFaq(tx, accommodationId, {
        question: input.question,
        answer: input.answer,
        roomId,
        displayOrder,
      });
      const faq = (await q.findFaq(tx, accommodationId, id))!;
      await audit(tx, scope.user, { action: 'create', ...trail(scope, faq), after: withoutId(faq) });
      return faq;
    });
  }

  /** Any subset: a reorder sends display_order alone; room_id may change (null: every room). */
  update(scope: CrudScope, id: number, input: Io['update']): Promise<Faq> {
    const accommodationId = accommodationOf(scope);
    return this.db.transaction(async (tx) => {
      const before = await q.findFaq(tx, accommodationId, id);
      if (!before) throw notFound();
      if (input.room_id !== undefined) await this.checkRoom(tx, accommodationId, input.room_id);
      const values: q.FaqValues = {
        question: input.question,
        answer: input.answer,
        roomId: input.room_id,
        displayOrder: input.display_order,
      };
      const changes = Object.values(values).some((v) => v !== undefined);
      // Deleted meanwhile: not found either.
      if (changes && !(await q.updateFaq(tx, accommodationId, id, values))) throw notFound();
      const faq = await q.findFaq(tx, accommodationId, id);
      if (!faq) throw notFound();
      await audit(tx, scope.user, updateEntry(trail(scope, faq), before, faq));
      return faq;
    });
  }

  delete(scope: CrudScope, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const before = await q.findFaq(tx, accommodationOf(scope), id);
      if (!before || !(await q.deleteFaq(tx, accommodationOf(scope), id))) throw notFound();
      await audit(tx, scope.user, { action: 'delete', ...trail(scope, before), before: withoutId(before) });
    });
  }

  /**
   * 400 unless the room type is one of this accommodation. Its row stays locked until the write
   * commits, so that a room type deleted meanwhile cannot make the insert fail on its foreign key.
   * (Rooms before FAQ rows: the order a room's delete takes them in, cascading.)
   */
  private async checkRoom(tx: Tx, accommodationId: number, roomId: number | null): Promise<void> {
    if (roomId !== null && !(await lockRoom(tx, accommodationId, roomId))) throw roomError();
  }
}
