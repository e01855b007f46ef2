import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server for tests and tools (tools/mailCatcher.ts, tools/e2eMailSink.ts): listens on 127.0.0.1 (port 0 by default), keeps every message it
 * accepts (raw text and envelope), and can be told to answer 4xx/5xx for the next messages or for
 * some recipients. Use `sink.url` as SMTP_URL.
 *
 *   const sink = await startSmtpSink();
 *   sink.failNext(2, 451, 'Try again later');          // the next two messages get 451
 *   sink.failRecipient('bad@example.jp', 550, 'No such user');
 *   await sink.waitForCount(3);
 *   const mail = await sink.parsed(0);                 // postal-mime's Email
 *   await sink.close();
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header as received (with angle brackets), or null. */
  messageId: string | null;
  receivedAt: number;
}

interface Refusal {
  code: number;
  message: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Answer `code message` to the next `count` messages (at end of data). */
  failNext(count: number, code: number, message?: string): void;
  /** Answer `code message` to RCPT TO for this address (case-insensitive), until cleared. */
  failRecipient(address: string, code: number, message?: string): void;
  /** Wait `ms` before answering each message (simulates a slow server). */
  setDelay(ms: number): void;
  /** Count of received messages whose Message-ID appeared more than once. */
  duplicates(): number;
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  parsed(index: number): Promise<Email>;
  clear(): void;
  close(): Promise<void>;
}

export async function parseRaw(raw: string): Promise<Email> {
  return PostalMime.parse(raw);
}

function headerMessageId(raw: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const m = /^message-id:\s*(<[^>\r\n]*>)/im.exec(head);
  return m?.[1] ?? null;
}

export interface SmtpSinkOptions {
  /** 0 (any free port) by default. */
  port?: number;
  extra?: Partial<SMTPServerOptions>;
  /** Called with each accepted message before it is answered; a throw answers the client with the error. */
  onMessage?: (mail: ReceivedMail) => void | Promise<void>;
  /** Keep the messages in `messages` (true by default; a long-running sink sets false). */
  keep?: boolean;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const pending: Refusal[] = [];
  const byRecipient = new Map<string, Refusal>();
  let delay = 0;

  const refusal = (r: Refusal) => Object.assign(new Error(r.message), { responseCode: r.code });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    ...options.extra,
    onRcptTo(address, _session, callback) {
      const r = byRecipient.get(address.address.toLowerCase());
      callback(r ? refusal(r) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const answer = () => {
          const r = pending.shift();
          if (r) return callback(refusal(r));
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((a) => a.address),
            raw,
            messageId: headerMessageId(raw),
            receivedAt: Date.now(),
          };
          Promise.resolve(options.onMessage?.(mail)).then(
            () => {
              if (options.keep !== false) messages.push(mail);
              callback(null, 'OK: queued as sink');
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        };
        if (delay > 0) setTimeout(answer, delay);
        else answer();
      });
    },
  });
  server.on('error', () => {
    // client resets are normal in crash tests
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext(count, code, message = code >= 500 ? 'Rejected' : 'Try again later') {
      for (let i = 0; i < count; i++) pending.push({ code, message });
    },
    failRecipient(address, code, message = code >= 500 ? 'No such user' : 'Try again later') {
      byRecipient.set(address.toLowerCase(), { code, message });
    },
    setDelay(ms) {
      delay = ms;
    },
    duplicates() {
      const seen = new Map<string, number>();
      for (const m of messages) if (m.messageId) seen.set(m.messageId, (seen.get(m.messageId) ?? 0) + 1);
      return [...seen.values()].filter((n) => n > 1).length;
    },
    async waitForCount(count, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`SMTP sink got ${messages.length} of ${count} messages`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    parsed(index) {
      const m = messages[index];
      if (!m) throw new Error(`no message #${index}`);
      return parseRaw(m.raw);
    },
    clear() {
      messages.length = 0;
      pending.length = 0;
      byRecipient.clear();
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
