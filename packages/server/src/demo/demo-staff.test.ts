import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotifyRecipient } from '@vendo/contract/api/notify';
import type { Role, SubUser } from '@vendo/contract/api/staff';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { demoSession, demoStoreIds, ensureDemoCatalog } from './demo-catalog';
import { DEMO, ensureDemoMerchant } from './demo-merchant';
import { DEMO_STAFF, ensureDemoStaff } from './demo-staff';

describe.each(dialects())('the demo staff on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await ensureDemoMerchant(t.db, t.services);
    await ensureDemoCatalog(t.app, t.db.kysely);
  });
  afterEach(async () => {
    await t.close();
  });

  const lists = async () => {
    const call = await demoSession(t.app);
    return {
      roles: (await call<{ data: Role[] }>('/api/v1/a/getRole', { pageSize: 99 })).data,
      staff: (await call<{ data: SubUser[] }>('/api/v1/u/getSubUser', { pageSize: 99 })).data,
      recipients: (await call<{ data: NotifyRecipient[] }>('/api/v1/u/getNotifyList', { pageSize: 99 })).data,
    };
  };

  it('makes a role, a staff member of one store and a bound recipient once, and the staff member logs in', async () => {
    const login = await ensureDemoStaff(t.app, t.db.kysely);
    expect(login).toBe(`${DEMO_STAFF.account}@${DEMO.phone}`);
    expect(await ensureDemoStaff(t.app, t.db.kysely)).toBe(login);

    const { roles, staff, recipients } = await lists();
    expect(roles).toHaveLength(1);
    expect(staff).toHaveLength(1);
    const [firstStore] = await demoStoreIds(t.db.kysely);
    expect(staff[0]).toMatchObject({
      role_info: { roleid: roles[0]!.roleid },
      all_device: 0,
      store: [{ _id: firstStore }],
      is_oper_pwd: 1,
    });
    expect(recipients).toHaveLength(1);
    expect(recipients[0]!.wechat_detail.nickname).not.toBe('');
    expect(recipients[0]!.bound_at).toBeGreaterThan(0);

    const session = await t.call('/p/v1/login', { username: login, password: DEMO_STAFF.password });
    expect(session.rcode).toBe(0);
    expect(session.result).toMatchObject({ isMain: false, isOperPwd: 1 });
  });

  it('answers the login name under the suffix the merchant set, and none once the staff member is gone', async () => {
    await ensureDemoStaff(t.app, t.db.kysely);
    const call = await demoSession(t.app);
    await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'shop88' });
    expect(await ensureDemoStaff(t.app, t.db.kysely)).toBe(`${DEMO_STAFF.account}@shop88`);
    const [member] = (await lists()).staff;
    await call('/api/v1/u/delSubUser', { sub_userid: member!.sub_userid });
    expect(await ensureDemoStaff(t.app, t.db.kysely)).toBeNull();
    expect((await lists()).staff).toHaveLength(0);
  });
});
