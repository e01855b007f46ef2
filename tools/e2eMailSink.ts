import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpSink } from './smtpSink';

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

const sink = await startSmtpSink({
  port,
  keep: false,
  onMessage({ to, raw }) {
    count += 1;
    const name = `${Date.now()}-${String(count).padStart(6, '0')}`;
    writeFileSync(join(dir, `${name}.tmp`), `X-Envelope-To: ${to.join(', ')}\r\n${raw}`);
    renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.eml`));
  },
});
console.log(`e2e mail sink on ${sink.url}, writing ${dir}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sink.close().then(() => process.exit(0)));
