import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isVerifiedAnywhere } from '../../db/queries/senderAddresses';
import { authenticateSender, systemResolver, type DNSResolver } from './authenticate';
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
  /** Connections one client address may hold at once (a 421 after them). */
  maxPerClient?: number;
  /** A connection that says nothing this long is closed. */
  idleMs?: number;
  /** Answers the SPF, DKIM and DMARC lookups (tests give one of their own). */
  resolver?: DNSResolver;
}

/** Connections of all clients together. */
const MAX_CLIENTS = 200;
export const DEFAULT_MAX_PER_CLIENT = 5;
export const DEFAULT_IDLE_MS = 30_000;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * The mailbox of received mail (INBOUND_SMTP_PORT): an SMTP listener for the companies' verified
 * sender addresses only (any other recipient is 550 at RCPT TO, so the product is no open mailbox),
 * that keeps what it takes (server/mail/inbound/store.ts) with the sender's SPF, DKIM and DMARC
 * (authenticate.ts). A client address holds at most `maxPerClient` connections (421 after), and a
 * connection idle for `idleMs` is closed, so idle connections cannot lock real mail out.
 * smtp-server only advertises SIZE: the bytes are counted here as they come, and a message over
 * the limit is read to its end, dropped and answered 552. 250 is answered only once the message is
 * stored; a failure to store is a temporary 451, so the sending server tries again. Nothing of the
 * message is logged.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { db, maxBytes, log } = options;
  const maxPerClient = options.maxPerClient ?? DEFAULT_MAX_PER_CLIENT;
  const resolver = options.resolver ?? systemResolver;
  const perClient = new Map<string, number>();
  const server = new SMTPServer({
    name: 'yadoban',
    banner: 'Yadoban inbound mail',
    size: maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    maxClients: MAX_CLIENTS,
    socketTimeout: options.idleMs ?? DEFAULT_IDLE_MS,
    // A stop waits this long for open sessions before it answers them 421 (server.ts exits after 10 s).
    closeTimeout: 5_000,
    onConnect(session, callback) {
      const held = perClient.get(session.remoteAddress) ?? 0;
      if (held >= maxPerClient) {
        callback(smtpError(421, 'Too many connections from your address, try again later'));
        return;
      }
      perClient.set(session.remoteAddress, held + 1);
      (session as SMTPServerSession & { counted?: boolean }).counted = true;
      callback();
    },
    onClose(session) {
      if (!(session as SMTPServerSession & { counted?: boolean }).counted) return;
      const held = (perClient.get(session.remoteAddress) ?? 1) - 1;
      if (held <= 0) perClient.delete(session.remoteAddress);
      else perClient.set(session.remoteAddress, held);
    },
    onRcptTo(address, _session, callback) {
      isVerifiedAnywhere(db, address.address).then(
        (ours) => callback(ours ? undefined : smtpError(550, '5.1.1 No such mailbox here')),
        (error: unknown) => {
          log.error({ err: error }, 'inbound SMTP could not check a recipient');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },
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
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom;
        authenticateSender(
          raw,
          {
            ip: session.remoteAddress,
            helo: session.hostNameAppearsAs,
            sender: mailFrom ? mailFrom.address : '',
          },
          resolver,
        )
          .then((senderAuth) => storeInbound(db, raw, recipients, senderAuth))
          .then(
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
