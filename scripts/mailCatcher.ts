import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * `npm run mail-catcher`: an SMTP server on 127.0.0.1:2525 (MAIL_CATCHER_PORT) that accepts every
 * message and prints its From, To and Subject, decoded. Run the server beside it with
 * `SMTP_URL=smtp://127.0.0.1:2525 npm start` to watch the mail the product sends, delivered nowhere.
 */
const port = Number(process.env.MAIL_CATCHER_PORT ?? 2525);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((mail) => {
          const who = (a?: { name?: string; address?: string }) =>
            a ? `${a.name ?? ''} <${a.address ?? ''}>`.trim() : '';
          const to = (mail.to ?? []).map((a) => who(a as { name?: string; address?: string })).join(', ');
          const files = mail.attachments.map((a) => a.filename ?? '(no name)');
          console.log(
            [
              `── ${new Date().toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}  ${mail.messageId ?? ''}`,
              `From:    ${who(mail.from as { name?: string; address?: string } | undefined)}`,
              `To:      ${to}`,
              `Subject: ${mail.subject ?? ''}`,
              ...(files.length ? [`Files:   ${files.join(', ')}`] : []),
              '',
              (mail.text ?? '').trim().split('\n').slice(0, 8).join('\n'),
              '',
            ].join('\n'),
          );
          callback(null, 'OK: caught');
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    });
  },
});

server.listen(port, '127.0.0.1', () => {
  console.log(`mail catcher on smtp://127.0.0.1:${port} (start the server with SMTP_URL=smtp://127.0.0.1:${port})`);
});
process.on('SIGINT', () => server.close(() => process.exit(0)));
