import type { ChecksAnswer, IkuyuAnswer, RecheckAnswer, SyncCheckErrorRow } from '../../contract/syncCheck';
import type { SyncLoginAnswer } from '../../contract/syncSetting';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The sync check's calls (spec 7 "Sync and checks" and the ikuyu call): a facility's stored
 * checks, their recompute for a month, a plan's per-day status on the channel, and the error days
 * the dashboard lists.
 */
export const syncCheckMethods = {
  /** `{ check, rooms }`; with a month also our stock per day, with a plan also the plan and its channel room. */
  async listSyncChecks(
    accommodationId: number,
    query: { year?: number; month?: number; plan_id?: number } = {},
    signal?: AbortSignal,
  ): Promise<ChecksAnswer> {
    const url = apiUrl(apiPath('syncChecksOf', { accommodation_id: accommodationId }));
    return (await httpClient<ChecksAnswer>(url, { query, signal })).json;
  },

  /** Recomputes a month: offset counts months from this month (1 = next month). */
  async runSyncCheck(accommodationId: number, offset: number): Promise<RecheckAnswer> {
    const url = apiUrl(apiPath('syncCheckRun', { accommodation_id: accommodationId, offset }));
    return (await httpClient<RecheckAnswer>(url, { method: 'POST' })).json;
  },

  /** The channel's raw per-day codes of a plan's month, comma-separated (contract mapExternalDayStatus maps them). */
  async getIkuyuStatus(
    accommodationId: number,
    planId: number,
    year: number,
    month: number,
    signal?: AbortSignal,
  ): Promise<string> {
    const url = apiUrl(apiPath('planIkuyu', { id: accommodationId, planId }));
    return (await httpClient<IkuyuAnswer>(url, { query: { year, month }, signal })).json.status;
  },

  /** Whether a sync setting's stored credentials open the site (its GET /login), and the sentence that says so. */
  async testSyncLogin(accommodationId: number, settingId: number): Promise<SyncLoginAnswer> {
    const url = apiUrl(apiPath('syncSettingLogin', { id: accommodationId, setting_id: settingId }));
    return (await httpClient<SyncLoginAnswer>(url, { method: 'POST' })).json;
  },

  /** The error days of the stored checks from today on, of every facility the user reaches. */
  async listSyncCheckErrors(signal?: AbortSignal): Promise<SyncCheckErrorRow[]> {
    return (
      await httpClient<{ errors: SyncCheckErrorRow[] }>(apiUrl(apiPath('syncChecks')), { query: { errors: 1 }, signal })
    ).json.errors;
  },
};
