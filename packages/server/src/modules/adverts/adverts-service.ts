import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import {
  ADVERT_TYPE,
  ADVERT_TYPE_FIELDS,
  ADVERTS_ENABLED_MAX,
  ADVERTS_MAX,
  advertContent,
  checkAdvertRules,
  type addAdvert,
  type Advert,
  type AdvertScope,
  type AdvertType,
  type editAdvert,
  type getAdvert,
  type getMachineAds,
  type setAdvertStatus,
} from '@vendo/contract/api/adverts';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import type { ImageLibrary } from '../catalog/image-library';
import type { CouponsService } from '../coupons/coupons-service';
import type { Body } from '../devices/call-types';
import type { AdvertContent } from './advert-content';
import type { AdvertRepository, AdvertValues, TargetKind } from './advert-repository';
import type { AdvertSync } from './advert-sync';
import type { AdvertRow } from './advert-tables';

export interface AdvertsDeps {
  db: Kysely<Database>;
  repo: AdvertRepository;
  images: ImageLibrary;
  coupons: CouponsService;
  content: AdvertContent;
  sync: AdvertSync;
  clock: () => number;
}

type AdvertBody = Body<typeof addAdvert>;
interface Checked {
  values: Omit<AdvertValues, 'status' | 'updated_at'>;
  kind: TargetKind | null;
  targetIds: number[];
}

/**
 * /advertisement's plans (main account with a non-expired Advertisement app: the contract declares it, the
 * registrar enforces it) and the purchase page's ads. Every rule answers its own rcode (api/adverts.ts
 * checkAdvertRules, then what only the server knows: the image is in the merchant's library, the coupon, stores
 * and machines are the merchant's). A change to an enabled plan reaches the machines it touches at once.
 */
export class AdvertsService {
  constructor(private readonly d: AdvertsDeps) {}

  async list(auth: AuthContext, body: Body<typeof getAdvert>): Promise<CallResult<typeof getAdvert>> {
    const { rows, count } = await this.d.repo.list(auth.merchant.id, body.condition, body);
    return { data: await this.describe(auth.merchant.id, rows), count };
  }

  async add(auth: AuthContext, body: AdvertBody): Promise<CallResult<typeof addAdvert>> {
    const merchantId = auth.merchant.id;
    const checked = await this.checked(merchantId, body);
    const now = this.d.clock();
    const id = await this.d.repo.transaction(async (trx) => {
      await this.d.repo.lockMerchant(trx, merchantId);
      if ((await this.d.repo.count(trx, merchantId)) >= ADVERTS_MAX)
        throw new AppError(RCODE.ADVERT_LIMIT, { max: ADVERTS_MAX });
      const advertId = await this.d.repo.insert(trx, {
        ...checked.values,
        status: 0,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await this.d.repo.setTargets(trx, advertId, checked.kind, checked.targetIds);
      return advertId;
    });
    return { advert_id: id };
  }

  async edit(auth: AuthContext, body: Body<typeof editAdvert>): Promise<CallResult<typeof editAdvert>> {
    const merchantId = auth.merchant.id;
    const existing = await this.d.repo.advert(this.d.db, merchantId, body.advert_id);
    if (!existing) throw new AppError(RCODE.ADVERT_NOT_FOUND);
    const checked = await this.checked(merchantId, body);
    const before = await this.machinesOf(existing);
    await this.d.repo.transaction(async (trx) => {
      const changed = await this.d.repo.update(trx, merchantId, body.advert_id, {
        ...checked.values,
        updated_at: this.d.clock(),
      });
      if (!changed) throw new AppError(RCODE.ADVERT_NOT_FOUND);
      await this.d.repo.setTargets(trx, body.advert_id, checked.kind, checked.targetIds);
    });
    if (existing.status === 1) {
      const after = await this.d.repo.advert(this.d.db, merchantId, body.advert_id);
      this.d.sync.changed([...before, ...(after ? await this.machinesOf(after) : [])]);
    }
    return { advert_id: body.advert_id };
  }

  async setStatus(
    auth: AuthContext,
    body: Body<typeof setAdvertStatus>,
  ): Promise<CallResult<typeof setAdvertStatus>> {
    const merchantId = auth.merchant.id;
    const row = await this.d.repo.transaction(async (trx) => {
      await this.d.repo.lockMerchant(trx, merchantId);
      const found = await this.d.repo.advert(trx, merchantId, body.advert_id);
      if (!found) throw new AppError(RCODE.ADVERT_NOT_FOUND);
      if (found.status === body.status) return found;
      if (body.status === 1 && (await this.d.repo.count(trx, merchantId, 1)) >= ADVERTS_ENABLED_MAX)
        throw new AppError(RCODE.ADVERT_ENABLED_LIMIT, { max: ADVERTS_ENABLED_MAX });
      await this.d.repo.update(trx, merchantId, found.id, {
        status: body.status,
        updated_at: this.d.clock(),
      });
      return { ...found, status: body.status };
    });
    this.d.sync.changed(await this.machinesOf(row));
    return { advert_id: body.advert_id, status: body.status };
  }

  async remove(auth: AuthContext, advertId: number): Promise<{ advert_id: number }> {
    const merchantId = auth.merchant.id;
    const row = await this.d.repo.advert(this.d.db, merchantId, advertId);
    if (!row) throw new AppError(RCODE.ADVERT_NOT_FOUND);
    const machines = row.status === 1 ? await this.machinesOf(row) : [];
    const removed = await this.d.repo.transaction((trx) => this.d.repo.remove(trx, merchantId, advertId));
    if (!removed) throw new AppError(RCODE.ADVERT_NOT_FOUND);
    this.d.sync.changed(machines);
    return { advert_id: advertId };
  }

  /** The purchase page's ads of a machine (none for an unknown or unbound machine). */
  async machineAds(sn: string): Promise<CallResult<typeof getMachineAds>> {
    const machine = await this.d.repo.machineBySn(sn);
    if (!machine) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    return { data: await this.d.content.shown(machine) };
  }

  /** The sns of the machines a plan's scope reaches now. */
  private async machinesOf(row: AdvertRow): Promise<string[]> {
    const targets = (await this.d.repo.targets(this.d.db, [Number(row.id)])).get(Number(row.id)) ?? [];
    return this.d.repo.machinesInScope(this.d.db, Number(row.merchant_id), row.scope, targets);
  }

  /** The rules (api/adverts.ts), then what only the server knows; the values to store and the targets. */
  private async checked(merchantId: number, body: AdvertBody): Promise<Checked> {
    const input = advertContent(body);
    const broken = checkAdvertRules(input);
    if (broken) throw new AppError(RCODE[broken.rcode]);
    let image = '';
    if (ADVERT_TYPE_FIELDS[input.type].includes('image')) {
      const held = await this.d.images.held(merchantId, input.image);
      if (!held) throw new AppError(RCODE.ADVERT_IMAGE_UNKNOWN);
      image = held;
    }
    if (input.type === ADVERT_TYPE.coupon) {
      const coupons = await this.d.coupons.brief(merchantId, [input.coupon_id]);
      if (!coupons.has(input.coupon_id)) throw new AppError(RCODE.ADVERT_COUPON_UNKNOWN);
    }
    let kind: TargetKind | null = null;
    let targetIds: number[] = [];
    if (input.scope === 'stores') {
      const found = await this.d.repo.storeNames(this.d.db, merchantId, input.store_ids);
      if (found.size !== input.store_ids.length) throw new AppError(RCODE.ADVERT_TARGET_UNKNOWN);
      kind = 'store';
      targetIds = [...input.store_ids];
    } else if (input.scope === 'machines') {
      const found = await this.d.repo.machinesOf(this.d.db, merchantId, { sns: input.sns });
      if (found.length !== input.sns.length) throw new AppError(RCODE.ADVERT_TARGET_UNKNOWN);
      kind = 'machine';
      targetIds = found.map((m) => m.id);
    }
    return {
      values: {
        merchant_id: merchantId,
        name: input.name,
        type: input.type,
        scope: input.scope,
        image,
        text: input.text,
        link: input.link,
        web_url: input.web_url,
        coupon_id: input.coupon_id,
        app_id: input.app_id,
        placement_id: input.placement_id,
      },
      kind,
      targetIds,
    };
  }

  private async describe(merchantId: number, rows: AdvertRow[]): Promise<Advert[]> {
    const targets = await this.d.repo.targets(
      this.d.db,
      rows.map((r) => Number(r.id)),
    );
    const all = [...targets.values()].flat();
    const stores = await this.d.repo.storeNames(
      this.d.db,
      merchantId,
      all.filter((t) => t.kind === 'store').map((t) => t.id),
    );
    const machines = new Map(
      (
        await this.d.repo.machinesOf(this.d.db, merchantId, {
          ids: all.filter((t) => t.kind === 'machine').map((t) => t.id),
        })
      ).map((m) => [m.id, m]),
    );
    const coupons = await this.d.coupons.names(
      merchantId,
      rows.filter((r) => Number(r.coupon_id) > 0).map((r) => Number(r.coupon_id)),
    );
    return rows.map((row): Advert => {
      const own = targets.get(Number(row.id)) ?? [];
      const storeTargets = own.filter((t) => t.kind === 'store' && stores.has(t.id));
      const machineTargets = own.flatMap((t) => {
        const m = t.kind === 'machine' ? machines.get(t.id) : undefined;
        return m ? [m] : [];
      });
      return {
        advert_id: Number(row.id),
        name: row.name,
        type: row.type as AdvertType,
        scope: row.scope as AdvertScope,
        store_ids: storeTargets.map((t) => t.id),
        sns: machineTargets.map((m) => m.sn),
        targets:
          row.scope === 'stores'
            ? storeTargets.map((t) => ({ id: String(t.id), name: stores.get(t.id) ?? '' }))
            : machineTargets.map((m) => ({ id: m.sn, name: m.title || m.sn })),
        image: row.image ? this.d.images.url(row.image) : '',
        text: row.text,
        link: row.link,
        web_url: row.web_url,
        coupon_id: Number(row.coupon_id),
        coupon_name: coupons.get(Number(row.coupon_id)) ?? '',
        app_id: row.app_id,
        placement_id: row.placement_id,
        status: row.status === 1 ? 1 : 0,
        create_time: Number(row.created_at),
        update_time: Number(row.updated_at),
      };
    });
  }
}
