import type { ESLint } from 'eslint';

/** The files whose SQL has not yet moved into server/db/queries (issue 29). */
export const sqlNotYetInDb: readonly string[];

declare const plugin: ESLint.Plugin;
export default plugin;
