import { convert } from 'html-to-text';
import PostalMime, { type Address } from 'postal-mime';

/**
 * Reads a received message (RFC 5322 bytes) with postal-mime: headers and encoded words (RFC 2047)
 * and the text parts in their charsets. postal-mime decodes through TextDecoder and maps the labels
 * Japanese mail uses onto the WHATWG decoders: ISO-2022-JP (JIS), Shift_JIS, CP932 / Windows-31J
 * (whose NEC and IBM rows hold ①, ㈱ and 髙, which iPhone Mail sends when a reply quotes them: the
 * WHATWG shift_jis index is the Windows-31J one) and UTF-8 (tests/api/receivedMail.test.ts checks
 * each, in subjects and bodies). HTML is never kept for display: a message with only an HTML part
 * is turned into text here, on the server.
 */
export interface ParsedMail {
  /** Message-ID with its angle brackets, or null when the message has none. */
  messageId: string | null;
  /** The Message-IDs of In-Reply-To, then of References from the newest back. */
  replyTo: string[];
  subject: string;
  /** The sender's address, lower case ('' when the From header has none). */
  from: string;
  /** Addresses the message names as its recipients (To, Cc, Delivered-To, X-Original-To), lower case. */
  recipients: string[];
  /** The text to show, line breaks kept (\n). */
  text: string;
}

export class MalformedMailError extends Error {}

/** Longest text kept of a subject and of a body (a huge body is cut, not refused). */
const MAX_SUBJECT = 998;
const MAX_BODY = 200_000;

// Control and invisible formatting characters are dropped (NUL cannot be stored); a body keeps tab and \n.
const SUBJECT_DROPPED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const BODY_DROPPED = /(?![\t\n])[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069\ufeff]/gu;

const MESSAGE_ID = /<[^<>\s]+>/g;

function ids(value: string | undefined): string[] {
  return value ? [...value.matchAll(MESSAGE_ID)].map((m) => m[0]) : [];
}

function addressesOf(list: readonly Address[] | Address | undefined): string[] {
  if (!list) return [];
  const out: string[] = [];
  for (const a of Array.isArray(list) ? list : [list]) {
    if ('group' in a && a.group) out.push(...addressesOf(a.group));
    else if (a.address) out.push(a.address.toLowerCase());
  }
  return out;
}

/** Text made from HTML: structure kept as line breaks, links as their words, images and scripts left out. */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
    ],
  });
}

function cleanBody(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(BODY_DROPPED, '').slice(0, MAX_BODY).trimEnd();
}

/** Parses the message; a message without a header block or a sender is malformed. */
export async function parseInbound(raw: Buffer): Promise<ParsedMail> {
  let parsed: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    parsed = await PostalMime.parse(raw);
  } catch (error) {
    throw new MalformedMailError(error instanceof Error ? error.message : 'unreadable message');
  }
  const from = addressesOf(parsed.from)[0] ?? parsed.sender?.address?.toLowerCase() ?? '';
  const hasHeaders = parsed.headers.some((h) => ['from', 'date', 'subject', 'message-id'].includes(h.key));
  if (!hasHeaders || !from) throw new MalformedMailError('no sender');

  const header = (key: string) => parsed.headers.filter((h) => h.key === key).map((h) => h.value);
  const recipients = [
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
    ...[...header('delivered-to'), ...header('x-original-to')].map((v) => v.trim().replace(/^<|>$/g, '').toLowerCase()),
  ];
  const text = parsed.text?.trim() ? parsed.text : parsed.html ? htmlToText(parsed.html) : '';
  return {
    messageId: ids(parsed.messageId)[0] ?? null,
    replyTo: [...ids(parsed.inReplyTo), ...ids(parsed.references).reverse()],
    subject: (parsed.subject ?? '').replace(SUBJECT_DROPPED, ' ').trim().slice(0, MAX_SUBJECT),
    from: from.slice(0, 254),
    recipients: [...new Set(recipients.filter(Boolean))],
    text: cleanBody(text),
  };
}
