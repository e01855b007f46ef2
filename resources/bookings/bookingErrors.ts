import { HttpError, isApiErrorBody } from '../../dataProvider/http';

/**
 * The sentence to show for a failed call: the server's own Japanese message (a broken rule, a full
 * room type, no connection), else the screen's fallback from the spec's catalogue.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && (error.status === 0 || isApiErrorBody(error.body))) return error.message;
  return fallback;
}
