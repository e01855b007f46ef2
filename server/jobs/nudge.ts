/**
 * Nudges: a job run at once instead of at its next turn, in every runner of this process (a
 * request that queued mail wakes mail delivery after its commit). Other processes find the work
 * at their next turn.
 */
const listeners = new Set<(job: string) => void>();

export function onNudge(listener: (job: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function nudgeJob(job: string): void {
  for (const listener of listeners) listener(job);
}

/** The job that delivers the outbox (server/jobs/mailDelivery.ts). */
export const MAIL_DELIVERY_JOB = 'mailDelivery';

/** Wakes mail delivery at once (call after committing a transaction that queued mail). */
export function nudgeMailWorker(): void {
  nudgeJob(MAIL_DELIVERY_JOB);
}
