import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { MalformedMailError } from './parse';
import { storeInbound } from './store';

export interface InboundSmtp {
  /** The port it listens on (the one configured, or the one given for port 0). */
  port: number;
  /** Stops taking connections and waits for the open ones to end. */
  close(): Promise<void>;
}

export interface InboundSmtpOptions {
  db: Db;
  port: number;
  host: string;
  maxBytes: number;
  log: FastifyBaseLogger;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * The mailbox of received mail (INBOUND_SMTP_PORT): a plain SMTP listener that takes any message
 * and keeps it (server/mail/inbound/store.ts). smtp-server only advertises SIZE: the bytes are
 * counted here as they come, and a message over the limit is read to its end, dropped and
 * answered 552. 250 is answered only once the message is stored; a failure to store is a
 * temporary 451, so the sending server tries again. Nothing of the message is logged.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { db, maxBytes, log } = options;
  const server = new SMTPServer({
    name: 'yadoban',
    banner: 'Yadoban inbound mail',
    size: maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    // A stop waits this long for open sessions before it answers them 421 (server.ts exits after 10 s).
    closeTimeout: 5_000,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let over = false;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxBytes) {
          over = true;
          chunks.length = 0;
        } else {
          chunks.push(chunk);
        }
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (over || stream.sizeExceeded) {
          log.info({ bytes, limit: maxBytes }, 'inbound mail refused: too large');
          callback(smtpError(552, `Error: message exceeds fixed maximum message size ${maxBytes}`));
          return;
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        storeInbound(db, Buffer.concat(chunks), recipients).then(
          (stored) => {
            log.info({ receivedMailId: stored.id, duplicate: stored.duplicate }, 'inbound mail stored');
            callback(null, `OK: stored as ${stored.id}`);
          },
          (error: unknown) => {
            if (error instanceof MalformedMailError) {
              callback(smtpError(554, 'Error: malformed message'));
              return;
            }
            log.error({ err: error }, 'inbound mail could not be stored');
            callback(smtpError(451, 'Error: temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port }, 'inbound SMTP listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
