import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database is opened with: migration 0009 creates pg_trgm (the
 * booking search's trigram indexes), and PGlite can neither create nor use an extension it was not
 * given at construction. Every `new PGlite` of the server, its tools and the tests goes through
 * here, so a data folder or snapshot holding those indexes always opens with what they need.
 */
export const pgliteExtensions = { pg_trgm };

/** A PGlite on a data folder (or in memory when none), with the extensions of the schema. */
export function newPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const withExtensions = { ...options, extensions: { ...pgliteExtensions, ...options.extensions } };
  return dataDir === undefined ? new PGlite(withExtensions) : new PGlite(dataDir, withExtensions);
}
