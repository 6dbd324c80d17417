import { createHash } from 'node:crypto';
import type { UserInfo } from '@vendo/contract/api/account';
import { PERMISSION_CODES } from '@vendo/contract/enums';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';
import type { TestAnswer, TestApp } from '../testing/test-app';
import { postMultipart, SAMPLE_IMAGES } from '../modules/catalog/catalog-testing';

/*
 * The world the authorization matrix (authorization.test.ts) walks: an owner merchant with two stores, staff
 * inside and outside store 1, another merchant, and one object of every kind, every one of them named with a
 * marker so that an answer carrying it to someone who should not see it is caught.
 */

/** The callers of the matrix (issue 7). */
export const CALLERS = [
  'anonymous',
  'otherMerchant',
  'staffWithout',
  'staffOutside',
  'staffInside',
  'main',
] as const;
export type Who = (typeof CALLERS)[number];

/** In every name of the owner's store 1 and what stands in it. */
export const S1_MARK = 'SONEMARK';
/** In every name of the owner's merchant-wide things (goods, roles, staff, the other store). */
export const A_MARK = 'AMARK';

export const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
export const OWNER_OPER_PWD = md5('246810');
const STAFF_PASSWORD = 'staff-pass-1';
const MAIN_PASSWORD = 'secret123';

interface Account {
  headers: Record<string, string>;
  username: string;
  password: string;
  userId: number;
}

export interface Fixture {
  t: TestApp;
  owner: Account & { merchantId: number };
  other: Account;
  staffInside: Account;
  staffOutside: Account;
  /** Staff without any role (for calls that need no permission). */
  staffNone: Account;
  area1: number;
  area2: number;
  store1: number;
  store2: number;
  goods: number;
  image: number;
  stock1: number;
  sn: string;
  channels: { id: number; channel_sn: number }[];
  orderNo: string;
  card: string;
  role: number;
  notify: number;
  /** The operator sign of each caller that has an operation password (the owner's main account). */
  signs: Partial<Record<Who, string>>;
  /** Strings an outsider must never see. */
  s1Markers: string[];
  ownerMarkers: string[];
  /** Staff holding every permission but one, all stores, made on demand. */
  staffWithout(perm: number): Promise<Account>;
  /** Staff (all stores) holding exactly these permissions. */
  staffHolding(perms: readonly number[]): Promise<Account>;
  headersOf(who: Exclude<Who, 'anonymous' | 'staffWithout'>): Record<string, string>;
  /** A new session for a caller, for calls that end the one they are made with. */
  freshHeaders(account: Account): Promise<Record<string, string>>;
  seq(): number;
  // Disposable objects for calls that delete or lock what they touch.
  freshArea(): Promise<number>;
  freshStore(insideScope: boolean): Promise<number>;
  freshGoods(): Promise<number>;
  freshImage(): Promise<number>;
  freshStock(): Promise<number>;
  freshDevice(bind: boolean): Promise<{ sn: string; clientid: string; sign: string; type: string }>;
  freshRole(): Promise<number>;
  freshStaff(): Promise<number>;
  freshRecipient(): Promise<number>;
  mediaId(): string;
}

export function ok<T>(answer: TestAnswer, what: string): T {
  if (answer.rcode !== 0) throw new Error(`${what}: ${answer.rcode} ${answer.msg}`);
  return answer.result as T;
}

export async function buildFixture(t: TestApp): Promise<Fixture> {
  let counter = 0;
  const seq = () => ++counter;
  const ownerInfo = await signUpMerchant(t, '13900000101', MAIN_PASSWORD);
  const otherInfo = await signUpMerchant(t, '13900000102', MAIN_PASSWORD);
  const ownerRow = await t.db.kysely
    .selectFrom('users')
    .select(['id', 'merchant_id'])
    .where('username', '=', '13900000101')
    .executeTakeFirstOrThrow();
  const otherRow = await t.db.kysely
    .selectFrom('users')
    .select(['id'])
    .where('username', '=', '13900000102')
    .executeTakeFirstOrThrow();
  const oh = sessionHeaders(ownerInfo);
  const call = async <T>(path: string, body: unknown, what = path) =>
    ok<T>(await t.call(path, body, oh), what);

  const area1 = (await call<{ _id: number }>('/api/v1/u/addArea', { name: `North ${S1_MARK}` }))._id;
  const area2 = (await call<{ _id: number }>('/api/v1/u/addArea', { name: `South ${A_MARK}` }))._id;
  const store1 = (await call<{ _id: number }>('/api/v1/u/addStore', { name: `Mall ${S1_MARK}`, area: area1 }))
    ._id;
  const store2 = (
    await call<{ _id: number }>('/api/v1/u/addStore', { name: `Square ${A_MARK}`, area: area2 })
  )._id;
  const goods = (
    await call<{ goods_id: number }>('/api/v1/g/addPrivate', {
      goods_name: `Cola ${A_MARK}`,
      price: 300,
      cost_price: 120,
    })
  ).goods_id;
  const image = ok<{ img_id: number }>(
    await postMultipart(
      t,
      '/api/v1/g/upload',
      { file: { filename: 'a.png', type: 'image/png', data: SAMPLE_IMAGES.png }, name: `Pic ${A_MARK}` },
      oh,
    ),
    'upload',
  ).img_id;
  const stock1 = (
    await call<{ _id: number }>('/api/v1/i/addStock', { goods_id: goods, store: store1, inventory: 5 })
  )._id;

  // A machine of store 1 with goods on its first shelf, and a card sale on it (an order of store 1).
  const [device] = await t.services.devices.provision(1, 'vm');
  await call('/api/v1/d/bind', {
    clientid: device!.clientid,
    sign: device!.sign,
    title: `Dev ${S1_MARK}`,
    type: 'vm',
  });
  const sn = device!.sn;
  await call('/api/v1/d/editDev', { sn, store_id: store1 });
  const shelves = await call<{ data: { id: number; channel_sn: number }[] }>('/api/v1/c/getDevChannel', {
    sn,
  });
  const channels = shelves.data.map((c) => ({ id: c.id, channel_sn: c.channel_sn }));
  await call('/api/v1/c/setChannelInfo', {
    sn,
    id: channels[0]!.id,
    name: 'Cola',
    price: 300,
    game_price: 300,
    quantity: 8,
    capacity: 10,
    probability: 0,
    goods_id: goods,
  });
  const card = '88000001';
  const event: MachineEvent = {
    v: PROTOCOL_VERSION,
    id: `matrix-sale-${t.clock.now}`,
    at: t.clock.now,
    type: 'delivery',
    data: {
      order: `mx${t.clock.now}`,
      payment: 'card',
      card,
      amount: 300,
      items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }],
    },
  };
  await t.services.devices.events.record(sn, event, t.clock.now);
  const bills = await call<{ data: { orderno: string }[] }>('/api/v1/b/getBuyBill', {});
  const orderNo = bills.data[0]?.orderno;
  if (!orderNo) throw new Error('the card sale made no order');

  // The owner's operation password, and a sign for the guarded calls.
  await call('/api/v1/u/editOprPwd', { new_oper_pwd: OWNER_OPER_PWD });
  const { sign } = await call<{ sign: string }>('/api/v1/u/checkOprPwd', { password: OWNER_OPER_PWD });

  const role = (
    await call<{ roleid: number }>('/api/v1/a/addRole', {
      name: `Role ${A_MARK}`,
      note: 'matrix',
      permissions: [1020],
    })
  ).roleid;
  const everyPerm = (
    await call<{ roleid: number }>('/api/v1/a/addRole', {
      name: `All ${A_MARK}`,
      note: 'matrix',
      permissions: [...PERMISSION_CODES],
    })
  ).roleid;

  const staff = async (account: string, roleid: number | null, stores: number[] | null): Promise<Account> => {
    const added = await call<{ sub_userid: number; login_name: string }>('/api/v1/u/addSubUser', {
      sub_username: account,
      nickname: `${account} ${A_MARK}`,
      password: STAFF_PASSWORD,
      confirm_password: STAFF_PASSWORD,
      roleid,
      all_device: stores === null ? 1 : 0,
      store: stores ?? [],
    });
    const login = ok<UserInfo>(
      await t.call('/p/v1/login', { username: added.login_name, password: STAFF_PASSWORD }),
      `login ${account}`,
    );
    return {
      headers: sessionHeaders(login),
      username: added.login_name,
      password: STAFF_PASSWORD,
      userId: added.sub_userid,
    };
  };
  const staffInside = await staff('inside', everyPerm, [store1]);
  const staffOutside = await staff('outside', everyPerm, [store2]);
  const staffNone = await staff('nobody', null, null);

  const withoutCache = new Map<number, Account>();
  const staffWithout = async (perm: number): Promise<Account> => {
    const cached = withoutCache.get(perm);
    if (cached) return cached;
    const roleid = (
      await call<{ roleid: number }>('/api/v1/a/addRole', {
        name: `No ${perm} ${A_MARK}`,
        note: 'matrix',
        permissions: PERMISSION_CODES.filter((c) => c !== perm),
      })
    ).roleid;
    const made = await staff(`without${perm}`, roleid, null);
    withoutCache.set(perm, made);
    return made;
  };

  const holdingCache = new Map<string, Account>();
  const staffHolding = async (perms: readonly number[]): Promise<Account> => {
    const name = [...perms].sort().join('-') || 'none';
    const cached = holdingCache.get(name);
    if (cached) return cached;
    const roleid = perms.length
      ? (
          await call<{ roleid: number }>('/api/v1/a/addRole', {
            name: `Only ${name} ${A_MARK}`,
            note: 'matrix',
            permissions: [...perms],
          })
        ).roleid
      : null;
    const made = await staff(`only${name.replace(/-/g, '')}`, roleid, null);
    holdingCache.set(name, made);
    return made;
  };

  const recipient = async (remarks: string): Promise<number> => {
    const { bind_url } = await call<{ bind_url: string }>('/api/v1/u/getNotifyBindUrl', {
      remarks,
      permission: ['lowStock'],
    });
    const ticket = new URL(bind_url).searchParams.get('ticket')!;
    const openid = `matrix_openid_${seq()}`;
    await t.services.notifications.recipients.completeBind(ticket, {
      openid,
      unionid: '',
      nickname: `Nick ${A_MARK}`,
      headimgurl: '',
    });
    const row = await t.db.kysely
      .selectFrom('notify_recipients')
      .select('id')
      .where('openid', '=', openid)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const notify = await recipient(`Notify ${A_MARK}`);

  const owner = {
    headers: oh,
    username: '13900000101',
    password: MAIN_PASSWORD,
    userId: ownerRow.id,
    merchantId: ownerRow.merchant_id,
  };
  const other = {
    headers: sessionHeaders(otherInfo),
    username: '13900000102',
    password: MAIN_PASSWORD,
    userId: otherRow.id,
  };

  const fixture: Fixture = {
    t,
    owner,
    other,
    staffInside,
    staffOutside,
    staffNone,
    area1,
    area2,
    store1,
    store2,
    goods,
    image,
    stock1,
    sn,
    channels,
    orderNo,
    card,
    role,
    notify,
    signs: { main: sign },
    s1Markers: [S1_MARK, `"${sn}"`, orderNo],
    ownerMarkers: [S1_MARK, A_MARK, `"${sn}"`, orderNo],
    staffWithout,
    staffHolding,
    headersOf(who) {
      const byWho = {
        otherMerchant: other,
        staffOutside,
        staffInside,
        main: owner,
      } as const;
      return byWho[who].headers;
    },
    async freshHeaders(account) {
      // Staff log in as account@suffix, and the matrix may have set the suffix meanwhile.
      const merchant = await t.db.kysely
        .selectFrom('users')
        .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
        .select(['users.username', 'users.is_main', 'merchants.sub_user_suffix', 'merchants.phone'])
        .where('users.id', '=', account.userId)
        .executeTakeFirstOrThrow();
      const username =
        merchant.is_main === 1
          ? merchant.username
          : `${merchant.username}@${merchant.sub_user_suffix ?? merchant.phone}`;
      const login = ok<UserInfo>(
        await t.call('/p/v1/login', { username, password: account.password }),
        'fresh login',
      );
      return sessionHeaders(login);
    },
    seq,
    async freshArea() {
      return (await call<{ _id: number }>('/api/v1/u/addArea', { name: `Spare ${seq()}` }))._id;
    },
    async freshStore(insideScope) {
      const id = (await call<{ _id: number }>('/api/v1/u/addStore', { name: `Spare ${seq()}`, area: area1 }))
        ._id;
      if (insideScope) {
        await t.db.kysely
          .insertInto('user_stores')
          .values({ user_id: staffInside.userId, store_id: id })
          .execute();
      }
      return id;
    },
    async freshGoods() {
      return (
        await call<{ goods_id: number }>('/api/v1/g/addPrivate', { goods_name: `Spare ${seq()}`, price: 300 })
      ).goods_id;
    },
    async freshImage() {
      const answer = await postMultipart(
        t,
        '/api/v1/g/upload',
        { file: { filename: 's.png', type: 'image/png', data: SAMPLE_IMAGES.png }, name: `Spare ${seq()}` },
        oh,
      );
      return ok<{ img_id: number }>(answer, 'fresh image').img_id;
    },
    async freshStock() {
      const g = await fixture.freshGoods();
      return (await call<{ _id: number }>('/api/v1/i/addStock', { goods_id: g, store: store1, inventory: 3 }))
        ._id;
    },
    async freshDevice(bind) {
      const [made] = await t.services.devices.provision(1, 'vm');
      if (bind) {
        await call('/api/v1/d/bind', {
          clientid: made!.clientid,
          sign: made!.sign,
          title: 'Spare',
          type: 'vm',
        });
      }
      return { sn: made!.sn, clientid: made!.clientid, sign: made!.sign, type: 'vm' };
    },
    async freshRole() {
      return (
        await call<{ roleid: number }>('/api/v1/a/addRole', {
          name: `Spare ${seq()}`,
          note: 'matrix',
          permissions: [1020],
        })
      ).roleid;
    },
    async freshStaff() {
      const added = await call<{ sub_userid: number }>('/api/v1/u/addSubUser', {
        sub_username: `spare${seq()}`,
        nickname: 'Spare',
        password: STAFF_PASSWORD,
        confirm_password: STAFF_PASSWORD,
      });
      return added.sub_userid;
    },
    freshRecipient: () => recipient(`Spare ${seq()}`),
    mediaId: () => t.services.providers.sandboxes.messaging!.putMedia(SAMPLE_IMAGES.png, 'image/png'),
  };
  return fixture;
}
