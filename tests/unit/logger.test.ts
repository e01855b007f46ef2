import { describe, expect, it } from 'vitest';
import { logError, maskPath } from '../../server/logger';

describe('an error as logged', () => {
  it('keeps a database error’s code and constraint but not its SQL or parameters (guest data)', () => {
    const err = Object.assign(
      new Error(
        'Failed query: insert into "bookings" ("name", "tel") values ($1, $2)\nparams: 山田 太郎,090-1111-2222',
      ),
      { name: 'DrizzleQueryError', cause: { code: '23505', constraint: 'bookings_uid_key' } },
    );
    const logged = logError(err);
    expect(logged).toEqual({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'bookings_uid_key',
      message: 'database query failed',
    });
    expect(JSON.stringify(logged)).not.toMatch(/山田|090/);
  });

  it('keeps the first line of any other error, without the stack', () => {
    const logged = logError(new TypeError('x is not a function\n    at somewhere'));
    expect(logged).toEqual({
      type: 'TypeError',
      code: undefined,
      constraint: undefined,
      message: 'x is not a function',
    });
  });
});

describe('a path as logged', () => {
  it('masks a mail address in any segment, decoded or percent-encoded', () => {
    expect(maskPath('/m/books/guest@example.com')).toBe('/m/books/[redacted]');
    expect(maskPath('/m/books/guest%40example.com')).toBe('/m/books/[redacted]');
    expect(maskPath('/api/anything/Guest%40Example.COM/more')).toBe('/api/anything/[redacted]/more');
    // Not valid percent-encoding as a whole, but the mail is still there.
    expect(maskPath('/x/guest%40example.com%c0')).toBe('/x/[redacted]');
  });

  it('masks whatever the guest-books page carries: a mail as typed, a name, a phone', () => {
    expect(maskPath('/m/books/%E5%B1%B1%E7%94%B0')).toBe('/m/books/[redacted]');
    expect(maskPath('/m/books/090-1234-5678')).toBe('/m/books/[redacted]');
    expect(maskPath('/m/books/')).toBe('/m/books/');
    expect(maskPath('/api/anything/+81%2090%201234%205678')).toBe('/api/anything/[redacted]');
    expect(maskPath('/api/anything/09012345678')).toBe('/api/anything/[redacted]');
  });

  it('masks the calendar feed’s secret address and the same uid in the console', () => {
    expect(maskPath('/ical/k3j4h5g6f7d8s9a0.ics')).toBe('/ical/[redacted]');
    // The pre-check-in link's token opens a guest's form: never in a log.
    const token = 'yWnMQpoG2aLuhY_bsU2-bIbQrektS1m8abcdefghijk';
    expect(maskPath(`/checkin/${token}`)).toBe('/checkin/[redacted]');
    expect(maskPath(`/api/public/checkin/${token}`)).toBe('/api/public/checkin/[redacted]');
    expect(maskPath(`/api/public/checkin/${token}/guests/1/passport`)).toBe(
      '/api/public/checkin/[redacted]/guests/1/passport',
    );
    expect(maskPath('/api/admin/books/12/checkin')).toBe('/api/admin/books/12/checkin');
    expect(maskPath('/m/accommodation/k3j4h5g6f7d8s9a0/mail/template/3')).toBe(
      '/m/accommodation/[redacted]/mail/template/3',
    );
  });

  it('keeps ids, dates and route words', () => {
    for (const path of [
      '/api/admin/books/12',
      '/api/admin/books/date/2026-11-21',
      '/m/accommodation/1/book/2026/11/21',
      '/m/books',
      '/api/admin/plans/3/schedules/1234567890',
      '/assets/app-abc123.js',
    ]) {
      expect(maskPath(path)).toBe(path);
    }
  });
});
