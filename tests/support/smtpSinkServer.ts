import { afterAll, beforeAll } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../tools/smtpSink';
import { startSignedIn, type SignedIn } from './signedIn';

export interface WithSmtpSink extends SignedIn {
  /** The SMTP server the test server delivers to (its SMTP_URL): what it received, refusals to make. */
  sink: SmtpSink;
  /** Closes the server, then the sink. */
  close(): Promise<void>;
}

/**
 * A test server whose mail delivery sends over real SMTP to a sink started beside it (tools/smtpSink.ts),
 * both demo users signed in; `env` adds to its environment.
 *
 *   let api: WithSmtpSink;
 *   beforeAll(async () => { api = await startWithSmtpSink(); });
 *   afterAll(() => api?.close());
 *
 * or, for the whole file or describe block, `const api = smtpSinkSuite();`.
 */
export async function startWithSmtpSink(env: Record<string, string> = {}): Promise<WithSmtpSink> {
  const sink = await startSmtpSink();
  try {
    const signedIn = await startSignedIn({ SMTP_URL: sink.url, ...env });
    return {
      ...signedIn,
      sink,
      async close() {
        await signedIn.server.close();
        await sink.close();
      },
    };
  } catch (error) {
    await sink.close();
    throw error;
  }
}

/** startWithSmtpSink for the test file (or describe block): started before its tests, closed after them. */
export function smtpSinkSuite(env: Record<string, string> = {}): WithSmtpSink {
  const api = {} as WithSmtpSink;
  beforeAll(async () => {
    Object.assign(api, await startWithSmtpSink(env));
  });
  afterAll(() => api.close?.());
  return api;
}
