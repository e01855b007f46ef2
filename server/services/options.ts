import {
  optionMessages,
  type AccommodationOption,
  type optionCreateSchema,
  type optionListQuerySchema,
  type optionUpdateSchema,
} from '../../contract/option';
import type { z } from '../../contract/zod';
import type { Db, Tx } from '../db/client';
import { lockAccommodation } from '../db/queries/catalogue';
import * as q from '../db/queries/options';
import { fieldError, notFound } from '../errors';
import { audit, updateEntry, withoutId } from './audit';
import type { CurrentUser } from './auth';
import { accommodationOf, type CrudService } from './crud';

/** What the route hands over: the contract's schemas after parsing (texts trimmed, blanks null). */
type ParsedCreate = z.output<typeof optionCreateSchema>;
type ParsedUpdate = z.output<typeof optionUpdateSchema>;

function optionValues(input: ParsedUpdate): q.OptionValues {
  const values: q.OptionValues = {
    name: input.name,
    price: input.price,
    unit: input.unit,
    unitMax: input.unit_max,
    description: input.description,
    userSelection: input.user_selection,
    isStayType: input.is_stay_type,
    notice: input.notice,
    displayOrder: input.display_order,
    taxClass: input.tax_class,
  };
  // Fields not sent stay as they are.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as q.OptionValues;
}

const trail = (option: AccommodationOption) => ({
  target: 'option',
  targetId: option.id,
  accommodationId: option.accommodation_id,
});

/**
 * The option catalogue of an accommodation (spec 7 "Options, FAQ, suppliers"; rules of spec 5
 * "Option"). The route has checked that the user may reach the accommodation; an option, room or
 * partner is looked up within it (or its company), so one of elsewhere is not found or refused.
 * Every write leaves its audit row in its transaction.
 */
export class OptionService {
  constructor(private readonly db: Db) {}

  /** 400 when roomId names a room type of another accommodation (or none). */
  async list(accommodationId: number, roomId?: number): Promise<AccommodationOption[]> {
    if (roomId !== undefined && !(await q.roomOfAccommodation(this.db, accommodationId, roomId))) {
      throw fieldError('room_id', optionMessages.room);
    }
    return q.listOptions(this.db, accommodationId, { roomId });
  }

  async option(accommodationId: number, optionId: number, tx: Tx = this.db): Promise<AccommodationOption> {
    const option = await q.findOption(tx, accommodationId, optionId);
    if (!option) throw notFound();
    return option;
  }

  create(user: CurrentUser, accommodationId: number, input: ParsedCreate): Promise<AccommodationOption> {
    return this.db.transaction(async (tx) => {
      const supplierId = input.supplier_id ?? null;
      const roomId = input.room_id ?? null;
      if (supplierId !== null && !(await q.supplierOfAccommodation(tx, accommodationId, supplierId))) {
        throw fieldError('supplier_id', optionMessages.supplier);
      }
      if (roomId !== null && !(await q.roomOfAccommodation(tx, accommodationId, roomId))) {
        throw fieldError('room_id', optionMessages.room);
      }
      // Two creations at once must not take the same place at the end of the list.
      if (input.display_order === undefined) await lockAccommodation(tx, accommodationId);
      const displayOrder = input.display_order ?? (await q.nextDisplayOrder(tx, accommodationId));
      const id = await q.insertOption(tx, accommodationId, {
        ...optionValues(input),
        name: input.name,
        price: input.price,
        unit: input.unit,
        supplierId,
        roomId,
        displayOrder,
      });
      const option = await this.option(accommodationId, id, tx);
      await audit(tx, user, { action: 'create', ...trail(option), after: withoutId(option) });
      return option;
    });
  }

  /** Any subset; supplier_id and room_id are taken only when they are what is stored (spec 2). */
  update(
    user: CurrentUser,
    accommodationId: number,
    optionId: number,
    input: ParsedUpdate,
  ): Promise<AccommodationOption> {
    return this.db.transaction(async (tx) => {
      const stored = await q.findOption(tx, accommodationId, optionId, true);
      if (!stored) throw notFound();
      if (input.supplier_id !== undefined && input.supplier_id !== stored.supplier_id) {
        throw fieldError('supplier_id', optionMessages.fixedOnEdit);
      }
      if (input.room_id !== undefined && input.room_id !== stored.room_id) {
        throw fieldError('room_id', optionMessages.fixedOnEdit);
      }
      const values = optionValues(input);
      if (Object.keys(values).length > 0) await q.updateOption(tx, optionId, values);
      const option = await this.option(accommodationId, optionId, tx);
      await audit(tx, user, updateEntry(trail(option), stored, option));
      return option;
    });
  }

  delete(user: CurrentUser, accommodationId: number, optionId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const stored = await q.findOption(tx, accommodationId, optionId, true);
      if (!stored) throw notFound();
      await q.deleteOption(tx, optionId);
      await audit(tx, user, { action: 'delete', ...trail(stored), before: withoutId(stored) });
    });
  }
}

/** Options on the generated routes (server/routes/crud.ts): the catalogue's rules; the list takes a room. */
export function optionCrud(
  options: OptionService,
): CrudService<AccommodationOption, ParsedCreate, ParsedUpdate, z.output<typeof optionListQuerySchema>> {
  return {
    list: (scope, query) => options.list(accommodationOf(scope), query.room_id),
    get: (scope, id) => options.option(accommodationOf(scope), id),
    create: (scope, input) => options.create(scope.user, accommodationOf(scope), input),
    update: (scope, id, input) => options.update(scope.user, accommodationOf(scope), id, input),
    delete: (scope, id) => options.delete(scope.user, accommodationOf(scope), id),
  };
}
