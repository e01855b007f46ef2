/**
 * Mail placeholders: `{{book.name}}` in booking mail, `{{name}}` in bulk mail, spaces inside the
 * braces allowed (`{{ name }}`). One pattern and one filler for both (issue 29).
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The text with each placeholder that `values` names filled; any other stays as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}
