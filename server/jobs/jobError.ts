import { sqlState } from '../db/pgErrors';

/** The longest last_error kept. */
const MAX_ERROR_TEXT = 200;

/**
 * A failed run in a few words for job_runs.last_error and the log, without guest data: a database
 * error by its SQLSTATE alone (its message, and drizzle's "Failed query" with the parameters, may
 * hold a guest's name or mail, as the automatic cancel's log already avoids); a system error by its
 * code (ECONNREFUSED); any other by its name and the first line of its message, which the log
 * carried before as well.
 */
export function describeJobError(error: unknown): string {
  const state = sqlState(error);
  if (state) return `database error ${state}`;
  if (!(error instanceof Error)) return 'error';
  if (error.message.startsWith('Failed query')) return 'database error';
  const code = (error as { code?: unknown }).code;
  const firstLine = error.message.split('\n', 1)[0]!.trim();
  const text = [error.name, typeof code === 'string' ? code : undefined].filter(Boolean).join(' ');
  return (firstLine ? `${text}: ${firstLine}` : text).slice(0, MAX_ERROR_TEXT);
}

/** What the log says of a failed run: the error itself, unless it is a database's (then its code). */
export function jobErrorLogFields(error: unknown): object {
  const state = sqlState(error);
  if (state || (error instanceof Error && error.message.startsWith('Failed query'))) {
    return { code: state, error: describeJobError(error) };
  }
  return { err: error };
}
