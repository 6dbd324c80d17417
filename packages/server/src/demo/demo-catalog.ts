import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { DEMO } from './demo-merchant';

const DEMO_CATALOG = 'demo_catalog';

/** A small, plausible shop: two areas, three stores, a shelf's worth of goods and some store stock. */
const AREAS = [
  { name: '深圳南山 Shenzhen Nanshan', address: '广东省深圳市南山区科技园', tel: '0755-86001234', note: '' },
  { name: '上海徐汇 Shanghai Xuhui', address: '上海市徐汇区漕溪北路', tel: '4008001234', note: '' },
];
const STORES = [
  {
    area: 0,
    name: '科技园店 Tech Park',
    address: '科技园南区 8 栋大堂',
    prov: '440000',
    city: '440300',
    district: '440305',
  },
  {
    area: 0,
    name: '海岸城店 Coastal City',
    address: '文心五路 33 号 2 层',
    prov: '440000',
    city: '440300',
    district: '440305',
  },
  {
    area: 1,
    name: '徐家汇店 Xujiahui',
    address: '漕溪北路 88 号 1 层',
    prov: '310000',
    city: '310100',
    district: '310104',
  },
];
const GOODS = [
  { goods_name: '可乐 Cola 330ml', price: 350, cost_price: 160, tags: ['饮料', '冰镇'] },
  { goods_name: '矿泉水 Water 550ml', price: 200, cost_price: 60, tags: ['饮料'] },
  { goods_name: '薯片 Chips', price: 650, cost_price: 320, tags: ['零食'] },
  { goods_name: '巧克力 Chocolate', price: 890, cost_price: 450, tags: ['零食', '甜品'] },
  { goods_name: '扭蛋 Capsule toy', price: 1000, cost_price: 380, tags: ['玩具'] },
  { goods_name: '福袋 Lucky bag', price: 1990, cost_price: 900, tags: ['福袋'] },
];

/**
 * Fills the demo merchant's catalog once, through the same calls the app makes (validation, quotas and stock log
 * included), so the demo shows what a person's own data would look like.
 */
export async function ensureDemoCatalog(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const done = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_CATALOG)
    .executeTakeFirst();
  if (done) return;
  const call = await demoSession(app);
  const areaIds: number[] = [];
  for (const area of AREAS) areaIds.push((await call<{ _id: number }>('/api/v1/u/addArea', area))._id);
  const storeIds: number[] = [];
  for (const s of STORES) {
    const created = await call<{ _id: number }>('/api/v1/u/addStore', {
      name: s.name,
      address: s.address,
      area: areaIds[s.area],
      prov_code: s.prov,
      city_code: s.city,
      s_area_code: s.district,
      refund_mode: 'auto',
      mode: 'routine',
      coop_mode: 'revenueShare',
    });
    storeIds.push(created._id);
  }
  for (const goods of GOODS) {
    const { goods_id } = await call<{ goods_id: number }>('/api/v1/g/addPrivate', goods);
    await call('/api/v1/i/addStock', { goods_id, store: storeIds[0], inventory: 48, remarks: 'demo' });
  }
  await db
    .insertInto('settings')
    .values({ key: DEMO_CATALOG, value: JSON.stringify({ areaIds, storeIds }) })
    .execute();
}

/** Puts the demo machines that stand nowhere yet into the demo stores, one after the other. */
export async function placeDemoMachines(
  app: FastifyInstance,
  db: Kysely<Database>,
  sns: string[],
): Promise<void> {
  const storeIds = await demoStoreIds(db);
  if (storeIds.length === 0) return;
  const unplaced = await db
    .selectFrom('devices')
    .select('sn')
    .where('sn', 'in', sns.length ? sns : [''])
    .where('store_id', 'is', null)
    .execute();
  if (unplaced.length === 0) return;
  const call = await demoSession(app);
  for (const [i, device] of unplaced.entries()) {
    await call('/api/v1/d/editDev', { sn: device.sn, store_id: storeIds[i % storeIds.length] });
  }
}

/** The demo stores, in the order of STORES; none before the catalog is made. */
export async function demoStoreIds(db: Kysely<Database>): Promise<number[]> {
  const stored = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_CATALOG)
    .executeTakeFirst();
  return stored ? (JSON.parse(stored.value) as { storeIds: number[] }).storeIds : [];
}

export type DemoCall = <T = unknown>(path: string, body: unknown) => Promise<T>;

/** Calls as the demo merchant's main account, the way the web app makes them. */
export async function demoSession(app: FastifyInstance): Promise<DemoCall> {
  const login = await app.inject({
    method: 'POST',
    url: '/p/v1/login',
    headers: { 'content-type': 'application/json', lang: 'en-US' },
    payload: { username: DEMO.phone, password: DEMO.password },
  });
  const session = login.json<{ rcode: number; msg: string; result: { token: string; secret: string } }>();
  if (session.rcode !== 0) throw new Error(`demo login failed: ${session.msg}`);
  return async <T>(path: string, body: unknown): Promise<T> => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        lang: 'en-US',
        token: session.result.token,
        secret: session.result.secret,
      },
      payload: JSON.stringify(body),
    });
    const answer = response.json<{ rcode: number; msg: string; result: T }>();
    if (answer.rcode !== 0) throw new Error(`demo ${path}: ${answer.msg}`);
    return answer.result;
  };
}
