import {
  SYNC_SERVICE_ID,
  syncSettingMessages,
  type SyncSetting,
  type SyncSettingCreate,
  type SyncLoginAnswer,
  type SyncSettingUpdate,
} from '../../contract/syncSetting';
import { pullErrorMessage } from '../channel/inbound/pull';
import { ChannelClient, ChannelError } from '../channel/wire/client';
import { ChannelCredentialsError, channelKey, isSealed, openPassword, sealPassword } from '../channel/wire/credentials';
import { enqueueFullResync } from '../db/queries/channel/changes';
import { updateChannelState } from '../db/queries/channel/state';
import type { KeysConfig } from '../auth/keys';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/pgErrors';
import {
  hasSyncSetting,
  insertSyncSetting,
  listSyncSettings,
  lockSyncSetting,
  updateSyncSetting,
  type SyncSettingRow as Row,
} from '../db/queries/syncSettings';
import type { SyncSettingParams } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { assertAccommodation } from './access';
import { audit } from './audit';
import type { CurrentUser } from './auth';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored password this key cannot open (sealed with another key, or changed). */
function unreadable(key: Buffer, stored: string): boolean {
  if (stored === '') return false;
  try {
    openPassword(key, stored);
    return false;
  } catch (error) {
    if (error instanceof ChannelCredentialsError) return true;
    throw error;
  }
}

/** What an audit row keeps of a setting: never the password, sealed or not. */
const trail = (row: Row) => ({
  accommodation_id: row.accommodationId,
  tag: row.tag,
  mail_to: row.mailTo,
  service_id: row.serviceId,
  params: {
    accommodation_id: text(row.params.accommodation_id),
    id: text(row.params.id),
    password_set: text(row.params.password) !== '',
  },
});

/**
 * A setting as the API answers it: the password never, only whether one is stored and whether
 * this server's key opens it.
 */
export function syncSettingOf(row: Row, key: Buffer): SyncSetting {
  const { params, ...rest } = trail(row);
  return {
    id: row.id,
    ...rest,
    params: { ...params, password_unreadable: unreadable(key, text(row.params.password)) },
  };
}

/**
 * The channel settings of a facility (GET/POST facility/{id}/sync-settings, PATCH .../{setting_id}),
 * for administrators. The password is sealed before it is stored (server/channel/wire/credentials.ts); a
 * PATCH without one (or with an empty one) keeps the stored one. New or changed credentials queue a
 * full resync of the facility in the same transaction; every change leaves an audit row
 * (target sync_setting) without the password.
 */
export class SyncSettingsService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: KeysConfig,
  ) {}

  private channelKey(): Promise<Buffer> {
    this.key ??= channelKey(this.db, this.config).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  async list(user: CurrentUser, accommodationId: number): Promise<SyncSetting[]> {
    assertAccommodation(user, accommodationId);
    const key = await this.channelKey();
    const rows = await listSyncSettings(this.db, accommodationId);
    return rows.map((row) => syncSettingOf(row, key));
  }

  async create(user: CurrentUser, accommodationId: number, input: SyncSettingCreate): Promise<SyncSetting> {
    assertAccommodation(user, accommodationId);
    const key = await this.channelKey();
    const exists = () => conflict(syncSettingMessages.exists);
    return this.db
      .transaction(async (tx) => {
        if (await hasSyncSetting(tx, accommodationId, SYNC_SERVICE_ID)) throw exists();
        const row = await insertSyncSetting(tx, {
          accommodationId,
          serviceId: SYNC_SERVICE_ID,
          tag: input.tag ?? null,
          mailTo: input.mail_to ?? null,
          params: {
            accommodation_id: input.params.accommodation_id,
            id: input.params.id,
            password: sealPassword(key, input.params.password),
          },
        });
        await enqueueFullResync(tx, accommodationId);
        await audit(tx, user, {
          action: 'create',
          target: 'sync_setting',
          targetId: row.id,
          accommodationId,
          after: trail(row),
        });
        return syncSettingOf(row, key);
      })
      .catch((error: unknown) => {
        // Two creates at once: the unique index keeps one.
        if (isUniqueViolation(error, 'sync_settings_accommodation_service_key')) throw exists();
        throw error;
      });
  }

  async update(
    user: CurrentUser,
    accommodationId: number,
    settingId: number,
    input: SyncSettingUpdate,
  ): Promise<SyncSetting> {
    assertAccommodation(user, accommodationId);
    const key = await this.channelKey();
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, accommodationId, settingId);
      const params: SyncSettingParams = { ...before.params };
      let credentialsChanged = false;
      let passwordChanged = false;
      if (input.params) {
        const { accommodation_id, id, password } = input.params;
        credentialsChanged = accommodation_id !== text(before.params.accommodation_id) || id !== text(before.params.id);
        params.accommodation_id = accommodation_id;
        params.id = id;
        if (password !== undefined && password !== '') {
          // The same password typed again is no change of credentials.
          const old = text(before.params.password);
          let same: boolean;
          try {
            same = old !== '' && openPassword(key, old) === password;
          } catch {
            same = false;
          }
          passwordChanged = !same;
          params.password = sealPassword(key, password);
        }
      }
      // A password stored before encryption (plain) is sealed at the next save.
      const stored = text(params.password);
      if (stored !== '' && !isSealed(stored)) params.password = sealPassword(key, stored);
      const after = await updateSyncSetting(tx, settingId, {
        params,
        ...(input.tag !== undefined ? { tag: input.tag } : {}),
        ...(input.mail_to !== undefined ? { mailTo: input.mail_to } : {}),
      });
      if ((credentialsChanged || passwordChanged) && after.serviceId === SYNC_SERVICE_ID) {
        await enqueueFullResync(tx, accommodationId);
        // New credentials end the wait a refused push set (a wrong password, say): the next turn
        // sends at once, with them, rather than after the back-off.
        await updateChannelState(tx, accommodationId, { push_not_before: null });
      }
      await audit(tx, user, {
        action: 'update',
        target: 'sync_setting',
        targetId: settingId,
        accommodationId,
        before: trail(before),
        // Only that the password changed, never its value.
        after: { ...trail(after), ...(passwordChanged ? { password_changed: true } : {}) },
      });
      return syncSettingOf(after, key);
    });
  }

  /**
   * The site's GET /login with the setting's stored credentials (issue 32: the console asks it right
   * after a save): ok with the site's answer, or the sentence of what went wrong (a wrong password,
   * the site unreachable, no address of the site, a password this server cannot open). Writes nothing.
   */
  async testLogin(
    user: CurrentUser,
    accommodationId: number,
    settingId: number,
    baseUrl: () => string,
  ): Promise<SyncLoginAnswer> {
    assertAccommodation(user, accommodationId);
    const key = await this.channelKey();
    const row = (await listSyncSettings(this.db, accommodationId)).find((r) => r.id === settingId);
    if (!row) throw notFound();
    const failed = (why: string): SyncLoginAnswer => ({ ok: false, message: syncSettingMessages.loginFailed + why });
    const stored = text(row.params.password);
    if (stored === '') return failed(syncSettingMessages.password);
    let password: string;
    try {
      password = openPassword(key, stored);
    } catch (error) {
      if (error instanceof ChannelCredentialsError) return failed(syncSettingMessages.passwordUnreadable);
      throw error;
    }
    const account = { hotelId: text(row.params.accommodation_id), loginId: text(row.params.id), password };
    try {
      await new ChannelClient(baseUrl(), account).login();
      return { ok: true, message: syncSettingMessages.loginOk };
    } catch (error) {
      if (error instanceof ChannelError) return failed(pullErrorMessage(error));
      if (error instanceof AppError) return failed(error.message);
      throw error;
    }
  }

  /** The setting of this facility, locked; 404 for another facility's id. */
  private async locked(tx: Tx, accommodationId: number, settingId: number): Promise<Row> {
    const row = await lockSyncSetting(tx, accommodationId, settingId);
    if (!row) throw notFound();
    return row;
  }
}
