import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener of a channel is told. */
export interface ChannelHandlers {
  /** A notification arrived on the channel. */
  onNotify(): void;
  /** Listening (again): notifications from now on arrive. */
  onReady(): void;
  /**
   * Every notification committed before `before` (epoch ms, this process's clock) has reached
   * `onNotify`: what the heartbeat proves. Infinity where nothing can be late (the embedded database).
   */
  onDelivered(before: number): void;
  /** The connection is lost: notifications may be missed until `onReady`. */
  onLost(): void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

const RECONNECT_MS = 1000;
/** How often the listening connection proves that it still delivers. */
export const HEARTBEAT_MS = 500;
/** Without a heartbeat heard for this long the connection is taken for dead, dropped and made again. */
export const DEAD_AFTER_MS = 5000;
/**
 * How the listening connection shows in pg_stat_activity (the pool's connections run the queries);
 * a restore looks for it to know that a server uses the database.
 */
export const LISTEN_APPLICATION_NAME = 'yadoban-listen';
/** How long a goodbye may take before the socket is closed without one (a stalled server never answers). */
const END_WAIT_MS = 1000;

interface Listening {
  client: pg.Client;
  ready: boolean;
  /** A heartbeat is under way: the next waits for it, so a stalled connection queues nothing. */
  sending: boolean;
  /** When this process last heard its own heartbeat (or began to connect). */
  heardAt: number;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * says so and is made again every second until it answers or listening stops. Resolves once the
 * first attempt has listened or failed, so a server that starts has its listener in place.
 *
 * A connection can also stall without closing (a stopped server process, a network that drops
 * packets): nothing arrives and nothing says so. Every `HEARTBEAT_MS` the connection notifies a
 * channel of this process alone, carrying the time it was sent. PostgreSQL delivers notifications
 * to a listener in commit order, whatever their channel, so hearing a heartbeat sent at `s` proves
 * that every notification committed before `s` has arrived (`onDelivered(s)`). Silent for
 * `DEAD_AFTER_MS`, the connection is dropped and made again; TCP keepalive finds a peer that
 * vanished even when no heartbeat is under way.
 */
export function listenPostgres(url: string, channel: string, handlers: ChannelHandlers): Promise<Unlisten> {
  // This process's own channel: its heartbeats wake no other process.
  const heartbeatChannel = `yadoban_hb_${randomBytes(8).toString('hex')}`;
  let stopped = false;
  let current: Listening | undefined;
  let retry: NodeJS.Timeout | undefined;

  const drop = (listening: Listening) => {
    if (current !== listening) return;
    current = undefined;
    handlers.onLost();
    // Not `end()`: a stalled server would never answer the goodbye it waits for.
    listening.client.connection.stream.destroy();
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const beat = (listening: Listening) => {
    if (listening.sending) return;
    listening.sending = true;
    listening.client
      .query('select pg_notify($1, $2)', [heartbeatChannel, String(Date.now())])
      // A connection that fails says so through 'error' or 'end'; a missed beat is what counts.
      .catch(() => undefined)
      .finally(() => (listening.sending = false));
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: DEAD_AFTER_MS,
    });
    const listening: Listening = { client, ready: false, sending: false, heardAt: Date.now() };
    current = listening;
    const lost = () => drop(listening);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === channel) {
        handlers.onNotify();
      } else if (message.channel === heartbeatChannel && current === listening) {
        const sentAt = Number(message.payload);
        if (!Number.isFinite(sentAt)) return;
        listening.heardAt = Date.now();
        handlers.onDelivered(sentAt);
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}; listen ${pg.escapeIdentifier(heartbeatChannel)}`);
      if (current !== listening) return;
      listening.ready = true;
      handlers.onReady();
      beat(listening);
    } catch {
      lost();
    }
  };

  const heartbeat = setInterval(() => {
    const listening = current;
    if (!listening) return;
    if (Date.now() - listening.heardAt > DEAD_AFTER_MS) drop(listening);
    else if (listening.ready) beat(listening);
  }, HEARTBEAT_MS);
  // The heartbeat never keeps a process alive that has nothing else to do.
  heartbeat.unref();

  return connect().then(() => async () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    const listening = current;
    current = undefined;
    if (listening) await endClient(listening.client);
  });
}

/** Says goodbye, or closes the socket without one when the server does not answer in time. */
async function endClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, END_WAIT_MS))),
  ]);
  clearTimeout(timer);
  client.connection.stream.destroy();
}

/** LISTEN on the embedded database: one connection in this process, never lost and never late. */
export async function listenPglite(client: PGlite, channel: string, handlers: ChannelHandlers): Promise<Unlisten> {
  const unlisten = await client.listen(channel, () => handlers.onNotify());
  handlers.onReady();
  handlers.onDelivered(Number.POSITIVE_INFINITY);
  return async () => {
    if (!client.closed) await unlisten();
  };
}
