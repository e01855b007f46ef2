ALTER TABLE "mail_messages" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_attachment_size" CHECK ("mail_messages"."attachment" is null or octet_length("mail_messages"."attachment") <= 5000000);--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_attachment_type" CHECK ("mail_messages"."attachment" is null or ("mail_messages"."attachment_type" is not null and "mail_messages"."attachment_name" is not null));