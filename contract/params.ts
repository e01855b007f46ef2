import { isValidDate } from './dates';
import { z } from './zod';

/** The largest id a table holds (PostgreSQL `integer`): a larger one would fail in SQL, not answer 404. */
export const MAX_ID = 2_147_483_647;

/** A numeric id in a path: `/accommodations/12`. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);
export const idParams = z.object({ id: idParam });

export const dateMessage = '日付を正しく入力してください';

/** A calendar date yyyy-MM-dd that exists, with a Japanese message. */
export const isoDate = (message = dateMessage) => z.string().max(10).refine(isValidDate, message);
