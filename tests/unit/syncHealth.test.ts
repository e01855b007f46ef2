import { describe, expect, it } from 'vitest';
import { isStale, staleSeconds } from '../../server/channel/checks/health';

describe('isStale (two missed polls)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it('is fresh within two polls and a few seconds, stale after', () => {
    const row = (pull: Date | null, setting: Date | null = ago(3600), pending: Date | null = null) => ({
      last_pull_ok_at: pull,
      setting_created_at: setting,
      oldest_pending_at: pending,
    });
    expect(isStale(row(ago(30)), now, 30)).toBe(false);
    expect(isStale(row(ago(64)), now, 30)).toBe(false);
    expect(isStale(row(ago(66)), now, 30)).toBe(true);
    expect(staleSeconds(row(ago(600)), now, 30)).toBe(600);
    // Never pulled: counted from the setting.
    expect(isStale(row(null, ago(10)), now, 30)).toBe(false);
    expect(isStale(row(null, ago(120)), now, 30)).toBe(true);
    // A change waiting longer than two polls and a minute.
    expect(isStale(row(ago(5), ago(3600), ago(100)), now, 30)).toBe(false);
    expect(isStale(row(ago(5), ago(3600), ago(121)), now, 30)).toBe(true);
    expect(isStale(row(ago(5)), now, 2)).toBe(false);
    expect(isStale(row(ago(10)), now, 2)).toBe(true);
  });
});
