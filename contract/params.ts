import { isValidDate } from './dates';
import { z } from './zod';

/** A numeric id in a path: `/accommodations/12`. */
export const idParam = z.coerce.number().int().positive();
export const idParams = z.object({ id: idParam });

/** A calendar date yyyy-MM-dd that exists, with a Japanese message. */
export const isoDate = (message = '日付を正しく入力してください') => z.string().max(10).refine(isValidDate, message);
