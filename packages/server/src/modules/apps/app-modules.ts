import type { Kysely } from 'kysely';
import type { AppEntry } from '@vendo/contract/api/account';
import { isAppUsable } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import { prepared } from '../../db/prepared-query';
import { AuditLog, platformOrigin } from '../audit/audit-log';

/**
 * One module of a merchant and until when (merchant and name are unique, app_modules_merchant_name): a prepared
 * query, since every bill list and analytics call asks it for the profit view.
 */
const appExpiry = prepared<{ merchantId: number; name: string }>()((db, p) =>
  db
    .selectFrom('app_modules')
    .select(['app_module_name', 'expire_at'])
    .where('merchant_id', '=', p.merchantId)
    .where('app_module_name', '=', p.name),
);

/**
 * The modules a merchant holds and until when (spec §3 app entry, §4 app expiry). A new merchant gets
 * every default module for the trial period; `vendo admin` grants and extends them.
 */
export const DEFAULT_APPS: ReadonlyArray<{ name: string; extend: AppEntry['extend'] }> = [
  {
    name: 'Account',
    extend: [
      { name: 'subuser_self_reset_password', value: '0' },
      { name: 'console_enable', value: '0' },
      { name: 'Account_max_count', value: '9999' },
    ],
  },
  {
    name: 'Region',
    extend: [
      { name: 'area_max_count', value: '9999' },
      { name: 'store_max_count', value: '9999' },
    ],
  },
  { name: 'Device', extend: [] },
  { name: 'Goods', extend: [{ name: 'Goods_max_count', value: '9999' }] },
  { name: 'Stock', extend: [] },
  { name: 'Profit', extend: [] },
  { name: 'Member', extend: [{ name: 'Member_max_count', value: '9999' }] },
  { name: 'Advertisement', extend: [] },
  { name: 'Bank', extend: [{ name: 'Bank_max_count', value: '9999' }] },
  { name: 'Notification', extend: [{ name: 'Notification_max_count', value: '9999' }] },
];

export class AppModules {
  constructor(private readonly db: Kysely<Database>) {}

  async list(merchantId: number): Promise<AppEntry[]> {
    const rows = await this.db
      .selectFrom('app_modules')
      .select(['app_module_name', 'expire_at', 'extend'])
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      app_module_name: r.app_module_name,
      expire_at: r.expire_at,
      extend: parseExtend(r.extend),
    }));
  }

  /** Whether the merchant holds the module and it has not expired (spec §4 app expiry). */
  async usable(merchantId: number, name: string, now: number): Promise<boolean> {
    return isAppUsable(await appExpiry.first(this.db, { merchantId, name }), now);
  }

  async grantDefaults(
    trx: Kysely<Database>,
    merchantId: number,
    expireAt: number,
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('app_modules')
      .values(
        DEFAULT_APPS.map((app) => ({
          merchant_id: merchantId,
          app_module_name: app.name,
          expire_at: expireAt,
          extend: JSON.stringify(app.extend),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /** Creates the module or moves its expiry; extend values given replace those of the same name. */
  async grant(
    merchantId: number,
    name: string,
    expireAt: number,
    extend: AppEntry['extend'],
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The grant is in the merchant's audit log (the platform acted, through `vendo admin grant`).
      const audit = (before: { expire_at: number; extend: string } | undefined) =>
        new AuditLog(() => now).record(trx, {
          merchantId,
          origin: platformOrigin('admin:grant'),
          kind: 'app_grant',
          action: before ? 'extend' : 'grant',
          target: { type: 'app', id: name, name },
          changes: [
            { field: 'expire_at', before: before?.expire_at ?? null, after: expireAt },
            ...(extend.length > 0
              ? [{ field: 'extend', before: before?.extend ?? null, after: JSON.stringify(extend) }]
              : []),
          ],
        });
      const existing = await trx
        .selectFrom('app_modules')
        .select(['id', 'extend', 'expire_at'])
        .where('merchant_id', '=', merchantId)
        .where('app_module_name', '=', name)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('app_modules')
          .values({
            merchant_id: merchantId,
            app_module_name: name,
            expire_at: expireAt,
            extend: JSON.stringify(extend),
            created_at: now,
            updated_at: now,
          })
          .execute();
        await audit(undefined);
        return;
      }
      const merged = new Map(parseExtend(existing.extend).map((e) => [e.name, e.value]));
      for (const e of extend) merged.set(e.name, e.value);
      await trx
        .updateTable('app_modules')
        .set({
          expire_at: expireAt,
          extend: JSON.stringify([...merged].map(([n, value]) => ({ name: n, value }))),
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .execute();
      await audit(existing);
    });
  }
}

function parseExtend(text: string): AppEntry['extend'] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((e: unknown) =>
      e && typeof e === 'object' && 'name' in e && 'value' in e
        ? [{ name: String(e.name), value: String(e.value) }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The value of an extend entry of a module, or undefined. */
export function appExtend(apps: AppEntry[], module: string, name: string): string | undefined {
  return apps.find((a) => a.app_module_name === module)?.extend.find((e) => e.name === name)?.value;
}
