/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Where CREATE/DROP DATABASE are run: the database of DATABASE_URL itself. */
export function adminUrl(url: string): string {
  return url;
}
