import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { channelApi } from './channelApi';
import { controlApi } from './controlApi';
import { keepSiteIn } from './persist';
import { SimError, SimState } from './state';

export { SimState } from './state';

export interface ChannelSimOptions {
  /** A state to serve (a fresh one with the demo facilities by default). */
  state?: SimState;
  /** Fastify's logger option (off by default: the simulator logs nothing of guests). */
  logger?: boolean;
  /**
   * A file that keeps the site across restarts (persist.ts): read at the start, written after each
   * change. Without it the site lives in memory only.
   */
  stateFile?: string;
}

export interface ChannelSim {
  app: FastifyInstance;
  state: SimState;
  /** Destroys every open socket, held ones (timeout_after_commit) included. */
  destroySockets(): void;
  /** Writes a change of the site not yet in the state file (nothing without one). */
  flush(): Promise<void>;
}

/** A request unanswered for longer than this is dropped anyway (a held socket is not kept forever). */
const HOLD_LIMIT_MS = 10 * 60_000;

/** The simulator as a Fastify app, not listening: the channel API, /sim, and a JSON error shape. */
export function buildChannelSim(options: ChannelSimOptions = {}): ChannelSim {
  const state = options.state ?? new SimState();
  const kept = options.stateFile ? keepSiteIn(state, options.stateFile) : null;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 8 * 1024 * 1024,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const sockets = new Set<Socket>();
  app.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const destroySockets = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  const hold = (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const socket = req.raw.socket;
    const timer = setTimeout(() => socket.destroy(), HOLD_LIMIT_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };

  // An empty JSON body is no body (a client may send the header on a bare POST).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new SimError(400, 'bad_request', 'the body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((err: unknown, _req, reply) => {
    if (err instanceof SimError) {
      return reply.code(err.status).send({ error: err.code, message: err.message });
    }
    const e = err as { statusCode?: number; message?: string };
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(400).send({ error: 'bad_request', message: e.message ?? 'bad request' });
    }
    app.log.error(err);
    return reply.code(500).send({ error: 'internal', message: 'the simulator failed' });
  });
  app.setNotFoundHandler((req, reply) => {
    return reply.code(404).send({ error: 'not_found', message: `no route ${req.method} ${req.url.split('?')[0]}` });
  });

  // Every answer to a change (pushes, acks, guests' bookings, a reset) may have changed the site.
  if (kept)
    app.addHook('onResponse', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') kept.changed();
    });

  void app.register(channelApi, { prefix: '/api/v1/hotels/:hotel_id', state, hold });
  void app.register(controlApi, { prefix: '/sim', state });

  return { app, state, destroySockets, flush: () => kept?.flush() ?? Promise.resolve() };
}

export interface StartedChannelSim {
  url: string;
  port: number;
  state: SimState;
  close(): Promise<void>;
}

/** Starts the simulator; port 0 picks a free port. */
export async function startChannelSim(options: {
  port: number;
  host?: string;
  state?: SimState;
  logger?: boolean;
  stateFile?: string;
}): Promise<StartedChannelSim> {
  const host = options.host ?? '127.0.0.1';
  const sim = buildChannelSim(options);
  await sim.app.listen({ port: options.port, host });
  const address = sim.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    state: sim.state,
    close() {
      closing ??= (async () => {
        const closed = sim.app.close();
        sim.destroySockets();
        await closed;
        await sim.flush();
      })();
      return closing;
    },
  };
}
