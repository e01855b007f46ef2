import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener of a channel is told. */
export interface ChannelHandlers {
  /** A notification arrived on the channel. */
  onNotify(): void;
  /** Listening (again): notifications from now on arrive. */
  onReady(): void;
  /** The connection is lost: notifications may be missed until `onReady`. */
  onLost(): void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * says so and is made again every second until it answers or listening stops. Resolves once the
 * first attempt has listened or failed, so a server that starts has its listener in place.
 */
export function listenPostgres(url: string, channel: string, handlers: ChannelHandlers): Promise<Unlisten> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      handlers.onLost();
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (current === client) handlers.onReady();
    } catch {
      lost();
    }
  };

  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  });
}

/** LISTEN on the embedded database: one connection, never lost. */
export async function listenPglite(client: PGlite, channel: string, handlers: ChannelHandlers): Promise<Unlisten> {
  const unlisten = await client.listen(channel, () => handlers.onNotify());
  handlers.onReady();
  return async () => {
    if (!client.closed) await unlisten();
  };
}
