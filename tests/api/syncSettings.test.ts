import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { syncSettingMessages, type SyncSetting } from '../../contract/syncSetting';
import { controlCharacterMessage } from '../../contract/fieldRules';
import {
  channelKey,
  deriveChannelKey,
  loadChannelAccounts,
  openPassword,
  sealPassword,
} from '../../server/channel/wire/credentials';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const path = (accommodationId: number) => `/api/facility/${accommodationId}/sync-settings`;
const list = (accommodationId: number, token = api.admin) =>
  api.http.get<{ sync_settings: SyncSetting[] }>(path(accommodationId), token);
const patch = (accommodationId: number, settingId: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', `${path(accommodationId)}/${settingId}`, { token, json });
const stored = (settingId: number) =>
  api
    .rows<{ params: Record<string, string>; tag: string | null; mail_to: string | null; updated_at: string }>(
      sql`select params, tag, mail_to, updated_at::text from sync_settings where id = ${settingId}`,
    )
    .then((rows) => rows[0]!);
const key = () => channelKey(api.server.database.db, api.server.config);
const resyncs = async (accommodationId: number) =>
  (
    await api.rows<{ n: number }>(
      sql`select count(*)::int as n from channel_changes where accommodation_id = ${accommodationId}`,
    )
  )[0]!.n;
const auditRows = (settingId: number) =>
  api.rows<{ action: string; changes: unknown }>(
    sql`select action, changes from audit_log where target_type = 'sync_setting' and target_id = ${settingId} order by id`,
  );

describe('sync settings (GET/POST facility/{id}/sync-settings, PATCH .../{setting_id})', () => {
  it('answers the demo settings of each facility without the password, and the stored one is sealed', async () => {
    const hotels = ['100120', '100121', '100122'];
    for (const [i, accommodation] of api.accommodations.entries()) {
      const answer = await list(accommodation.id);
      expect(answer.status).toBe(200);
      expect(answer.body.sync_settings).toHaveLength(1);
      const [setting] = answer.body.sync_settings;
      expect(setting).toMatchObject({
        service_id: 1,
        accommodation_id: accommodation.id,
        params: { accommodation_id: hotels[i], password_set: true, password_unreadable: false },
      });
      expect(Object.keys(setting!.params).sort()).toEqual([
        'accommodation_id',
        'id',
        'password_set',
        'password_unreadable',
      ]);
      expect(JSON.stringify(answer.body)).not.toMatch(/channel-pass|enc:v1/);
      const row = await stored(setting!.id);
      expect(row.params.password).toMatch(/^enc:v1:/);
    }
    const accounts = await loadChannelAccounts(api.server.database.db, await key());
    expect(accounts.map((a) => [a.hotelId, a.loginId, a.password])).toEqual([
      ['100120', 'sakura-so', 'channel-pass-1234'],
      ['100121', 'mizuumi', 'channel-pass-2345'],
      ['100122', 'machiya-kyo', 'channel-pass-3456'],
    ]);
  });

  it('keeps the password when PATCH leaves it out or empty, and changes it sealed when given', async () => {
    const accommodationId = api.accommodations[1]!.id;
    const [setting] = (await list(accommodationId)).body.sync_settings;
    const before = await stored(setting!.id);
    const resyncsBefore = await resyncs(accommodationId);

    const kept = await patch(accommodationId, setting!.id, {
      params: { accommodation_id: '100121', id: 'mizuumi', password: '' },
      mail_to: 'front@mizuumi.example.jp',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ mail_to: 'front@mizuumi.example.jp', params: { password_set: true } });
    expect(JSON.stringify(kept.body)).not.toContain('password"');
    expect((await stored(setting!.id)).params.password).toBe(before.params.password);
    // The same credentials: nothing to resync.
    expect(await resyncs(accommodationId)).toBe(resyncsBefore);

    // A push refused earlier (a wrong password) waits before the next try; new credentials end the wait.
    await api.rows(sql`insert into channel_state (accommodation_id, push_not_before)
      values (${accommodationId}, now() + interval '1 minute')
      on conflict (accommodation_id) do update set push_not_before = excluded.push_not_before`);
    const changed = await patch(accommodationId, setting!.id, {
      params: { accommodation_id: '100121', id: 'mizuumi-2', password: 'new-secret-9876' },
    });
    const [state] = await api.rows<{ push_not_before: string | null }>(
      sql`select push_not_before::text from channel_state where accommodation_id = ${accommodationId}`,
    );
    expect(state!.push_not_before).toBeNull();
    expect(changed.status).toBe(200);
    expect(changed.body.params).toEqual({
      accommodation_id: '100121',
      id: 'mizuumi-2',
      password_set: true,
      password_unreadable: false,
    });
    const after = await stored(setting!.id);
    expect(after.params.password).toMatch(/^enc:v1:/);
    expect(after.params.password).not.toContain('new-secret-9876');
    expect(after.params.password).not.toBe(before.params.password);
    expect(openPassword(await key(), after.params.password!)).toBe('new-secret-9876');
    // New credentials queue a full resync in the same transaction.
    expect(await resyncs(accommodationId)).toBeGreaterThan(resyncsBefore);

    const trail = await auditRows(setting!.id);
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(trail)).not.toMatch(/new-secret|channel-pass|enc:v1/);

    // Put the demo credentials back for the sync tests that may follow in this file.
    await patch(accommodationId, setting!.id, {
      params: { accommodation_id: '100121', id: 'mizuumi', password: 'channel-pass-2345' },
    });
  });

  it('says when the stored password was sealed with a key this server does not have; entered again, it opens', async () => {
    const accommodationId = api.accommodations[0]!.id;
    const [setting] = (await list(accommodationId)).body.sync_settings;
    // As after a backup restored without its key file: sealed under another server's key.
    const foreign = sealPassword(deriveChannelKey('another-servers-channel-key-0123456789'), 'channel-pass-1234');
    await api.rows(sql`update sync_settings set params = jsonb_set(params, '{password}', to_jsonb(${foreign}::text))
      where id = ${setting!.id}`);
    const [unreadable] = (await list(accommodationId)).body.sync_settings;
    expect(unreadable!.params).toMatchObject({ password_set: true, password_unreadable: true });
    await expect(loadChannelAccounts(api.server.database.db, await key(), accommodationId)).rejects.toMatchObject({
      reason: 'other_key',
    });
    // Saved without a password: the unreadable one is kept, and still said to be.
    const kept = await patch(accommodationId, setting!.id, { params: { accommodation_id: '100120', id: 'sakura-so' } });
    expect(kept.status).toBe(200);
    expect(kept.body.params.password_unreadable).toBe(true);
    const saved = await patch(accommodationId, setting!.id, {
      params: { accommodation_id: '100120', id: 'sakura-so', password: 'channel-pass-1234' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.params).toMatchObject({ password_set: true, password_unreadable: false });
    const [account] = await loadChannelAccounts(api.server.database.db, await key(), accommodationId);
    expect(account!.password).toBe('channel-pass-1234');
  });

  it('is for administrators: staff get 403 and nothing changes', async () => {
    const accommodationId = api.accommodations[0]!.id;
    const [setting] = (await list(accommodationId)).body.sync_settings;
    const before = await stored(setting!.id);
    expect((await list(accommodationId, api.staff)).status).toBe(403);
    const byStaff = await patch(
      accommodationId,
      setting!.id,
      { params: { accommodation_id: '1', id: 'x', password: 'stolen' } },
      api.staff,
    );
    expect(byStaff.status).toBe(403);
    const post = await api.http.send<any>('POST', path(accommodationId), {
      token: api.staff,
      json: { params: { accommodation_id: '1', id: 'x', password: 'y' } },
    });
    expect(post.status).toBe(403);
    expect(await stored(setting!.id)).toEqual(before);
  });

  it("answers 404 for another facility's setting id and for a facility that does not exist", async () => {
    const [first, second] = api.accommodations;
    const [other] = (await list(second!.id)).body.sync_settings;
    const before = await stored(other!.id);
    const crossed = await patch(first!.id, other!.id, { params: { accommodation_id: '1', id: 'x' } });
    expect(crossed.status).toBe(404);
    expect(await stored(other!.id)).toEqual(before);
    expect((await list(999_999)).status).toBe(404);
  });

  it('refuses bad input with Japanese field messages and writes nothing', async () => {
    const accommodationId = api.accommodations[0]!.id;
    const [setting] = (await list(accommodationId)).body.sync_settings;
    const before = await stored(setting!.id);
    const cases: [unknown, string, string][] = [
      [{ params: { accommodation_id: '', id: 'a' } }, 'params.accommodation_id', syncSettingMessages.accommodationId],
      [{ params: { id: 'a' } }, 'params.accommodation_id', syncSettingMessages.accommodationId],
      [
        { params: { accommodation_id: '1/../2', id: 'a' } },
        'params.accommodation_id',
        syncSettingMessages.accommodationIdFormat,
      ],
      [{ params: { accommodation_id: '100120', id: '  ' } }, 'params.id', syncSettingMessages.loginId],
      [{ params: { accommodation_id: '100120', id: 'a:b' } }, 'params.id', syncSettingMessages.loginIdColon],
      [{ params: { accommodation_id: '100120', id: 'a\u001bb' } }, 'params.id', controlCharacterMessage],
      [
        { params: { accommodation_id: '100120', id: 'a', password: 'x'.repeat(101) } },
        'params.password',
        syncSettingMessages.passwordTooLong,
      ],
      [{ mail_to: 'not-a-mail' }, 'mail_to', syncSettingMessages.mailTo],
    ];
    for (const [body, field, message] of cases) {
      const answer = await patch(accommodationId, setting!.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[field], JSON.stringify(body)).toBe(message);
      expect(answer.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect(await stored(setting!.id)).toEqual(before);
  });

  it('creates the service 1 setting of a facility that has none (sealed, resync queued), then 409', async () => {
    const accommodationId = api.accommodations[2]!.id;
    await api.rows(sql`delete from sync_settings where accommodation_id = ${accommodationId}`);
    const resyncsBefore = await resyncs(accommodationId);
    const body = { params: { accommodation_id: '100122', id: 'machiya-kyo', password: 'channel-pass-3456' } };
    const refused = await api.http.send<any>('POST', path(accommodationId), {
      token: api.admin,
      json: { params: { accommodation_id: '100122', id: 'machiya-kyo' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.['params.password']).toBe(syncSettingMessages.password);
    expect((await list(accommodationId)).body.sync_settings).toHaveLength(0);

    const created = await api.http.send<any>('POST', path(accommodationId), { token: api.admin, json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ service_id: 1, params: { id: 'machiya-kyo', password_set: true } });
    expect((await stored(created.body.id)).params.password).toMatch(/^enc:v1:/);
    expect(await resyncs(accommodationId)).toBeGreaterThan(resyncsBefore);
    expect(await auditRows(created.body.id)).toHaveLength(1);

    const again = await api.http.send<any>('POST', path(accommodationId), { token: api.admin, json: body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(syncSettingMessages.exists);
  });
});
