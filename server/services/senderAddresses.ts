import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  senderAddressMessages as msg,
  VERIFICATION_CODE_HOURS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
  type SenderAddress,
} from '../../contract/senderAddress';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/pgErrors';
import * as q from '../db/queries/senderAddresses';
import { badRequest, conflict, notFound } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { audit } from './audit';
import type { CurrentUser } from './auth';

const hashCode = (id: number, code: string, salt: string) =>
  createHash('sha256').update(`${id}:${salt}:${code}`).digest('base64url');

function sealCode(id: number, code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}$${hashCode(id, code, salt)}`;
}

function codeMatches(id: number, code: string, sealed: string): boolean {
  const [salt, hash] = sealed.split('$');
  if (!salt || !hash) return false;
  const a = Buffer.from(hashCode(id, code, salt));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The domain of an address, lower-case. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The company's sender addresses (spec 3 "Sender address"; issue 28): the only addresses any mail
 * of the company leaves from. An administrator adds one; it sends only once verified, by the
 * 6-digit code mailed to it (good for 24 hours and 5 wrong tries) or at once when its domain is one
 * the deployment names (MAIL_VERIFIED_DOMAINS). An address another company has verified cannot be
 * added (409, whose is not told), and of two pending claims the first verified wins.
 */
export class SenderAddressService {
  constructor(
    private readonly db: Db,
    private readonly verifiedDomains: readonly string[],
  ) {}

  list(user: CurrentUser): Promise<SenderAddress[]> {
    return q.listSenderAddresses(this.db, user.companyId);
  }

  async get(user: CurrentUser, id: number): Promise<SenderAddress> {
    const found = await q.findSenderAddress(this.db, user.companyId, id);
    if (!found) throw notFound();
    return this.record(found);
  }

  private record(row: SenderAddress): SenderAddress {
    return { id: row.id, from_address: row.from_address, verified: row.verified };
  }

  async create(user: CurrentUser, address: string): Promise<SenderAddress> {
    const verified = this.verifiedDomains.includes(domainOf(address));
    return this.withClaimRefused(async (tx) => {
      if (await q.verifiedElsewhere(tx, user.companyId, address)) {
        throw conflict(msg.unavailable, { from_address: msg.unavailable });
      }
      const id = await q.insertSenderAddress(tx, { companyId: user.companyId, address, verified });
      if (id === null) throw conflict(msg.taken, { from_address: msg.taken });
      if (!verified) await this.mailCode(tx, user, id, address);
      await audit(tx, user, {
        action: 'create',
        target: 'mail_addresses',
        targetId: id,
        after: { from_address: address, verified },
      });
      return { id, from_address: address, verified };
    });
  }

  /** A new code to the address (the old one stops working); not twice within a minute. */
  async resend(user: CurrentUser, id: number): Promise<SenderAddress> {
    return this.db.transaction(async (tx) => {
      const found = await q.findSenderAddress(tx, user.companyId, id, { lock: true });
      if (!found) throw notFound();
      if (found.verified) throw conflict(msg.alreadyVerified);
      if (found.code_age_seconds !== null && found.code_age_seconds < VERIFICATION_RESEND_SECONDS) {
        throw conflict(msg.resendTooSoon);
      }
      await this.mailCode(tx, user, id, found.from_address);
      return this.record(found);
    });
  }

  /** The code an administrator read in the mail: a right one verifies the address. */
  async verify(user: CurrentUser, id: number, code: string): Promise<SenderAddress> {
    const outcome = await this.withClaimRefused(async (tx) => {
      const found = await q.findSenderAddress(tx, user.companyId, id, { lock: true });
      if (!found) throw notFound();
      if (found.verified) return this.record(found);
      if (!found.verification_code_hash || found.code_age_seconds === null) {
        return badRequest(msg.codeExpired, { code: msg.codeExpired });
      }
      if (found.verification_attempts >= VERIFICATION_MAX_ATTEMPTS) {
        return badRequest(msg.tooManyAttempts, { code: msg.tooManyAttempts });
      }
      if (found.code_age_seconds > VERIFICATION_CODE_HOURS * 3600) {
        return badRequest(msg.codeExpired, { code: msg.codeExpired });
      }
      if (!codeMatches(id, code, found.verification_code_hash)) {
        // The wrong try is counted (and kept: the refusal is an answer, not a rollback).
        await q.countWrongCode(tx, id);
        const last = found.verification_attempts + 1 >= VERIFICATION_MAX_ATTEMPTS;
        const message = last ? msg.tooManyAttempts : msg.wrongCode;
        return badRequest(message, { code: message });
      }
      if (await q.verifiedElsewhere(tx, user.companyId, found.from_address)) {
        throw conflict(msg.unavailable, { code: msg.unavailable });
      }
      await q.markVerified(tx, id);
      await audit(tx, user, {
        action: 'update',
        target: 'mail_addresses',
        targetId: id,
        before: { verified: false },
        after: { verified: true },
      });
      return { ...this.record(found), verified: true };
    });
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  async remove(user: CurrentUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await q.findSenderAddress(tx, user.companyId, id, { lock: true });
      if (!found) throw notFound();
      await q.deleteSenderAddress(tx, id);
      await audit(tx, user, {
        action: 'delete',
        target: 'mail_addresses',
        targetId: id,
        before: { from_address: found.from_address, verified: found.verified },
      });
    });
  }

  /**
   * The code goes to the address itself, from itself: a mail to its own address reaches only whoever
   * reads it, so it is the one mail an unverified address may send (server/mail/delivery.ts).
   */
  private async mailCode(tx: Tx, user: CurrentUser, id: number, address: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await q.setVerificationCode(tx, id, sealCode(id, code));
    await enqueueMail(tx, [
      {
        companyId: user.companyId,
        to: address,
        from: address,
        fromName: 'Yadoban',
        title: msg.verificationTitle,
        body: msg.verificationBody(code),
        createdBy: user.id,
      },
    ]);
  }

  /** Two companies verifying one address at once: the unique index refuses the second. */
  private async withClaimRefused<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'sender_addresses_verified_key')) {
        throw conflict(msg.unavailable, { from_address: msg.unavailable });
      }
      throw error;
    }
  }
}
