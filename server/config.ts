import { z } from 'zod';
import { DEFAULT_CONSOLE_CLIENT } from '../contract/oauth';

/**
 * The server's configuration, read once from the environment at start.
 * A bad value stops the process with a message naming the variable, before anything listens.
 */
const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Folder of the embedded PostgreSQL (PGlite) when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://user@host:port/db: use that server instead of the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: boolFlag.default(true),
  OAUTH_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Secret that signs access tokens; when not set, generated once and kept in the key file beside
   * the data (`<DATA_DIR>.keys.json`, server/auth/keys.ts). Required in production on a PostgreSQL server.
   */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  /** Requests to /oauth/auth per address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Calls of the guest's pre-check-in API per address per minute (each of its routes counts apart). */
  CHECKIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * Days past the three years the law keeps a register (from the check-out) and a refusal (from the
   * refusal) before the retention job removes them.
   */
  REGISTER_GRACE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * The server's address as guests reach it (`https://yadoban.example.jp`): the start of the
   * pre-check-in links. When not set, a link made in the console takes the console's address, and a
   * mail sent by a job takes http://localhost:PORT.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an address like https://yadoban.example.jp')
    .optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(30),
  /** Folder of the built console (vite build). */
  CONSOLE_DIR: z.string().min(1).default('./dist'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Messages a second each server process sends at most (providers throttle). */
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().default(50),
  /** How long a claimed message is held before another process may take it (after a crash). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  /**
   * Domains of the deployment's own (comma-separated, `yadoban.example.com,mail.example.jp`): a
   * sender address on one of them is verified when an administrator adds it, with no code mailed.
   */
  MAIL_VERIFIED_DOMAINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== ''),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, 'must be domain names separated by commas'))),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Connections one client address may hold at once on the inbound SMTP port. */
  INBOUND_SMTP_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seconds an inbound SMTP connection may stay silent before it is closed. */
  INBOUND_SMTP_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Bearer token of POST /api/mail/inbound (a mail gateway hands over received mail); the route answers 401 without it. */
  INBOUND_MAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Largest received message kept, in bytes (SMTP answers 552, HTTP 413 above it). */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Base address of the external booking channel (service 1). Without it the embedded default runs the simulator. */
  CHANNEL_URL: z.string().url().optional(),
  /** Port of the channel simulator started inside `npm start` when CHANNEL_URL is not set. */
  CHANNEL_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** Start the simulator inside the process (default: on the embedded database without CHANNEL_URL). */
  CHANNEL_SIM: boolFlag.optional(),
  /**
   * File that keeps the simulator's site (its stock, rates and reservations) across restarts
   * (default `<DATA_DIR>.channel-sim.json`, beside the data like the key file).
   */
  CHANNEL_SIM_STATE: z.string().min(1).optional(),
  /** Seconds between two reads of the channel's booking feed. */
  CHANNEL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Key (32+ characters) that encrypts channel passwords at rest; when not set, generated once and
   * kept in the key file beside the data (`<DATA_DIR>.keys.json`). Required in production on a PostgreSQL server.
   */
  CHANNEL_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For (behind a reverse proxy) for the client address used by rate limits. */
  TRUST_PROXY: boolFlag.default(false),
});

export type Config = z.infer<typeof envSchema> & {
  OAUTH_CLIENT_ID: string;
  OAUTH_CLIENT_SECRET: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const refused: string[] = [];
  if (c.DATABASE_URL && (!c.OAUTH_CLIENT_ID || !c.OAUTH_CLIENT_SECRET) && c.NODE_ENV === 'production') {
    refused.push('OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET are required in production on a PostgreSQL server');
  }
  // Processes on several machines share the database but not a key file: each would generate its
  // own keys (server/auth/keys.ts), and one's tokens and sealed passwords would not open on another.
  const missingKeys = (['JWT_SECRET', 'CHANNEL_SECRET_KEY'] as const).filter((name) => !c[name]);
  if (c.DATABASE_URL && c.NODE_ENV === 'production' && missingKeys.length > 0) {
    refused.push(
      `${missingKeys.join(' and ')} ${missingKeys.length > 1 ? 'are' : 'is'} required in production on a ` +
        'PostgreSQL server: 32 characters or more each, the same for every server process of the database. A ' +
        'database whose keys an earlier version generated holds them in server_secrets: set them to its rows ' +
        "'access-token-key' and 'channel-credentials-key' to keep sessions and channel passwords (the server then " +
        'deletes the rows)',
    );
  }
  if (refused.length > 0) throw new ConfigError(`Invalid environment:\n${refused.map((r) => `  ${r}`).join('\n')}`);
  return {
    ...c,
    // The embedded default ships a known client so that `npm start` works with nothing set.
    OAUTH_CLIENT_ID: c.OAUTH_CLIENT_ID ?? DEFAULT_CONSOLE_CLIENT.client_id,
    OAUTH_CLIENT_SECRET: c.OAUTH_CLIENT_SECRET ?? DEFAULT_CONSOLE_CLIENT.client_secret,
  };
}
