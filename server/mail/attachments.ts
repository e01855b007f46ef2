import type { Db } from '../db/client';
import { publicationAttachment } from '../db/queries/mailPublications';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A publication's attachment, read once per publication (a bulk mail sends it to every recipient). */
export class PublicationAttachments {
  private readonly cache = new Map<number, Promise<MailAttachment | null>>();

  constructor(private readonly db: Db) {}

  get(publicationId: number): Promise<MailAttachment | null> {
    let found = this.cache.get(publicationId);
    if (!found) {
      // Up to 5 MB each: keep only the last few publications.
      if (this.cache.size >= 8) this.cache.delete(this.cache.keys().next().value!);
      found = this.load(publicationId);
      found.catch(() => this.cache.delete(publicationId));
      this.cache.set(publicationId, found);
    }
    return found;
  }

  private async load(publicationId: number): Promise<MailAttachment | null> {
    const row = await publicationAttachment(this.db, publicationId);
    if (!row?.attachment) return null;
    return {
      filename: row.setting.file_name || 'attachment',
      content: Buffer.from(row.attachment),
      contentType: row.attachmentType ?? 'application/octet-stream',
    };
  }
}
