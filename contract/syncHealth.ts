import { MAX_ID } from './params';
import { z } from './zod';

/**
 * Sync health (issue 21 "Sync health", beyond the seed): per facility with a service 1 sync
 * setting, the last successful pull and push, the changes waiting to be pushed, and whether sync is
 * stale (GET /admin/sync/health); the one-click stop-sell of the nights with at most one room left
 * (POST /admin/sync/stop-sell) and its lift (DELETE /admin/sync/stop-sell?accommodation_id=).
 */

/** Nights from today the stop-sell looks at. */
export const STOP_SELL_DAYS = 90;
/** A night is stop-sold when our rooms left are at most this many. */
export const STOP_SELL_MAX_LEFT = 1;
/** How often the console asks for the health rows (the header's warning, the dashboard card). */
export const SYNC_HEALTH_REFRESH_MS = 30_000;

export const syncHealthMessages = {
  accommodation: '施設を選択してください',
  notSynced: '外部予約サイトとの同期が設定されていない施設です。',
  /** `npm start` could not start the channel simulator on its port (issue 32): said on every screen. */
  simulatorPortTaken: (port: number) =>
    `外部予約サイトのシミュレーターが起動していません：ポート${port}が使用中です。` +
    `環境変数 CHANNEL_SIM_PORT で空いているポートを指定して起動し直してください（例：CHANNEL_SIM_PORT=${port + 5} npm start）。` +
    '起動するまで予約サイトとの同期は止まっています。',
  simulatorFailed: '外部予約サイトのシミュレーターが起動していません。サーバーのログを確認してください。',
} as const;

export const syncHealthRowSchema = z.object({
  accommodation_id: z.number().int(),
  name: z.string(),
  /** ISO 8601 (UTC); null before the first successful pull or push. */
  last_pull_ok_at: z.string().nullable(),
  last_push_ok_at: z.string().nullable(),
  /** Rows of channel_changes waiting to be pushed, and the time the oldest was queued. */
  pending_changes: z.number().int(),
  oldest_pending_at: z.string().nullable(),
  oldest_pending_seconds: z.number().int().nullable(),
  stale: z.boolean(),
  /** How long sync has been stopped, in seconds (since the last good pull, or the oldest change); 0 when not stale. */
  stale_seconds: z.number().int(),
  /** Nights from today stop-sold on the channel by staff (channel_stop_sells). */
  stop_sell_nights: z.number().int(),
  last_error: z.string().nullable(),
  /** Site reservations waiting for their room type to be mapped (channel_parked_revisions, issue 28). */
  parked_unmapped: z.number().int(),
  /** Site reservations set aside because the booking rules refused them (see the sync log). */
  parked_invalid: z.number().int(),
});
export type SyncHealthRow = z.infer<typeof syncHealthRowSchema>;

export const syncHealthSchema = z.object({
  rows: z.array(syncHealthRowSchema),
  /** CHANNEL_POLL_SECONDS of the server: a facility is stale after two missed polls. */
  poll_seconds: z.number().int(),
  /** Why no facility can sync at all (the simulator did not start), when that is so: the header says it. */
  channel_problem: z.string().optional(),
});
export type SyncHealth = z.infer<typeof syncHealthSchema>;

const accommodationId = z.coerce
  .number({ error: syncHealthMessages.accommodation })
  .int(syncHealthMessages.accommodation)
  .positive(syncHealthMessages.accommodation)
  .max(MAX_ID, syncHealthMessages.accommodation);

export const stopSellBodySchema = z.object({ accommodation_id: accommodationId });
export type StopSellBody = z.infer<typeof stopSellBodySchema>;
export const stopSellQuerySchema = stopSellBodySchema;

export const stopSellResultSchema = z.object({
  /** Nights stop-sold by this call (those already stop-sold are not counted again). */
  nights: z.number().int(),
  rooms: z.array(
    z.object({
      room_id: z.number().int(),
      room_name: z.string(),
      /** yyyy-MM-dd, the nights stop-sold by this call. */
      dates: z.array(z.string()),
    }),
  ),
});
export type StopSellResult = z.infer<typeof stopSellResultSchema>;

export const stopSellLiftSchema = z.object({ nights: z.number().int() });
export type StopSellLift = z.infer<typeof stopSellLiftSchema>;
