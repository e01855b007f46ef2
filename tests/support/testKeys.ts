import { inject } from 'vitest';
import { readKeyFile, keyFilePath } from '../../server/auth/keys';
import { deriveChannelKey } from '../../server/channel/wire/credentials';

/**
 * The DATA_DIR of the test run's keys (tests/support/apiGlobalSetup.ts): its key file sealed the
 * template's channel passwords. Test servers, server processes on a PostgreSQL database and seeds
 * use it unless a test gives its own, so that none writes the default ./data.keys.json.
 */
export const testKeysDataDir = (): string => inject('keysDataDir');

/** The channel key of the test run (the one that sealed the template's demo passwords). */
export function testChannelKey(): Buffer {
  const keys = readKeyFile(keyFilePath(testKeysDataDir()));
  if (!keys) throw new Error(`no key file beside ${testKeysDataDir()}`);
  return deriveChannelKey(keys.channel_key);
}
