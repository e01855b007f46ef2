import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../contract/messages';
import { failureMessage } from '../../dataProvider/apiErrors';
import { HttpError } from '../../dataProvider/http';
import { registerErrorHandler } from '../../server/plugins/errorHandler';

describe('a server failure', () => {
  it('answers the id of its log line, never the cause', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => void lines.push(l) } } });
    registerErrorHandler(app);
    app.get('/boom', () => {
      throw new Error('Failed query: select ... params: 山田 太郎');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json() as { code: string; message: string; request_id: string };
    expect(body).toEqual({ code: 'internal', message: errorMessages.internal, request_id: expect.any(String) });
    expect(lines.join('')).toContain(`"reqId":"${body.request_id}"`);
    await app.close();
  });

  it('answers a deadlock or a serialization failure as a conflict to try again, not a failure', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    for (const code of ['40P01', '40001']) {
      app.get(`/race-${code}`, () => {
        throw Object.assign(new Error('Failed query: update bookings ...'), { cause: { code } });
      });
    }
    for (const code of ['40P01', '40001']) {
      const res = await app.inject({ method: 'GET', url: `/race-${code}` });
      expect(res.statusCode, code).toBe(409);
      expect(res.json()).toEqual({ code: 'conflict', message: errorMessages.conflict });
    }
    await app.close();
  });

  it('is shown with that id for the user to quote', () => {
    const error = new HttpError(errorMessages.internal, 500, {
      code: 'internal',
      message: errorMessages.internal,
      request_id: 'a1b2c3d4e5f6',
    });
    expect(failureMessage(error, '保存できませんでした')).toBe(`${errorMessages.internal}（エラーID: a1b2c3d4e5f6）`);
    // A refusal (4xx) says only its reason.
    const refused = new HttpError('満室です', 409, { code: 'conflict', message: '満室です' });
    expect(failureMessage(refused, '保存できませんでした')).toBe('満室です');
  });
});
