import type { MailTemplate, TestMail } from '../../contract/mailTemplate';
import { senderAddressMessages } from '../../contract/senderAddress';
import type { Db } from '../db/client';
import { listAccommodations } from '../db/queries/accommodations';
import * as q from '../db/queries/mail';
import { isVerifiedSender } from '../db/queries/senderAddresses';
import { badRequest, conflict, notFound } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { sampleBooking } from '../mail/render';
import { audit } from './audit';
import type { CurrentUser } from './auth';
import { renderTemplate } from './bookMail';

/** What the history keeps of a template. */
const trail = (t: MailTemplate) => ({
  title: t.title,
  from_address: t.from_address,
  from_name: t.from_name,
  body: t.body,
});

/**
 * The mail templates of an accommodation (spec 2 "Mail templates", 5 "Mail template update",
 * "Test mail"). The route has checked that the user reaches the accommodation; the schemas have
 * checked the fields and the placeholders.
 */
export class MailTemplateService {
  constructor(private readonly db: Db) {}

  list(accommodationId: number): Promise<MailTemplate[]> {
    return q.listTemplates(this.db, accommodationId);
  }

  async get(accommodationId: number, templateId: number): Promise<MailTemplate> {
    const template = await q.findTemplate(this.db, accommodationId, templateId);
    if (!template) throw notFound();
    return template;
  }

  /**
   * Saves title, sender and body; the change is written in the audit trail. The sender is one of
   * the company's verified sender addresses (400 on from_address otherwise).
   */
  async update(
    user: CurrentUser,
    accommodationId: number,
    templateId: number,
    input: { title: string; from_address: string; from_name: string; body: string },
  ): Promise<MailTemplate> {
    return this.db.transaction(async (tx) => {
      const before = await q.findTemplate(tx, accommodationId, templateId, { lock: true });
      if (!before) throw notFound();
      // A template sends from one of the company's verified sender addresses, never free text.
      if (!(await isVerifiedSender(tx, user.companyId, input.from_address))) {
        throw badRequest(senderAddressMessages.notVerified, { from_address: senderAddressMessages.notVerified });
      }
      await q.updateTemplate(tx, before.id, {
        title: input.title,
        fromAddress: input.from_address,
        fromName: input.from_name,
        body: input.body,
      });
      const after = (await q.findTemplate(tx, accommodationId, templateId))!;
      await audit(tx, user, {
        action: 'update',
        target: 'mail_template',
        targetId: before.id,
        accommodationId,
        before: trail(before),
        after: trail(after),
      });
      return after;
    });
  }

  /** Queues the template, filled with a sample booking at its facility, to one address (not a booking's history). */
  async test(user: CurrentUser, accommodationId: number, templateId: number, input: TestMail): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const template = await q.findTemplate(tx, accommodationId, templateId);
      if (!template) throw notFound();
      if (!(await isVerifiedSender(tx, user.companyId, template.from_address))) {
        throw conflict(senderAddressMessages.templateSenderNotVerified(template.from_address));
      }
      const [accommodation] = await listAccommodations(tx, [accommodationId]);
      const { title, body } = renderTemplate(template, sampleBooking(accommodation?.name ?? ''));
      const [id] = await enqueueMail(tx, [
        {
          companyId: user.companyId,
          accommodationId,
          sendType: template.send_type,
          to: input.mail_address,
          from: template.from_address,
          fromName: template.from_name,
          title,
          body,
          createdBy: user.id,
        },
      ]);
      return { id: id! };
    });
  }
}
