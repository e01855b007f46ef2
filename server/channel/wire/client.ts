import { errorMessages } from '../../../contract/messages';
import type { Config } from '../../config';
import { conflict } from '../../errors';
import type {
  AvailabilityDay,
  AvailabilityValue,
  BookingChange,
  ChannelBooking,
  ChannelRevision,
  RestrictionValue,
} from './types';

/**
 * The channel's base address: CHANNEL_URL (server/start.ts sets it to the simulator it starts on
 * the embedded default). Without one no call can be made: a 409 that says so, not a failed call.
 */
export function channelBaseUrl(config: Pick<Config, 'CHANNEL_URL'>): string {
  if (!config.CHANNEL_URL) throw conflict(errorMessages.syncNotConfigured);
  return config.CHANNEL_URL;
}

/**
 * The HTTP client of the external booking channel (service 1), shaped after docs/channel.md.
 * Every call logs in with HTTP Basic; a failure is a ChannelError with the channel's code, so that
 * callers decide: retry (429, 5xx, timeout, network), stop (wrong password, closed), or show staff
 * the Japanese sentence of spec section 8 (channelErrorMessage).
 */

export type ChannelErrorCode =
  | 'wrong_password'
  | 'closed'
  | 'close_booking_error'
  | 'cancel_sync_error'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable'
  | 'internal'
  | 'bad_request'
  | 'timeout'
  | 'network'
  | 'bad_answer'
  | 'too_large';

export class ChannelError extends Error {
  constructor(
    readonly code: ChannelErrorCode,
    readonly status: number,
    message: string,
    /** Seconds to wait before the next call of this kind (429's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ChannelError';
  }

  /** Worth trying again later: the channel was busy, down or slow, not refusing. */
  get retryable(): boolean {
    return ['rate_limited', 'unavailable', 'internal', 'timeout', 'network', 'bad_answer'].includes(this.code);
  }
}

/** The Japanese sentence staff see for a failed sync (spec section 8). */
export function channelErrorMessage(error: unknown): string {
  if (!(error instanceof ChannelError)) return errorMessages.syncFailed;
  switch (error.code) {
    case 'wrong_password':
      return errorMessages.syncWrongPassword;
    case 'closed':
      return errorMessages.syncStateNotAllowed;
    case 'close_booking_error':
      return errorMessages.syncCloseBookingError;
    case 'cancel_sync_error':
      return errorMessages.syncCancelError;
    default:
      return errorMessages.syncFailed;
  }
}

export interface ChannelAccountRef {
  hotelId: string;
  loginId: string;
  password: string;
}

export interface ChannelClientOptions {
  /** A call not answered in this time fails with 'timeout' (the change may have been made). */
  timeoutMs?: number;
  /** The largest answer read (MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

export class ChannelClient {
  private readonly base: string;
  private readonly auth: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(baseUrl: string, account: ChannelAccountRef, options: ChannelClientOptions = {}) {
    this.base = `${baseUrl.replace(/\/+$/, '')}/api/v1/hotels/${encodeURIComponent(account.hotelId)}`;
    this.auth = `Basic ${Buffer.from(`${account.loginId}:${account.password}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
  }

  login(): Promise<{ hotel_id: string; name: string }> {
    return this.call('GET', '/login');
  }

  pushAvailability(values: AvailabilityValue[]): Promise<{ accepted: number }> {
    return this.call('POST', '/availability', { values });
  }

  pushRestrictions(values: RestrictionValue[]): Promise<{ accepted: number }> {
    return this.call('POST', '/restrictions', { values });
  }

  /** The site's days of a room type; with a plan code, stop_sell is that plan's. */
  async availability(roomCode: string, from: string, to: string, planCode?: string): Promise<AvailabilityDay[]> {
    const q = new URLSearchParams({ room_code: roomCode, from, to, ...(planCode ? { plan_code: planCode } : {}) });
    return (await this.call<{ days: AvailabilityDay[] }>('GET', `/availability?${q}`)).days;
  }

  /** The site's raw per-day codes of a plan's month, comma-separated (section 4 maps them). */
  async status(planCode: string, year: number, month: number): Promise<string> {
    const q = new URLSearchParams({ plan_code: planCode, year: String(year), month: String(month) });
    return (await this.call<{ status: string }>('GET', `/status?${q}`)).status;
  }

  /** A page of the feed: at most MAX_FEED_PAGE revisions, each still to be checked (contract/channelRevision.ts). */
  async feed(): Promise<ChannelRevision[]> {
    const page = (await this.call<{ revisions?: unknown }>('GET', '/booking_revisions/feed')).revisions;
    if (!Array.isArray(page)) throw new ChannelError('bad_answer', 200, 'channel feed without revisions');
    return page.slice(0, MAX_FEED_PAGE) as ChannelRevision[];
  }

  async ack(revisionId: string): Promise<void> {
    await this.call('POST', `/booking_revisions/${encodeURIComponent(revisionId)}/ack`);
  }

  async bookings(updatedFrom: Date): Promise<ChannelBooking[]> {
    const q = new URLSearchParams({ updated_from: updatedFrom.toISOString() });
    const list = (await this.call<{ bookings?: unknown }>('GET', `/bookings?${q}`)).bookings;
    if (!Array.isArray(list)) throw new ChannelError('bad_answer', 200, 'channel booking list without bookings');
    return list as ChannelBooking[];
  }

  changeBooking(reservationId: string, change: BookingChange): Promise<ChannelBooking> {
    return this.call('PATCH', `/bookings/${encodeURIComponent(reservationId)}`, change);
  }

  cancelBooking(reservationId: string): Promise<ChannelBooking> {
    return this.call('POST', `/bookings/${encodeURIComponent(reservationId)}/cancel`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const failed = (e: unknown) => {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      return new ChannelError(
        timedOut ? 'timeout' : 'network',
        0,
        timedOut ? 'channel timeout' : 'channel unreachable',
      );
    };
    let answer: Response;
    try {
      answer = await fetch(this.base + path, {
        method,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect is never followed: the channel's answers come from its own address.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw failed(e);
    }
    if (answer.status >= 300 && answer.status < 400) {
      await answer.body?.cancel().catch(() => undefined);
      throw new ChannelError(
        'bad_answer',
        answer.status,
        `channel answered ${answer.status} (a redirect, not followed)`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(await readLimited(answer, this.maxBytes));
    } catch (e) {
      if (e instanceof ChannelError) throw e;
      if (e instanceof SyntaxError) {
        throw new ChannelError('bad_answer', answer.status, `channel answered ${answer.status} without JSON`);
      }
      throw failed(e);
    }
    if (answer.ok) return json as T;
    const code = (json as { error?: string } | null)?.error;
    const retryAfter = Number(answer.headers.get('retry-after'));
    throw new ChannelError(
      isKnownCode(code) ? code : answer.status >= 500 ? 'internal' : 'bad_answer',
      answer.status,
      `channel answered ${answer.status} ${code ?? ''}`.trim(),
      Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter, MAX_RETRY_AFTER_SECONDS) : undefined,
    );
  }
}

/** The longest wait a 429's Retry-After may ask for: an absurd one would stop the facility's pushes. */
export const MAX_RETRY_AFTER_SECONDS = 3600;
/** The largest answer read (a feed page of 500 revisions is about 200 kB): past it the read stops. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Revisions of one feed page taken at most; the rest come with the next page. */
export const MAX_FEED_PAGE = 500;

/** The answer's text, read as it streams and given up past `maxBytes` (413-like: 'too_large'). */
async function readLimited(answer: Response, maxBytes: number): Promise<string> {
  const declared = Number(answer.headers.get('content-length'));
  const tooLarge = () =>
    new ChannelError('too_large', answer.status, `channel answered more than ${maxBytes} bytes; not read`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await answer.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!answer.body) return '';
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const KNOWN: readonly ChannelErrorCode[] = [
  'wrong_password',
  'closed',
  'close_booking_error',
  'cancel_sync_error',
  'not_found',
  'rate_limited',
  'unavailable',
  'internal',
  'bad_request',
];

function isKnownCode(code: unknown): code is ChannelErrorCode {
  return typeof code === 'string' && (KNOWN as readonly string[]).includes(code);
}
