import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import * as secrets from '../db/queries/serverSecrets';

/**
 * The keys the server generates for itself (issue 28): the key that signs access tokens and the
 * key that seals the channel's extranet passwords (server/channel/wire/credentials.ts). They are kept in
 * a file beside the data, `<DATA_DIR>.keys.json` (mode 0600), never in the database: a backup of
 * the database alone (`npm run backup`, pg_dump, a copy of the data folder) then holds no key, and
 * the sealed passwords in it stay sealed. The file sits beside the embedded data folder, not in it,
 * because the embedded backup is a copy of that folder and a restore swaps it for another.
 *
 * JWT_SECRET and CHANNEL_SECRET_KEY win when set; the file is made only when one of them is not set
 * (or to keep an old key of the database that they do not hold, below). In production on a PostgreSQL server both are
 * required (server/config.ts): processes on several machines would each generate their own.
 *
 * Before issue 28 the keys were rows of `server_secrets` ('access-token-key',
 * 'channel-credentials-key'). At start, under an advisory lock, those rows are taken into the file
 * when it does not exist yet (sessions and sealed passwords go on working), and deleted only once
 * the file holding them is on disk; a second process waits for the lock and finds them gone.
 */

/** The old rows of server_secrets (before issue 28). */
export const ACCESS_TOKEN_KEY_ROW = 'access-token-key';
export const CHANNEL_KEY_ROW = 'channel-credentials-key';
const KEY_ROWS = [ACCESS_TOKEN_KEY_ROW, CHANNEL_KEY_ROW] as const;
/** The advisory lock under which the old rows move (one process at a time). */
export const KEYS_LOCK = 7812026;

/** What the key file holds. */
export interface KeyFile {
  version: 1;
  /** Signs the access tokens (HS256) when JWT_SECRET is not set. */
  access_token_key: string;
  /** Seals the channel passwords when CHANNEL_SECRET_KEY is not set (deriveChannelKey). */
  channel_key: string;
}

/** The keys in force, and where they came from. */
export interface ServerKeys {
  accessTokenKey: string;
  /** The secret text the channel key is derived from (deriveChannelKey). */
  channelKey: string;
  /** The key file read or made, or null when the environment gives both keys and no file was needed. */
  file: string | null;
  /** The file was made by this call. */
  created: boolean;
  /** Rows of server_secrets taken out of the database by this call. */
  moved: string[];
  /**
   * Rows deleted whose value differed from the file's (the file existed before: a backup of another
   * server restored here, say): kept nowhere.
   */
  dropped: string[];
  /** The file can be read by others than its owner (a copy made without keeping its mode). */
  looseMode: boolean;
}

export type KeysConfig = Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'CHANNEL_SECRET_KEY'>;

/** A key file that cannot be used: the server does not start on it (nothing overwrites it). */
export class KeyFileError extends Error {
  override name = 'KeyFileError';
}

/** `<DATA_DIR>.keys.json`: beside the embedded data folder, like its `.lock`. */
export function keyFilePath(dataDir: string): string {
  return `${path.resolve(dataDir)}.keys.json`;
}

const generatedKey = () => randomBytes(48).toString('base64url');

const isKey = (value: unknown): value is string => typeof value === 'string' && value.length >= 32;

/** The key file, or null when there is none; throws KeyFileError when it cannot be used. */
export function readKeyFile(file: string): KeyFile | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeyFileError(`${file}: the key file cannot be read (${(error as Error).message})`, { cause: error });
  }
  let parsed: Partial<KeyFile>;
  try {
    parsed = JSON.parse(text) as Partial<KeyFile>;
  } catch {
    parsed = {};
  }
  if (parsed.version !== 1 || !isKey(parsed.access_token_key) || !isKey(parsed.channel_key)) {
    throw new KeyFileError(
      `${file}: the key file is not a key file of this server (version 1, access_token_key and channel_key of 32 ` +
        'characters or more). Put back the file kept with the backups. Removing it makes new keys: the access ' +
        'tokens issued before are refused (the console renews them) and the channel passwords must be entered ' +
        'again on the settings page.',
    );
  }
  return { version: 1, access_token_key: parsed.access_token_key, channel_key: parsed.channel_key };
}

/**
 * The key file, made with `make()` when there is none: written whole to a temporary file of mode
 * 0600 and synced, then linked to its name, which fails when the name exists: of two processes
 * making it at once one wins and the other reads the winner's. An existing file is never rewritten.
 */
export function readOrCreateKeyFile(file: string, make: () => KeyFile): { keys: KeyFile; created: boolean } {
  const existing = readKeyFile(file);
  if (existing) return { keys: existing, created: false };
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  let created = false;
  try {
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, `${JSON.stringify(make(), null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
  }
  if (created) syncFolder(dir);
  const keys = readKeyFile(file);
  if (!keys) throw new KeyFileError(`${file}: the key file vanished while it was made`);
  return { keys, created };
}

/** The new name on disk before anything relies on it (the old rows are deleted after this). */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not every file system syncs a folder; the file itself was synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function looseMode(file: string): boolean {
  try {
    return (statSync(file).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

/**
 * The keys in force (see the top of this file): the environment's, else the key file's, made on
 * first start. Takes the old rows of server_secrets into the file first and deletes them.
 */
export async function loadServerKeys(db: Db | Tx, config: KeysConfig): Promise<ServerKeys> {
  const file = keyFilePath(config.DATA_DIR);
  return db.transaction(async (tx) => {
    await secrets.lockForTransaction(tx, KEYS_LOCK);
    const rows = await secrets.findSecrets(tx, KEY_ROWS);
    const old = new Map(rows.map((r) => [r.name, r.value]));
    const fromEnv = (name: string) => (name === ACCESS_TOKEN_KEY_ROW ? config.JWT_SECRET : config.CHANNEL_SECRET_KEY);
    // A row the environment does not hold is kept in the file (it may have sealed passwords).
    const needFile = !config.JWT_SECRET || !config.CHANNEL_SECRET_KEY || rows.some((r) => fromEnv(r.name) !== r.value);
    let stored: KeyFile | null = null;
    let created = false;
    if (needFile) {
      ({ keys: stored, created } = readOrCreateKeyFile(file, () => ({
        version: 1,
        access_token_key: old.get(ACCESS_TOKEN_KEY_ROW) ?? generatedKey(),
        channel_key: old.get(CHANNEL_KEY_ROW) ?? generatedKey(),
      })));
    }
    const dropped: string[] = [];
    if (rows.length > 0) {
      // The file (synced) or the environment holds them now: only then are they taken out of the database.
      if (stored) {
        if (old.has(ACCESS_TOKEN_KEY_ROW) && old.get(ACCESS_TOKEN_KEY_ROW) !== stored.access_token_key) {
          dropped.push(ACCESS_TOKEN_KEY_ROW);
        }
        if (old.has(CHANNEL_KEY_ROW) && old.get(CHANNEL_KEY_ROW) !== stored.channel_key) dropped.push(CHANNEL_KEY_ROW);
      }
      await secrets.deleteSecrets(tx, KEY_ROWS);
    }
    return {
      accessTokenKey: config.JWT_SECRET ?? stored!.access_token_key,
      channelKey: config.CHANNEL_SECRET_KEY ?? stored!.channel_key,
      file: needFile ? file : null,
      created,
      moved: rows.map((r) => r.name).filter((name) => !dropped.includes(name)),
      dropped,
      looseMode: needFile && looseMode(file),
    };
  });
}

const loaded = new WeakMap<object, Map<string, Promise<ServerKeys>>>();

/**
 * loadServerKeys once per database and configuration: the server loads them at start
 * (server/start.ts), and whatever asks later (channelKey) gets the same answer without a query.
 */
export function serverKeys(db: Db | Tx, config: KeysConfig): Promise<ServerKeys> {
  let byConfig = loaded.get(db);
  if (!byConfig) loaded.set(db, (byConfig = new Map()));
  const id = JSON.stringify([
    keyFilePath(config.DATA_DIR),
    config.JWT_SECRET ?? null,
    config.CHANNEL_SECRET_KEY ?? null,
  ]);
  let keys = byConfig.get(id);
  if (!keys) {
    keys = loadServerKeys(db, config).catch((error: unknown) => {
      byConfig.delete(id);
      throw error;
    });
    byConfig.set(id, keys);
  }
  return keys;
}

/**
 * The key file of a DATA_DIR without the database (the demo seed run outside a server, tools):
 * read, or made when there is none.
 */
export function keyFileOf(dataDir: string): KeyFile {
  return readOrCreateKeyFile(keyFilePath(dataDir), () => ({
    version: 1,
    access_token_key: generatedKey(),
    channel_key: generatedKey(),
  })).keys;
}
