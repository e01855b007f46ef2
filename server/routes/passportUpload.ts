import { MAX_PASSPORT_BYTES, registerMessages } from '../../contract/guestRegister';
import { AppError } from '../errors';
import { declaredLengthAtMost } from '../plugins/bodyLimits';

/**
 * What a route that takes a passport copy (staff's and the guest's pre-check-in) declares: one file,
 * multipart field `file`, at most MAX_PASSPORT_BYTES, a larger declared body refused before it is
 * read. The service judges the file by its content (services/guestRegister.ts passportCopy).
 */
const tooLarge = () =>
  new AppError(413, 'payload_too_large', registerMessages.passportTooLarge, {
    file: registerMessages.passportTooLarge,
  });

/**
 * New objects on every call: Fastify writes into a route's config (its url and method), so two
 * routes, or two apps in one process, must never share one.
 */
export const passportMultipart = () => ({
  multipartOptions: { limits: { files: 1, fileSize: MAX_PASSPORT_BYTES, fields: 0, parts: 1 } },
});
export const passportOnRequest = () => [declaredLengthAtMost(MAX_PASSPORT_BYTES + 64 * 1024, tooLarge)];

/** The file of the multipart body, or undefined when none was sent. */
export function passportFileOf(body: unknown): Buffer | undefined {
  const value = (body as Record<string, unknown> | null | undefined)?.file;
  return Buffer.isBuffer(value) ? value : undefined;
}
