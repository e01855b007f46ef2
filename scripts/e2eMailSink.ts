import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The e2e run's SMTP server (playwright.config.ts starts it beside the product, which gets
 * SMTP_URL=smtp://127.0.0.1:<E2E_MAIL_PORT>): it accepts every message and writes it, raw, as
 * `<received time>-<n>.eml` into E2E_MAIL_DIR, where e2e/support.ts `waitForMail` reads it.
 * A file appears whole (written under another name, then renamed).
 */
const port = Number(process.env.E2E_MAIL_PORT ?? 9181);
const dir = process.env.E2E_MAIL_DIR ?? 'test-results/e2e-mail';
mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 30 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      try {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(6, '0')}`;
        const envelope = `X-Envelope-To: ${session.envelope.rcptTo.map((a) => a.address).join(', ')}\r\n`;
        writeFileSync(join(dir, `${name}.tmp`), Buffer.concat([Buffer.from(envelope), ...chunks]));
        renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.eml`));
        callback(null, 'OK: kept by the e2e sink');
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});
server.on('error', () => {
  // a client that goes away mid-message is not the sink's concern
});

server.listen(port, '127.0.0.1', () => {
  console.log(`e2e mail sink on smtp://127.0.0.1:${port}, writing ${dir}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
