import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ChannelCredentialsError,
  deriveChannelKey,
  isSealed,
  openPassword,
  sealPassword,
} from '../../server/channel/wire/credentials';

const key = deriveChannelKey('a-channel-secret-key-of-at-least-32-chars');

/** The value with one base64url part (1 iv, 2 tag, 3 ciphertext after the key id) changed by a bit. */
function flip(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split(':');
  const index = 2 + part;
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('channel password sealing (AES-256-GCM)', () => {
  it('seals to a prefixed value that opens to the same password, a new IV each time', () => {
    for (const plain of ['channel-pass-1234', 'パスワード🔑', ' spaced ', 'x'.repeat(100)]) {
      const sealed = sealPassword(key, plain);
      expect(sealed).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+:[\w-]*$/);
      expect(sealed).not.toContain(plain);
      expect(isSealed(sealed)).toBe(true);
      expect(openPassword(key, sealed)).toBe(plain);
      expect(sealPassword(key, plain)).not.toBe(sealed);
    }
  });

  it('reads a value without the prefix as a legacy plain password', () => {
    expect(openPassword(key, 'channel-pass-1234')).toBe('channel-pass-1234');
    expect(isSealed('channel-pass-1234')).toBe(false);
  });

  it('detects a changed IV, tag or ciphertext', () => {
    const sealed = sealPassword(key, 'channel-pass-1234');
    for (const part of [1, 2, 3] as const) {
      expect(() => openPassword(key, flip(sealed, part))).toThrow(ChannelCredentialsError);
      try {
        openPassword(key, flip(sealed, part));
      } catch (error) {
        expect((error as ChannelCredentialsError).reason).toBe('tampered');
      }
    }
    expect(() => openPassword(key, sealed.replace('enc:v1:', 'enc:v1:x:'))).toThrow(/malformed/);
  });

  it('says clearly when another key sealed the value (CHANNEL_SECRET_KEY changed)', () => {
    const sealed = sealPassword(key, 'channel-pass-1234');
    const other = deriveChannelKey(randomBytes(32).toString('hex'));
    expect(() => openPassword(other, sealed)).toThrow(/CHANNEL_SECRET_KEY/);
    // A value moved under another key id fails its integrity check too.
    const [, , , iv, tag, ciphertext] = sealed.split(':');
    const forged = sealPassword(other, 'x').split(':').slice(0, 3).join(':') + `:${iv}:${tag}:${ciphertext}`;
    expect(() => openPassword(other, forged)).toThrow(ChannelCredentialsError);
  });

  it('derives a 32-byte key and refuses one of another length', () => {
    expect(deriveChannelKey('k').length).toBe(32);
    expect(() => sealPassword(Buffer.alloc(16), 'x')).toThrow(/32 bytes/);
  });
});
