import { existsSync, readFileSync, renameSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { HotelCredentials } from './demoHotels';
import type { PlanNight, Reservation, Revision, SimState } from './state';

/**
 * The simulator's site kept in a file (issue 32): the facilities with their logins, the stock and
 * rates of every night, the reservations and every revision with whether it was acknowledged, and
 * the next reservation number. A restart of `npm start` then finds the site as it left it, so the
 * first sync after it has nothing to correct. Faults, call counts and the rate limit are a test's
 * settings of one run and are not kept.
 */
interface SavedHotel extends HotelCredentials {
  rooms: [code: string, nights: [date: string, rooms: number][]][];
  plans: { code: string; roomCode: string; nights: [date: string, night: PlanNight][] }[];
  reservations: (Omit<Reservation, 'latest'> & { latest: string })[];
  /** Every revision, oldest first. */
  revisions: Revision[];
}

export interface SavedSite {
  version: 1;
  nextReservationNumber: number;
  hotels: SavedHotel[];
}

export function saveSite(state: SimState): SavedSite {
  return {
    version: 1,
    nextReservationNumber: state.nextReservationNumber,
    hotels: [...state.hotels.values()].map((h) => ({
      hotelId: h.hotelId,
      loginId: h.loginId,
      password: h.password,
      name: h.name,
      rooms: [...h.rooms.values()].map((r) => [r.code, [...r.nights]]),
      plans: [...h.plans.values()].map((p) => ({ code: p.code, roomCode: p.roomCode, nights: [...p.nights] })),
      reservations: [...h.reservations.values()].map(({ latest, ...r }) => ({ ...r, latest: latest.id })),
      revisions: h.revisionList,
    })),
  };
}

/** Puts a saved site in place of the state's facilities (the faults and counts stay as they are). */
export function restoreSite(state: SimState, saved: SavedSite): void {
  if (saved.version !== 1 || !Array.isArray(saved.hotels)) throw new Error('not a saved simulator site');
  state.hotels.clear();
  for (const s of saved.hotels) {
    const hotel = state.putHotel({ hotelId: s.hotelId, loginId: s.loginId, password: s.password, name: s.name });
    for (const [code, nights] of s.rooms) hotel.rooms.set(code, { code, nights: new Map(nights) });
    for (const p of s.plans) hotel.plans.set(p.code, { code: p.code, roomCode: p.roomCode, nights: new Map(p.nights) });
    for (const rev of s.revisions) {
      hotel.revisions.set(rev.id, rev);
      hotel.revisionList.push(rev);
      if (!rev.acked) hotel.unacked.set(rev.id, rev);
    }
    for (const r of s.reservations) {
      const latest = hotel.revisions.get(r.latest);
      if (!latest) throw new Error(`reservation ${r.reservationId} has no revision ${r.latest}`);
      hotel.reservations.set(r.reservationId, { ...r, latest });
    }
  }
  state.nextReservationNumber = saved.nextReservationNumber;
}

/**
 * Keeps `state` in `file`: reads it now if it exists (a file that cannot be read is set aside as
 * `<file>.unreadable` with a warning, and the site starts afresh), and `changed()` writes it a
 * moment later, one write at a time, each one whole (a temporary file renamed over it).
 */
export function keepSiteIn(state: SimState, file: string, warn: (line: string) => void = console.warn) {
  if (existsSync(file)) {
    try {
      restoreSite(state, JSON.parse(readFileSync(file, 'utf8')) as SavedSite);
    } catch (e) {
      state.reset();
      renameSync(file, `${file}.unreadable`);
      warn(`The channel simulator could not read its saved site in ${file} (${String(e)}); it starts afresh.`);
    }
  }
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    timer = null;
    const text = JSON.stringify(saveSite(state));
    writing = writing.then(async () => {
      await writeFile(`${file}.tmp`, text);
      await rename(`${file}.tmp`, file);
    });
    writing = writing.catch((e: unknown) =>
      warn(`The channel simulator could not save its site in ${file}: ${String(e)}`),
    );
    return writing;
  };
  return {
    /** The site changed: written within WRITE_DELAY_MS. */
    changed(): void {
      timer ??= setTimeout(write, WRITE_DELAY_MS);
    },
    /** Writes a pending change now (the simulator closes). */
    flush(): Promise<void> {
      if (!timer) return writing;
      clearTimeout(timer);
      return write();
    },
  };
}

/** How long a change waits to be written, so that a burst of pushes makes one write. */
export const WRITE_DELAY_MS = 500;
