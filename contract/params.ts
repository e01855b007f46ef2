import { z } from './zod';

/** A numeric id in a path: `/accommodations/12`. */
export const idParam = z.coerce.number().int().positive();
export const idParams = z.object({ id: idParam });
