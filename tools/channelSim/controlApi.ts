import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { faultsPatchSchema } from './faults';
import { codeSchema, guestBookingBody, guestChangeBody, idSchema, isoTime, parse, rangeQuery } from './schemas';
import { bookingJson, type SimState } from './state';

/** The control API under /sim (docs/channel.md): no authentication, never affected by faults. */
export async function controlApi(app: FastifyInstance, opts: { state: SimState }): Promise<void> {
  const { state } = opts;

  const reservationParams = z.object({ reservation_id: z.string().min(1).max(40) });
  const hotelQuery = z.object({ hotel_id: idSchema.optional() });

  app.post('/bookings', async (req, reply) => {
    const body = parse(guestBookingBody, req.body);
    const res = state.guestBook(body);
    return reply.code(201).send({ reservation_id: res.reservationId });
  });

  app.patch('/bookings/:reservation_id', async (req) => {
    const p = parse(reservationParams, req.params);
    const body = parse(guestChangeBody, req.body);
    const res = state.guestChange(p.reservation_id, body);
    return { hotel_id: res.hotelId, ...bookingJson(res) };
  });

  app.post('/bookings/:reservation_id/cancel', async (req) => {
    const p = parse(reservationParams, req.params);
    const res = state.guestCancel(p.reservation_id);
    return { hotel_id: res.hotelId, ...bookingJson(res) };
  });

  app.get('/bookings', async (req) => {
    const q = parse(hotelQuery, req.query);
    const hotels = q.hotel_id === undefined ? [...state.hotels.values()] : [state.hotel(q.hotel_id)];
    const bookings = hotels.flatMap((h) =>
      [...h.reservations.values()].map((r) => ({ hotel_id: h.hotelId, ...bookingJson(r) })),
    );
    return { bookings };
  });

  app.post('/replay', async (req) => {
    const q = parse(hotelQuery, req.query);
    if (q.hotel_id !== undefined) state.hotel(q.hotel_id);
    return { replayed: state.replay(q.hotel_id) };
  });

  app.get('/faults', async () => state.faults);
  app.put('/faults', async (req) => state.setFaults(parse(faultsPatchSchema, req.body)));

  const inventoryQuery = z.intersection(rangeQuery, z.object({ hotel_id: idSchema, room_code: codeSchema }));
  app.get('/inventory', async (req) => {
    const q = parse(inventoryQuery, req.query);
    return { days: state.inventory(state.hotel(q.hotel_id), q.room_code, q.from, q.to) };
  });

  app.get('/hotels', async () => ({
    hotels: [...state.hotels.values()].map((h) => ({
      hotel_id: h.hotelId,
      login_id: h.loginId,
      name: h.name,
      rooms: [...h.rooms.keys()],
      plans: [...h.plans.values()].map((p) => ({ plan_code: p.code, room_code: p.roomCode })),
      reservations: h.reservations.size,
      unacked: h.unacked.size,
    })),
  }));

  const hotelBody = z.object({
    login_id: z.string().min(1).max(100),
    password: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
  });
  app.put('/hotels/:hotel_id', async (req) => {
    const p = parse(z.object({ hotel_id: idSchema }), req.params);
    const body = parse(hotelBody, req.body);
    const h = state.putHotel({ hotelId: p.hotel_id, loginId: body.login_id, password: body.password, name: body.name });
    return { hotel_id: h.hotelId, login_id: h.loginId, name: h.name };
  });

  const configBody = z.object({ rate_limit_per_minute: z.number().int().min(1).max(100_000) });
  app.get('/config', async () => ({ rate_limit_per_minute: state.limiter.perMinute }));
  app.put('/config', async (req) => {
    const body = parse(configBody, req.body);
    state.limiter.perMinute = body.rate_limit_per_minute;
    return { rate_limit_per_minute: state.limiter.perMinute };
  });

  const clockBody = z.object({ now: isoTime.nullable() });
  app.get('/clock', async () => ({ now: state.now(), fixed: state.fixedNow !== null }));
  app.put('/clock', async (req) => {
    const body = parse(clockBody, req.body);
    state.fixedNow = body.now === null ? null : new Date(body.now).toISOString();
    return { now: state.now(), fixed: state.fixedNow !== null };
  });

  app.get('/stats', async (req) => {
    const q = parse(hotelQuery, req.query);
    const s = state.statsFor(q.hotel_id);
    const calls: Record<string, number> = {
      login: 0,
      availability: 0,
      restrictions: 0,
      availability_read: 0,
      status: 0,
      feed: 0,
      ack: 0,
      bookings: 0,
      booking_change: 0,
      booking_cancel: 0,
      ...s.calls,
    };
    const total = Object.values(calls).reduce((a, b) => a + b, 0);
    return { calls: { ...calls, total }, rate_limited: s.rate_limited };
  });

  /** Clears the call counts (of one facility with ?hotel_id=, or all) without touching anything else. */
  app.delete('/stats', async (req) => {
    const q = parse(hotelQuery, req.query);
    if (q.hotel_id === undefined) state.stats.clear();
    else state.stats.delete(q.hotel_id);
    return { ok: true };
  });

  app.post('/reset', async () => {
    state.reset();
    return { ok: true };
  });
}
