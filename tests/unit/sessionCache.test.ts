import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../server/auth/sessionCache';

const live = () => {
  const cache = new SessionCache<string>(60_000, 3);
  cache.handlers.onReady();
  cache.handlers.onDelivered(Number.POSITIVE_INFINITY);
  return cache;
};

describe('SessionCache', () => {
  it('keeps nothing until it listens, and nothing while its connection is lost', () => {
    const cache = new SessionCache<string>();
    cache.set('t', 'user', cache.begin(), Date.now() + 1000);
    expect(cache.get('t')).toBeUndefined();
    cache.handlers.onReady();
    cache.handlers.onDelivered(Date.now());
    cache.set('t', 'user', cache.begin(), Date.now() + 1000);
    expect(cache.get('t')).toBe('user');
    cache.handlers.onLost();
    expect(cache.get('t')).toBeUndefined();
    cache.set('t', 'user', cache.begin(), Date.now() + 1000);
    expect(cache.get('t')).toBeUndefined();
  });

  it('serves only while a heartbeat sent less than its trust window ago has come back', () => {
    const cache = new SessionCache<string>(60_000, 10, 1500);
    const sent = 5_000_000;
    cache.handlers.onReady();
    cache.set('t', 'user', cache.begin(), sent + 3_600_000, sent);
    // Listening, but no heartbeat heard yet: the connection is not known to deliver.
    expect(cache.get('t', sent)).toBeUndefined();
    cache.handlers.onDelivered(sent);
    expect(cache.get('t', sent + 1499)).toBe('user');
    // The heartbeats stopped coming back (a stalled connection): the database is asked.
    expect(cache.get('t', sent + 1500)).toBeUndefined();
    expect(cache.get('t', sent + 9_000)).toBeUndefined();
    // They come back: everything committed before this one has arrived, the entry is served again.
    cache.handlers.onDelivered(sent + 10_000);
    expect(cache.get('t', sent + 10_100)).toBe('user');
    // A heartbeat heard late (older than the last) shortens nothing.
    cache.handlers.onDelivered(sent + 9_000);
    expect(cache.get('t', sent + 11_000)).toBe('user');
    cache.handlers.onLost();
    cache.handlers.onReady();
    cache.set('t', 'user', cache.begin(), sent + 3_600_000, sent + 11_000);
    expect(cache.get('t', sent + 11_100)).toBeUndefined();
  });

  it('a notification empties it, and a read begun before it is not kept', () => {
    const cache = live();
    cache.set('a', 'user a', cache.begin(), Date.now() + 1000);
    const generation = cache.begin();
    cache.handlers.onNotify();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'stale', generation, Date.now() + 1000);
    expect(cache.get('b')).toBeUndefined();
  });

  it('an entry ends with its token, or after the longest age', () => {
    const cache = live();
    const now = 1_000_000;
    cache.set('short', 'x', cache.begin(), now + 500, now);
    cache.set('long', 'y', cache.begin(), now + 3_600_000, now);
    expect(cache.get('short', now + 499)).toBe('x');
    expect(cache.get('short', now + 500)).toBeUndefined();
    expect(cache.get('long', now + 59_999)).toBe('y');
    expect(cache.get('long', now + 60_000)).toBeUndefined();
  });

  it('holds at most its size: when full it starts again', () => {
    const cache = live();
    for (const key of ['a', 'b', 'c']) cache.set(key, key, cache.begin(), Date.now() + 1000);
    expect(cache.size).toBe(3);
    cache.set('d', 'd', cache.begin(), Date.now() + 1000);
    expect(cache.size).toBe(1);
    expect(cache.get('d')).toBe('d');
  });
});
