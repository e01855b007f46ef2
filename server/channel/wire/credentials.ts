import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { keyFileOf, serverKeys, type KeysConfig } from '../../auth/keys';
import { dataDirOf, type Db, type Tx } from '../../db/client';
import { channelSettingsWithLogin, settingsWithPassword } from '../../db/queries/channel/credentials';

/**
 * The channel's extranet passwords, encrypted at rest (issue 21): AES-256-GCM with a key from
 * CHANNEL_SECRET_KEY, or else one generated once and kept in the key file beside the data
 * (`<DATA_DIR>.keys.json`, server/auth/keys.ts; never in the database, issue 28). A sealed value reads
 *
 *   enc:v1:<key id>:<iv>:<tag>:<ciphertext>      (each part base64url)
 *
 * The key id (the first 6 bytes of a SHA-256 of the key) tells "sealed under another key" (a
 * CHANNEL_SECRET_KEY set, changed or removed after the passwords were saved, or a backup restored
 * without its key file: the demo data is sealed with the key the seed was given) from a value that
 * was tampered with.
 * A value without the prefix is a legacy plain password, read as it is.
 */

export const SEALED_PREFIX = 'enc:v1:';
export { CHANNEL_SERVICE_ID } from '../../db/queries/channel/credentials';

/** A sealed password that cannot be opened: another key sealed it, or it was changed. */
export class ChannelCredentialsError extends Error {
  constructor(
    message: string,
    readonly reason: 'other_key' | 'tampered' | 'malformed',
  ) {
    super(message);
    this.name = 'ChannelCredentialsError';
  }
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

/** 32 bytes from any secret text (CHANNEL_SECRET_KEY or the generated secret). */
export function deriveChannelKey(secret: string): Buffer {
  return createHash('sha256').update('yadoban/channel-credentials/v1\0').update(secret, 'utf8').digest();
}

function keyId(key: Buffer): string {
  return b64(createHash('sha256').update('yadoban/channel-key-id\0').update(key).digest().subarray(0, 6));
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('channel key must be 32 bytes');
}

/** Encrypts a password: a new random IV every time, so one password never seals to the same text twice. */
export function sealPassword(key: Buffer, plain: string): string {
  assertKey(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const kid = keyId(key);
  // The header is authenticated too: a value moved to another version or key id fails.
  cipher.setAAD(Buffer.from(`${SEALED_PREFIX}${kid}`, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${kid}:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(ciphertext)}`;
}

/** True when the value is a sealed password (not a legacy plain one). */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/**
 * The password of a sealed value; a value without the prefix is a legacy plain password and comes
 * back as it is. Throws ChannelCredentialsError when the value was sealed with another key or changed.
 */
export function openPassword(key: Buffer, sealed: string): string {
  assertKey(key);
  if (!isSealed(sealed)) return sealed;
  const parts = sealed.slice(SEALED_PREFIX.length).split(':');
  if (parts.length !== 4) throw new ChannelCredentialsError('sealed channel password is malformed', 'malformed');
  const [kid, iv, tag, ciphertext] = parts as [string, string, string, string];
  if (kid !== keyId(key)) {
    throw new ChannelCredentialsError(
      'the channel password was sealed with a key this server does not have (CHANNEL_SECRET_KEY, or the key file ' +
        '<DATA_DIR>.keys.json, is not the one that saved it: a backup restored without its key, say): enter the ' +
        'password again on the settings page, or put the key back',
      'other_key',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
    decipher.setAAD(Buffer.from(`${SEALED_PREFIX}${kid}`, 'utf8'));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(ciphertext)), decipher.final()]).toString('utf8');
  } catch {
    throw new ChannelCredentialsError('sealed channel password failed its integrity check', 'tampered');
  }
}

/**
 * The key that seals the channel passwords: from CHANNEL_SECRET_KEY when set, else from the key
 * file beside the data (server/auth/keys.ts: loaded at start, when old rows of server_secrets move
 * into it; never read from the database).
 */
export async function channelKey(db: Db | Tx, config: KeysConfig): Promise<Buffer> {
  if (config.CHANNEL_SECRET_KEY) return deriveChannelKey(config.CHANNEL_SECRET_KEY);
  return deriveChannelKey((await serverKeys(db, config)).channelKey);
}

/**
 * The key the demo seed seals with when it is given none (a seed outside a server: tests, benches):
 * the one a server started on this database and environment reads: CHANNEL_SECRET_KEY, else the
 * key file beside the embedded data folder the database was opened on, or else beside DATA_DIR
 * (./data by default), made when there is none. A server started later with another key cannot
 * open those passwords: loadChannelAccounts says so (ChannelCredentialsError 'other_key'), and
 * saving the password again on the settings page reseals it. server/start.ts gives the seed the
 * key it loaded.
 */
export function seedChannelKey(db?: Db | Tx, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const fromEnv = env.CHANNEL_SECRET_KEY;
  if (fromEnv && fromEnv.length >= 32) return Promise.resolve(deriveChannelKey(fromEnv));
  const dataDir = (db && dataDirOf(db)) ?? (env.DATA_DIR || './data');
  return Promise.resolve(deriveChannelKey(keyFileOf(dataDir).channel_key));
}

export interface ChannelAccount {
  accommodationId: number;
  settingId: number;
  /** params.accommodation_id: the facility's id on the channel. */
  hotelId: string;
  /** params.id: the extranet login. */
  loginId: string;
  /** params.password, opened. */
  password: string;
}

/**
 * The facilities that can sync: those whose service 1 setting has a non-empty accommodation_id,
 * id and password, with the password opened. Throws ChannelCredentialsError (naming the
 * facility) when a password cannot be opened with this key.
 */
export async function loadChannelAccounts(
  db: Db | Tx,
  key: Buffer,
  accommodationId?: number,
): Promise<ChannelAccount[]> {
  const rows = await channelSettingsWithLogin(db, accommodationId);
  return rows.map((row) => {
    let password: string;
    try {
      password = openPassword(key, String(row.params.password));
    } catch (error) {
      if (error instanceof ChannelCredentialsError) {
        throw new ChannelCredentialsError(
          `accommodation ${row.accommodationId}, sync setting ${row.id}: ${error.message}`,
          error.reason,
        );
      }
      throw error;
    }
    return {
      accommodationId: row.accommodationId,
      settingId: row.id,
      hotelId: String(row.params.accommodation_id),
      loginId: String(row.params.id),
      password,
    };
  });
}

/**
 * The facilities whose stored channel password this key cannot open (sealed with another key): the
 * server says so at start, and the settings page asks for the password again.
 */
export async function unreadableChannelPasswords(db: Db | Tx, key: Buffer): Promise<number[]> {
  const rows = await settingsWithPassword(db);
  return rows
    .filter((row) => {
      try {
        openPassword(key, String(row.params.password));
        return false;
      } catch (error) {
        if (error instanceof ChannelCredentialsError) return true;
        throw error;
      }
    })
    .map((row) => row.accommodationId);
}
