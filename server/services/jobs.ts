import type { JobStates } from '../../contract/jobState';
import type { Db } from '../db/client';
import { listJobRuns } from '../db/queries/jobs';

/**
 * The background jobs' state for administrators (GET /api/admin/jobs; issue 29): every job a
 * process registered, as the runners of all processes recorded it in job_runs (server/jobs/runner.ts).
 */
export class JobsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<JobStates> {
    const rows = await listJobRuns(this.db);
    return {
      jobs: rows.map((r) => ({
        name: r.name,
        cadence_seconds: r.cadence_ms / 1000,
        exclusivity: r.exclusivity,
        last_started_at: r.last_started_at,
        last_finished_at: r.last_finished_at,
        last_error: r.last_error,
        last_error_at: r.last_error_at,
        next_run_at: r.next_run_at,
        running: r.running,
      })),
    };
  }
}
