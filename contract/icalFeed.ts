import { fillPath, sitePaths } from './apiPaths';
import { z } from './zod';

/**
 * A facility's calendar feed address (`GET /facility/{id}/ical`, `POST /facility/{id}/ical/regenerate`):
 * `uid` the secret part of the address, `url` the whole address from the caller's origin
 * (`https://host/ical/{uid}.ics`), ready to paste into a calendar app.
 */
export const icalFeedSchema = z.object({
  uid: z.string(),
  url: z.string(),
});
export type IcalFeed = z.infer<typeof icalFeedSchema>;

/** The feed's path on the server: `/ical/{uid}.ics`. */
export const icalFeedPath = (uid: string) => fillPath(sitePaths.icalFile, { file: `${uid}.ics` });
