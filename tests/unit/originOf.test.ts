import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { originOf } from '../../server/routes/originOf';

const request = { protocol: 'http', host: '192.168.0.5:8080' } as FastifyRequest;

describe('originOf: the address links made in a request start with', () => {
  it('is PUBLIC_URL when set, without its trailing slash', () => {
    expect(originOf(request, { PUBLIC_URL: 'https://yadoban.example.jp/' })).toBe('https://yadoban.example.jp');
  });

  it('is the address the console was opened at otherwise', () => {
    expect(originOf(request, {})).toBe('http://192.168.0.5:8080');
  });
});
