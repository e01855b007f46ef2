/** Plain-text output for the terminal: aligned tables and byte sizes. */

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(value >= 100 ? 0 : 1)} ms` : 'n/a';
}

/** A table with a header row; numbers and units are right-aligned, text left-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [headers.map(String), ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((r) => /^[-\d.,]+( [a-zA-Z%]+)?$|^n\/a$|^-$/.test(String(r[i] ?? ''))),
  );
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

export function heading(title: string): string {
  return `\n== ${title}`;
}

/** A progress line on stderr (stdout holds the tables). */
export function log(line: string): void {
  process.stderr.write(`  · ${line}\n`);
}
