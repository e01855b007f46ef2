import { HttpError, isApiErrorBody } from './http';

/**
 * The sentence to show for a failed call: the server's own Japanese message (a broken rule, a full
 * room type, no connection), else the screen's fallback from the spec's catalogue.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && (error.status === 0 || isApiErrorBody(error.body))) {
    return withRequestId(error.message, error.body);
  }
  return fallback;
}

/** A server failure's message with the id of its log line, for the user to quote (エラーID). */
export function withRequestId(message: string, body: unknown): string {
  const id = isApiErrorBody(body) ? body.request_id : undefined;
  return id ? `${message}（エラーID: ${id}）` : message;
}

/** The server's per-field sentences of a refused call (400 `errors`), empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof HttpError && isApiErrorBody(error.body) && error.body.errors) return error.body.errors;
  return {};
}
