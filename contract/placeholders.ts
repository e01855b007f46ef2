/**
 * Mail placeholders: `{{book.name}}` in booking mail, `{{name}}` in bulk mail, spaces inside the
 * braces allowed (`{{ name }}`). One pattern and one filler for both (issue 29).
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** True when the text holds the placeholder `name` (spaces inside the braces allowed). */
export function usesPlaceholder(text: string, name: string): boolean {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].some((m) => m[1] === name);
}

/** The text with each placeholder that `values` names filled; any other stays as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}
