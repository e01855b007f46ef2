import nodemailer, { type SendMailOptions } from 'nodemailer';

/** What the worker needs of an SMTP client: send one message, answer the server's reply. */
export interface MailTransport {
  send(message: SendMailOptions): Promise<{ response: string }>;
  close(): void;
}

/**
 * A pooled nodemailer transport to SMTP_URL (smtp:// or smtps://, credentials in the URL). Short
 * timeouts: a server that does not answer is a temporary failure, tried again later, and a send
 * never outlives the worker's lease by much.
 */
export function smtpTransport(url: string, maxConnections = 5): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
  });
  return {
    async send(message) {
      const info = (await transporter.sendMail(message)) as { response?: string };
      return { response: info.response ?? '' };
    },
    close: () => transporter.close(),
  };
}
