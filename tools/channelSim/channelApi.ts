import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LimitedKind } from './rateLimit';
import {
  availabilityBody,
  codeSchema,
  hotelChangeBody,
  intString,
  isoTime,
  parse,
  rangeQuery,
  restrictionsBody,
} from './schemas';
import { bookingJson, revisionJson, SimError, type Hotel, type SimState } from './state';

/** What a channel route is, for stats, the rate limit and timeout_after_commit. */
interface ChannelRouteConfig {
  kind: string;
  limited?: LimitedKind;
  /** A change: with timeout_after_commit it is applied and never answered. */
  mutates?: boolean;
}

export interface ChannelApiOptions {
  state: SimState;
  /** Keeps a request unanswered (its socket stays open until the client gives up or the server closes). */
  hold: (req: FastifyRequest, reply: FastifyReply) => void;
}

const hotelParams = z.object({ hotel_id: z.string().min(1).max(40) });

function credentialsOf(req: FastifyRequest): { login: string; password: string } | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(h);
  if (!m) return null;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return null;
  return { login: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/**
 * The channel API under /api/v1/hotels/{hotel_id} (docs/channel.md). Every call passes, in order:
 * stats, slow_ms, outage (503), error_rate (500), the facility (404), HTTP Basic (401), closed
 * (403), and for the two pushes the rate limit (429); then the route.
 */
export async function channelApi(app: FastifyInstance, opts: ChannelApiOptions): Promise<void> {
  const { state, hold } = opts;

  const hotelOf = (req: FastifyRequest): Hotel => state.hotel((req.params as { hotel_id: string }).hotel_id);

  /** Answers a change, or (timeout_after_commit) never does. */
  const answer = (req: FastifyRequest, reply: FastifyReply, body: unknown) => {
    if (state.faults.timeout_after_commit) {
      hold(req, reply);
      return reply;
    }
    return body;
  };

  app.addHook('onRequest', async (req, reply) => {
    const config = req.routeOptions.config as Partial<ChannelRouteConfig>;
    const hotelId = (req.params as { hotel_id?: string }).hotel_id ?? '';
    state.count(hotelId, config.kind ?? 'other');
    const f = state.faults;
    if (f.slow_ms > 0) await sleep(f.slow_ms);
    if (f.outage) throw new SimError(503, 'unavailable', 'the site is down for maintenance');
    if (f.error_rate > 0 && state.random() < f.error_rate) throw new SimError(500, 'internal', 'the site failed');
    const hotel = state.hotel(hotelId);
    const cred = credentialsOf(req);
    if (f.wrong_password || !cred || cred.login !== hotel.loginId || cred.password !== hotel.password) {
      throw new SimError(401, 'wrong_password', 'the login id or password differs');
    }
    if (f.closed) throw new SimError(403, 'closed', 'the facility does not allow sync');
    if (config.limited) {
      const r = state.limiter.take(hotelId, config.limited);
      if (!r.ok) {
        state.countRateLimited(hotelId);
        void reply.header('retry-after', String(r.retryAfter));
        throw new SimError(429, 'rate_limited', `over ${state.limiter.perMinute} calls a minute`);
      }
    }
  });

  const cfg = (c: ChannelRouteConfig) => ({ config: c });

  app.get('/login', cfg({ kind: 'login' }), async (req) => {
    parse(hotelParams, req.params);
    const hotel = hotelOf(req);
    return { hotel_id: hotel.hotelId, name: hotel.name };
  });

  app.post(
    '/availability',
    cfg({ kind: 'availability', limited: 'availability', mutates: true }),
    async (req, reply) => {
      const body = parse(availabilityBody, req.body);
      const accepted = state.pushAvailability(hotelOf(req), body.values);
      return answer(req, reply, { accepted });
    },
  );

  app.post(
    '/restrictions',
    cfg({ kind: 'restrictions', limited: 'restrictions', mutates: true }),
    async (req, reply) => {
      const body = parse(restrictionsBody, req.body);
      const accepted = state.pushRestrictions(hotelOf(req), body.values);
      return answer(req, reply, { accepted });
    },
  );

  const availabilityQuery = z.intersection(
    rangeQuery,
    z.object({ room_code: codeSchema, plan_code: codeSchema.optional() }),
  );
  app.get('/availability', cfg({ kind: 'availability_read' }), async (req) => {
    const q = parse(availabilityQuery, req.query);
    return { days: state.readAvailability(hotelOf(req), q.room_code, q.from, q.to, q.plan_code) };
  });

  const statusQuery = z.object({ plan_code: codeSchema, year: intString(2000, 2100), month: intString(1, 12) });
  app.get('/status', cfg({ kind: 'status' }), async (req) => {
    const q = parse(statusQuery, req.query);
    return { status: state.statusCodes(hotelOf(req), q.plan_code, q.year, q.month).join(',') };
  });

  app.get('/booking_revisions/feed', cfg({ kind: 'feed' }), async (req) => {
    return { revisions: state.feed(hotelOf(req)).map(revisionJson) };
  });

  const idParams = z.object({ hotel_id: z.string(), id: z.string().min(1).max(100) });
  app.post('/booking_revisions/:id/ack', cfg({ kind: 'ack', mutates: true }), async (req, reply) => {
    const p = parse(idParams, req.params);
    state.ack(hotelOf(req), p.id);
    return answer(req, reply, { ok: true });
  });

  const bookingsQuery = z.object({ updated_from: isoTime.optional() });
  app.get('/bookings', cfg({ kind: 'bookings' }), async (req) => {
    const q = parse(bookingsQuery, req.query);
    const from = q.updated_from === undefined ? undefined : Date.parse(q.updated_from);
    return { bookings: state.bookingsSince(hotelOf(req), from).map(bookingJson) };
  });

  app.patch('/bookings/:id', cfg({ kind: 'booking_change', mutates: true }), async (req, reply) => {
    const p = parse(idParams, req.params);
    const body = parse(hotelChangeBody, req.body);
    const hotel = hotelOf(req);
    state.reservation(hotel, p.id);
    if (state.faults.close_booking_error) {
      throw new SimError(409, 'close_booking_error', 'the site refused to change the reservation');
    }
    const res = state.hotelChange(hotel, p.id, body);
    return answer(req, reply, bookingJson(res));
  });

  app.post('/bookings/:id/cancel', cfg({ kind: 'booking_cancel', mutates: true }), async (req, reply) => {
    const p = parse(idParams, req.params);
    const hotel = hotelOf(req);
    state.reservation(hotel, p.id);
    if (state.faults.cancel_sync_error) {
      throw new SimError(502, 'cancel_sync_error', 'the site refused to cancel the reservation');
    }
    const res = state.hotelCancel(hotel, p.id);
    return answer(req, reply, bookingJson(res));
  });
}
