import { describe, expect, it } from 'vitest';
import { logError } from '../../server/logger';

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
