import { promises as dns } from 'node:dns';
import { authenticate, type DNSResolver } from 'mailauth';
import type { SenderAuth, SenderAuthVerdict } from '../../../contract/receivedMail';

export type { DNSResolver };

/** The system's resolver, as mailauth asks for records (a missing name is an empty answer to it). */
export const systemResolver: DNSResolver = (name, rrtype) => dns.resolve(name, rrtype) as ReturnType<DNSResolver>;

/** How long the lookups of one message may take before the answer is "not known" (temperror). */
const LOOKUP_TIMEOUT_MS = 8_000;

function withTimeout(resolver: DNSResolver): DNSResolver {
  return (name, rrtype) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(Object.assign(new Error('DNS timeout'), { code: 'ETIMEOUT' })),
        LOOKUP_TIMEOUT_MS,
      );
      resolver(name, rrtype).then(
        (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

export interface SmtpEnvelope {
  /** The client's address, as the listener saw the connection. */
  ip: string;
  /** What the client said in EHLO/HELO. */
  helo: string;
  /** MAIL FROM (empty for a bounce). */
  sender: string;
}

const domainOf = (address: string | undefined) =>
  address ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : '';

/**
 * Checks the sender of a message received over SMTP with SPF, DKIM and DMARC (mailauth), so that
 * staff see a forged From: when they read it. The verdict: `pass` when DMARC passes (or, where the
 * From domain publishes no DMARC policy, when an SPF or DKIM pass is of the From domain itself);
 * `fail` when DMARC fails, or SPF fails with no DKIM pass; `none` when nothing proves or disproves
 * it (no records, a lookup that failed). Never throws: a failure to check is `none`.
 */
export async function authenticateSender(
  raw: Buffer,
  envelope: SmtpEnvelope,
  resolver: DNSResolver = systemResolver,
): Promise<SenderAuth> {
  try {
    const result = await authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta: 'yadoban',
      resolver: withTimeout(resolver),
      disableArc: true,
      disableBimi: true,
    });
    const spf = result.spf ? result.spf.status.result : 'none';
    const dkimResults = result.dkim?.results ?? [];
    const dkim = dkimResults.some((r) => r.status.result === 'pass')
      ? 'pass'
      : (dkimResults[0]?.status.result ?? 'none');
    const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
    const fromDomain = (result.dkim?.headerFrom ?? []).map((d) => domainOf(d) || d.toLowerCase())[0] ?? '';
    const dkimAligned = dkimResults.some(
      (r) => r.status.result === 'pass' && r.signingDomain?.toLowerCase() === fromDomain,
    );
    const spfAligned = spf === 'pass' && domainOf(envelope.sender) === fromDomain;
    let verdict: SenderAuthVerdict;
    if (dmarc === 'pass') verdict = 'pass';
    else if (dmarc === 'fail') verdict = 'fail';
    else if (dkimAligned || spfAligned) verdict = 'pass';
    else if (spf === 'fail' && dkim !== 'pass') verdict = 'fail';
    else verdict = 'none';
    return { verdict, spf: String(spf), dkim: String(dkim), dmarc: String(dmarc) };
  } catch {
    return { verdict: 'none', spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' };
  }
}
