import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_RATE, isReadingCall, type ApiKey } from '@vendo/contract/api/api-keys';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { sha256 } from '../../platform/crypto';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import { addArea, addStore } from '../orders/order-fixtures';

describe('which calls only read', () => {
  it('goes by the name: get…, is…, query…, export… read; everything else is recorded', () => {
    expect(isReadingCall('/api/v1/b/getBuyBill')).toBe(true);
    expect(isReadingCall('/api/v1/k/isBindBank')).toBe(true);
    expect(isReadingCall('/api/v1/b/refund')).toBe(false);
    expect(isReadingCall('/api/v1/u/addArea')).toBe(false);
    expect(isReadingCall('/api/v1/g/getaway')).toBe(false);
  });
});

describe.each(dialects())('API keys on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let storeA: number;
  let storeB: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900002001');
    other = await mainAccount(t, '13900002002');
    const area = await addArea(t, owner, 'Area K');
    storeA = await addStore(t, owner, area, 'Store KA');
    storeB = await addStore(t, owner, area, 'Store KB');
  });
  afterEach(async () => {
    await t.close();
  });

  const addKey = async (body: Record<string, unknown>, by: Caller = owner) =>
    ok<{ key_id: number; key: string; prefix: string }>(
      await t.call('/api/v1/key/addApiKey', body, by.headers),
    );
  const listKeys = async (by: Caller = owner) =>
    ok<{ data: ApiKey[] }>(await t.call('/api/v1/key/getApiKeys', {}, by.headers)).data;
  const asKey = (key: string) => ({ 'x-api-key': key });

  it('shows a key once, keeps only its hash, and lets it call as its scope allows', async () => {
    const made = await addKey({ name: 'ERP', permissions: [PERMISSIONS.BuyBill, PERMISSIONS.AreaStore] });
    expect(made.key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const row = await t.db.kysely.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);
    const [listed] = await listKeys();
    expect(listed).toMatchObject({
      key_id: made.key_id,
      name: 'ERP',
      prefix: made.prefix,
      permissions: [PERMISSIONS.BuyBill, PERMISSIONS.AreaStore],
      all_device: 1,
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.key);

    // A call of a permission it holds, an open reading call, one it lacks, a main-account call, the account's own.
    expect((await t.call('/api/v1/b/getBuyBill', {}, asKey(made.key))).rcode).toBe(0);
    expect((await t.call('/api/v1/u/getAllStore', {}, asKey(made.key))).rcode).toBe(0);
    const lacking = await t.call('/api/v1/b/getPayBill', {}, { ...asKey(made.key), lang: 'en-US' });
    expect(lacking.rcode).toBe(RCODE.FORBIDDEN);
    expect((await t.call('/api/v1/key/getApiKeys', {}, asKey(made.key))).rcode).toBe(
      RCODE.API_KEY_CALL_REFUSED,
    );
    const own = await t.call('/api/v1/u/changePwd', {}, { ...asKey(made.key), lang: 'en-US' });
    expect(own.rcode).toBe(RCODE.API_KEY_CALL_REFUSED);
    expect(own.msg).toBe('This call does not accept API keys; log in with the main account to make it');
    // A key nobody made, and one sent with a valid session beside it: the key decides.
    expect((await t.call('/api/v1/b/getBuyBill', {}, asKey('vk_nope'))).rcode).toBe(RCODE.API_KEY_INVALID);
    expect((await t.call('/api/v1/key/getApiKeys', {}, { ...owner.headers, ...asKey(made.key) })).rcode).toBe(
      RCODE.API_KEY_CALL_REFUSED,
    );
  });

  it('limits a key to its stores, as a staff member limited to them', async () => {
    const made = await addKey({
      name: 'Store A only',
      permissions: [PERMISSIONS.AreaStore],
      all_device: 0,
      store: [storeA],
    });
    const stores = ok<{ data: { _id: number }[] }>(
      await t.call('/api/v1/u/getAllStore', {}, asKey(made.key)),
    );
    expect(stores.data.map((s) => s._id)).toEqual([storeA]);
    const [listed] = await listKeys();
    expect(listed?.store).toEqual([{ _id: storeA, store_name: 'Store KA' }]);
    // The other store is out of reach; a store of another merchant or none at all cannot be given.
    const edit = await t.call('/api/v1/u/editStore', { _id: storeB, name: 'Renamed' }, asKey(made.key));
    expect(edit.rcode).not.toBe(0);
    const foreign = await t.call(
      '/api/v1/key/addApiKey',
      { name: 'Foreign', permissions: [1020], all_device: 0, store: [storeA] },
      other.headers,
    );
    expect(foreign.rcode).toBe(RCODE.API_KEY_STORE_UNKNOWN);
    const none = await t.call(
      '/api/v1/key/addApiKey',
      { name: 'None', permissions: [1020], all_device: 0, store: [] },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(none.rcode).toBe(RCODE.INVALID_PARAM);
    expect(none.msg).toBe('Store: Cannot be empty');
    const noPerm = await t.call('/api/v1/key/addApiKey', { name: 'Empty', permissions: [] }, owner.headers);
    expect(noPerm.rcode).toBe(RCODE.INVALID_PARAM);
    expect(await t.db.kysely.selectFrom('api_keys').select('id').execute()).toHaveLength(1);
  });

  it('notes the last use at most once a minute, and refuses a revoked key at once', async () => {
    const made = await addKey({ name: 'Poller', permissions: [PERMISSIONS.BuyBill] });
    const start = t.clock.now;
    ok(await t.call('/api/v1/b/getBuyBill', {}, asKey(made.key)));
    expect((await listKeys())[0]?.last_used_at).toBe(start);
    t.clock.advance(30_000);
    ok(await t.call('/api/v1/b/getBuyBill', {}, asKey(made.key)));
    expect((await listKeys())[0]?.last_used_at).toBe(start);
    t.clock.advance(31_000);
    ok(await t.call('/api/v1/b/getBuyBill', {}, asKey(made.key)));
    expect((await listKeys())[0]?.last_used_at).toBe(start + 61_000);

    // Another merchant cannot revoke it; the owner can, twice without harm.
    expect((await t.call('/api/v1/key/revokeApiKey', { key_id: made.key_id }, other.headers)).rcode).toBe(
      RCODE.API_KEY_NOT_FOUND,
    );
    const revoked = ok<{ revoked_at: number }>(
      await t.call('/api/v1/key/revokeApiKey', { key_id: made.key_id }, owner.headers),
    );
    expect(revoked.revoked_at).toBe(t.clock.now);
    ok(await t.call('/api/v1/key/revokeApiKey', { key_id: made.key_id }, owner.headers));
    expect((await t.call('/api/v1/b/getBuyBill', {}, asKey(made.key))).rcode).toBe(RCODE.API_KEY_INVALID);
    expect((await listKeys())[0]?.revoked_at).toBe(revoked.revoked_at);
  });

  it('rate limits each key on its own, in the shared rate events', async () => {
    const busy = await addKey({ name: 'Busy', permissions: [PERMISSIONS.BuyBill] });
    const calm = await addKey({ name: 'Calm', permissions: [PERMISSIONS.BuyBill] });
    // The minute's calls, as other server processes would have recorded them.
    await t.db.kysely
      .insertInto('rate_events')
      .values(
        Array.from({ length: API_KEY_RATE.perMinute }, () => ({
          bucket: `apikey:${busy.key_id}`,
          at: t.clock.now,
        })),
      )
      .execute();
    const refused = await t.call('/api/v1/b/getBuyBill', {}, { ...asKey(busy.key), lang: 'en-US' });
    expect(refused.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect(refused.msg).toBe('Too many attempts, try again in 60 seconds');
    expect((await t.call('/api/v1/b/getBuyBill', {}, asKey(calm.key))).rcode).toBe(0);
    t.clock.advance(60_000);
    expect((await t.call('/api/v1/b/getBuyBill', {}, asKey(busy.key))).rcode).toBe(0);
  });

  it('records creation, revocation and each use of a changing call in the audit log, not reads', async () => {
    const made = await addKey({ name: 'Writer', permissions: [PERMISSIONS.AreaStore] });
    ok(await t.call('/api/v1/u/getAllStore', {}, asKey(made.key)));
    ok(
      await t.call('/api/v1/u/addArea', { name: 'By key' }, { ...asKey(made.key), 'user-agent': 'erp/1.0' }),
    );
    ok(await t.call('/api/v1/key/revokeApiKey', { key_id: made.key_id }, owner.headers));
    const entries = await t.db.kysely
      .selectFrom('audit_log')
      .select([
        'merchant_id',
        'actor_kind',
        'actor_id',
        'actor_name',
        'kind',
        'action',
        'call',
        'user_agent',
        'target_id',
      ])
      .where('kind', '=', 'api_key')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({ actor_kind: 'account', action: 'create', call: '/api/v1/key/addApiKey' }),
      expect.objectContaining({
        actor_kind: 'api_key',
        actor_id: made.key_id,
        actor_name: 'Writer',
        action: 'use',
        call: '/api/v1/u/addArea',
        user_agent: 'erp/1.0',
      }),
      expect.objectContaining({ actor_kind: 'account', action: 'revoke', target_id: String(made.key_id) }),
    ]);
    expect(entries.every((e) => Number(e.merchant_id) === owner.merchantId)).toBe(true);
  });
});
