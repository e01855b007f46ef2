import { Parser } from 'htmlparser2';
import { convert } from 'html-to-text';

/**
 * HTML typed in the console's rich-text editor (bulk mail), never trusted: rebuilt from its parsed
 * elements keeping a safe subset. Allowed tags keep only their safe attributes (a link's http,
 * https or mailto address); anything else (script, style, iframe, form, event handlers, style
 * attributes, javascript: links, data: images, comments) is dropped, the text of an unknown element kept as
 * text. Text is escaped again on the way out, so no markup survives that was not rebuilt here.
 */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'pre',
  'code',
  'hr',
  'a',
  'span',
  'div',
  'img',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'title',
  'head',
]);

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SAFE_HREF = /^(https?:|mailto:)/i;

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropDepth > 0 || DROPPED.has(name)) {
          if (!VOID.has(name)) dropDepth += 1;
          return;
        }
        if (!ALLOWED.has(name)) return;
        let attrs = '';
        if (name === 'a') {
          const href = (attributes.href ?? '').trim();
          if (SAFE_HREF.test(href)) attrs = ` href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer"`;
        }
        if (name === 'img') {
          // A picture on the web only (the editor's image button): no data: or javascript: source.
          const src = (attributes.src ?? '').trim();
          if (!/^https?:\/\//i.test(src)) return;
          attrs = ` src="${escapeHtml(src)}" alt="${escapeHtml(attributes.alt ?? '')}"`;
        }
        out.push(`<${name}${attrs}>`);
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropDepth === 0) out.push(escapeHtml(text));
      },
      onclosetag(name, isImplied) {
        if (dropDepth > 0) {
          if (!VOID.has(name)) dropDepth -= 1;
          return;
        }
        if (!ALLOWED.has(name) || VOID.has(name)) return;
        const at = open.lastIndexOf(name);
        if (at < 0) return;
        // Close what the author left open inside it, then the element itself.
        while (open.length > at) out.push(`</${open.pop()!}>`);
        void isImplied;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
}

/** The plain-text part of a mail made from its (sanitised) HTML, line breaks kept, no wrapping. */
export function htmlToPlainText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
    ],
  }).trim();
}
