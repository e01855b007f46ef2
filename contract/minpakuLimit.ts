/**
 * The days a minpaku house may lodge guests in a fiscal year (住宅宿泊事業法2条③; contract/minpaku.ts).
 * Apart from the minpaku schemas, so that the console's messages (i18n/ja.ts) do not bring zod into
 * its first load.
 */
export const MINPAKU_DAY_LIMIT = 180;
