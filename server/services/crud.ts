import type { EntityDescription } from '../../contract/entity';
import type { z } from '../../contract/zod';
import type { CurrentUser } from '../auth/currentUser';

/** Who asks, and for which accommodation when the entity belongs to one (404 already answered when unreachable). */
export interface CrudScope {
  user: CurrentUser;
  /** The accommodation of a nested path (`accommodation/:id/faq`); null for a company-level entity. */
  accommodationId: number | null;
}

/**
 * The rules of one entity (a service of server/services): the route hands over what its schemas
 * parsed, the service answers the record as the entity's record schema describes it, or throws
 * an AppError (404 for what the scope does not hold, 400 with field messages, 409).
 */
export interface CrudService<R, C, U, Q, L = R> {
  /** The list's rows: the records, or a shorter row (`L`) where the entity's list answers one. */
  list(scope: CrudScope, query: Q): Promise<L[]>;
  get(scope: CrudScope, id: number): Promise<R>;
  create(scope: CrudScope, input: C): Promise<R>;
  update(scope: CrudScope, id: number, input: U): Promise<R>;
  delete(scope: CrudScope, id: number): Promise<void>;
}

/** The accommodation of a nested path's scope: crudRoutes has checked the user reaches it. */
export const accommodationOf = (scope: CrudScope): number => scope.accommodationId!;

/** What an entity description's schemas parse to: the record, and what create, update and the list take. */
export type EntityTypes<E> =
  E extends EntityDescription<infer R, infer C, infer U, infer Q>
    ? { record: z.output<R>; create: z.output<C>; update: z.output<U>; listQuery: z.output<Q> }
    : never;

/** The service of an entity description (contract/), typed by its schemas. */
export type EntityCrud<E> = CrudService<
  EntityTypes<E>['record'],
  EntityTypes<E>['create'],
  EntityTypes<E>['update'],
  EntityTypes<E>['listQuery']
>;
