-- Issue 32: a reply to a received mail threads in the guest's mail program (In-Reply-To, References).
ALTER TABLE "mail_messages" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "references" text;