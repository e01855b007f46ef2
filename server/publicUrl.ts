import type { Config } from './config';

/**
 * The server's address as guests reach it, for links made where no request says it (a mail queued by
 * a job, or by a booking's change): PUBLIC_URL, or http://localhost:PORT. Set once at start
 * (server/app.ts buildApp); a link made in the console takes the console's own address instead.
 */
let current = 'http://localhost:8080';

export function setPublicUrl(config: Pick<Config, 'PUBLIC_URL'>, port: number): void {
  current = (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

export const publicUrl = (): string => current;
