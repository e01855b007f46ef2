import { errorMessages, type ApiErrorBody } from '../contract/messages';

/**
 * A failed call. Same shape as react-admin's HttpError (message, status, body), so react-admin
 * shows `message` and reads `body.errors` for form fields; defined here so that the login page
 * does not pull react-admin into the first download.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** Status given to a 200 answer that is not JSON (spec section 8). */
export const NON_JSON_STATUS = 402;

/** The Japanese sentence for a status when the server's body carries none. */
export function messageForStatus(status: number): string {
  if (status === 400 || status === 422) return errorMessages.validation;
  if (status === 401) return errorMessages.unauthorized;
  if (status === 403) return errorMessages.forbidden;
  if (status === 404) return errorMessages.notFound;
  if (status === 409) return errorMessages.conflict;
  if (status === 413) return errorMessages.payloadTooLarge;
  if (status === 415) return errorMessages.unsupportedMediaType;
  if (status === 429) return errorMessages.tooManyRequests;
  if (status >= 500) return errorMessages.internal;
  return errorMessages.generic;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** fetch, with a network failure turned into the Japanese network message (status 0). */
export async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new HttpError(errorMessages.network, 0);
  }
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export interface ReadOptions {
  method: string;
  /** 'text' for answers that are not JSON on purpose (CSV export), 'blob' for files (a PDF). */
  responseType?: 'json' | 'text' | 'blob';
}

export interface ReadResult<T> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/**
 * Reads an answer: non-2xx → HttpError(status, the body's Japanese message); 204 or an empty
 * answer to a write → null; a 2xx that should be JSON and is not → HttpError 402.
 */
export async function readResponse<T>(response: Response, options: ReadOptions): Promise<ReadResult<T>> {
  if (options.responseType === 'blob' && response.ok) {
    const blob = await response.blob().catch((cause: unknown) => {
      throw new HttpError(errorMessages.network, 0, cause);
    });
    return { status: response.status, headers: response.headers, body: '', json: blob as T };
  }
  const text = await response.text().catch((cause: unknown) => {
    throw new HttpError(errorMessages.network, 0, cause);
  });
  const base = { status: response.status, headers: response.headers, body: text };

  if (!response.ok) {
    const parsed = text ? tryParseJson(text) : { ok: false as const };
    const body = parsed.ok ? parsed.value : text;
    const message = isApiErrorBody(body) && body.message ? body.message : messageForStatus(response.status);
    throw new HttpError(message, response.status, body);
  }
  if (options.responseType === 'text') {
    return { ...base, json: text as T };
  }
  const emptyAllowed = response.status === 204 || response.status === 205 || options.method.toUpperCase() !== 'GET';
  if (text.trim() === '' && emptyAllowed) {
    return { ...base, json: null as T };
  }
  const parsed = tryParseJson(text);
  if (!parsed.ok) {
    throw new HttpError(errorMessages.nonJson, NON_JSON_STATUS, text);
  }
  return { ...base, json: parsed.value as T };
}
