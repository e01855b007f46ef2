/** Where a PostgreSQL URL points, for a person to read: never its password. */
export function describePostgres(url: string): string {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)';
  const user = u.username ? ` as ${decodeURIComponent(u.username)}` : '';
  return `PostgreSQL database "${database}" on ${u.hostname || 'localhost'}:${u.port || '5432'}${user}`;
}
