import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SubUser } from '@vendo/contract/api/staff';
import { PERMISSIONS } from '@vendo/contract/enums';
import type { Database } from '../db/database';
import { followOAuth } from '../modules/passport/oauth-browser';
import { demoSession, demoStoreIds } from './demo-catalog';

const DEMO_STAFF_DONE = 'demo_staff';

/** The demo's staff member, printed by `npm start` beside the demo login. */
export const DEMO_STAFF = {
  account: 'clerk',
  name: '店员小王 Clerk Wang',
  password: 'clerk123456',
  operPassword: '123456',
};

/** A store clerk's day: today's figures, bills and refunds, the machines and their test dispense, stock. */
const ROLE = {
  name: '店员 Store clerk',
  note: '门店日常：账单、退款、设备和库存 Day-to-day store work',
  permissions: [
    PERMISSIONS.Dashboard,
    PERMISSIONS.BuyBill,
    PERMISSIONS.BillRefund,
    PERMISSIONS.DeviceManage,
    PERMISSIONS.DeviceTest,
    PERMISSIONS.Stock,
  ],
};

/** The shop manager gets every alert, quiet at night. */
const RECIPIENT = {
  remarks: '店长 Store manager',
  nickname: '店长老李 Manager Li',
  sandboxUser: 'demo_manager_li',
  settings: {
    not_disture: 1,
    start_notify: '22:00',
    end_notify: '08:00',
    permission: ['abnormalOrder', 'deviceStatus', 'lowStock', 'appExpiry'],
    all_device: 1,
  },
};

/**
 * Gives the demo merchant a role, a staff member limited to the first store and a notification recipient, once,
 * through the calls a person makes: /staff's calls for the first two, and for the recipient a bind link that the
 * (sandbox) messaging app's user follows through OAuth. Answers the staff member's login name (account@suffix),
 * or null when the staff member is gone (removed in the demo).
 */
export async function ensureDemoStaff(app: FastifyInstance, db: Kysely<Database>): Promise<string | null> {
  const call = await demoSession(app);
  const done = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_STAFF_DONE)
    .executeTakeFirst();
  if (!done) {
    const [store] = await demoStoreIds(db);
    if (store === undefined) throw new Error('the demo staff need the demo stores');
    const { roleid } = await call<{ roleid: number }>('/api/v1/a/addRole', ROLE);
    const operPwd = createHash('md5').update(DEMO_STAFF.operPassword).digest('hex');
    await call('/api/v1/u/addSubUser', {
      sub_username: DEMO_STAFF.account,
      nickname: DEMO_STAFF.name,
      roleid,
      all_device: 0,
      store: [store],
      password: DEMO_STAFF.password,
      confirm_password: DEMO_STAFF.password,
      is_oper_pwd: 1,
      oper_pwd: operPwd,
      confirm_oper_pwd: operPwd,
    });
    const { bind_url } = await call<{ bind_url: string }>('/api/v1/u/getNotifyBindUrl', {
      remarks: RECIPIENT.remarks,
      ...RECIPIENT.settings,
    });
    const link = new URL(bind_url, 'http://localhost');
    const landed = await followOAuth({ app }, `${link.pathname}${link.search}`, {
      user: RECIPIENT.sandboxUser,
      nickname: RECIPIENT.nickname,
    });
    if (landed.pathname !== '/success') throw new Error(`demo recipient did not bind: ${landed.toString()}`);
    await db.insertInto('settings').values({ key: DEMO_STAFF_DONE, value: '1' }).execute();
  }
  // The login name follows the merchant's suffix, which a person may have changed in the demo.
  const staff = await call<{ data: SubUser[] }>('/api/v1/u/getSubUser', {
    pageNum: 1,
    pageSize: 6,
    condition: { keyword: DEMO_STAFF.account },
  });
  return staff.data.find((s) => s.sub_username === DEMO_STAFF.account)?.login_name ?? null;
}
