import { parseRaw, startSmtpSink } from './smtpSink';

/**
 * `npm run mail-catcher`: an SMTP server on 127.0.0.1:2525 (MAIL_CATCHER_PORT) that accepts every
 * message and prints its From, To and Subject, decoded. Run the server beside it with
 * `SMTP_URL=smtp://127.0.0.1:2525 npm start` to watch the mail the product sends, delivered nowhere.
 */
const port = Number(process.env.MAIL_CATCHER_PORT ?? 2525);

type Address = { name?: string; address?: string };
const who = (a?: Address) => (a ? `${a.name ?? ''} <${a.address ?? ''}>`.trim() : '');

const sink = await startSmtpSink({
  port,
  keep: false,
  async onMessage({ raw }) {
    const mail = await parseRaw(raw);
    const files = mail.attachments.map((a) => a.filename ?? '(no name)');
    console.log(
      [
        `── ${new Date().toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}  ${mail.messageId ?? ''}`,
        `From:    ${who(mail.from as Address | undefined)}`,
        `To:      ${(mail.to ?? []).map((a) => who(a as Address)).join(', ')}`,
        `Subject: ${mail.subject ?? ''}`,
        ...(files.length ? [`Files:   ${files.join(', ')}`] : []),
        '',
        (mail.text ?? '').trim().split('\n').slice(0, 8).join('\n'),
        '',
      ].join('\n'),
    );
  },
});
console.log(`mail catcher on ${sink.url} (start the server with SMTP_URL=${sink.url})`);
process.on('SIGINT', () => void sink.close().then(() => process.exit(0)));
