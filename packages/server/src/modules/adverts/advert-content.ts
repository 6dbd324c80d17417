import { ADVERT_TYPE, type AdvertType, type ShownAd } from '@vendo/contract/api/adverts';
import type { MachineAd } from '@vendo/contract/device-protocol';
import type { ImageLibrary } from '../catalog/image-library';
import type { CouponsService } from '../coupons/coupons-service';
import type { AdMachine, AdvertRepository } from './advert-repository';
import type { AdvertRow } from './advert-tables';

/**
 * What a machine shows: its enabled plans as the machine receives them (`ads` command) and as its purchase page
 * shows them (/p/v1/buy/getAds). A coupon plan whose coupon was deleted since is left out: there is nothing left to
 * hand out.
 */
export class AdvertContent {
  constructor(
    private readonly d: { repo: AdvertRepository; images: ImageLibrary; coupons: CouponsService },
  ) {}

  async shown(machine: AdMachine): Promise<ShownAd[]> {
    if (machine.merchant_id === null) return [];
    const merchantId = machine.merchant_id;
    const rows = await this.d.repo.enabledFor(merchantId, machine.id, machine.store_id);
    const coupons = await this.d.coupons.brief(
      merchantId,
      rows.filter((r) => r.type === ADVERT_TYPE.coupon).map((r) => Number(r.coupon_id)),
    );
    return rows.flatMap((row): ShownAd[] => {
      const coupon = row.type === ADVERT_TYPE.coupon ? coupons.get(Number(row.coupon_id)) : undefined;
      if (row.type === ADVERT_TYPE.coupon && !coupon) return [];
      return [
        {
          advert_id: Number(row.id),
          name: row.name,
          type: row.type as AdvertType,
          text: row.text,
          link: row.link,
          image: row.image ? this.d.images.url(row.image) : '',
          web_url: row.web_url,
          app_id: row.app_id,
          placement_id: row.placement_id,
          coupon: coupon ?? null,
        },
      ];
    });
  }

  async machineAds(machine: AdMachine): Promise<MachineAd[]> {
    return (await this.shown(machine)).map((ad) => ({
      id: ad.advert_id,
      type: ad.type,
      name: ad.name,
      text: ad.text,
      link: ad.link,
      image: ad.image,
      web_url: ad.web_url,
      coupon: ad.coupon ? { id: ad.coupon.coupon_id, name: ad.coupon.name } : null,
      app_id: ad.app_id,
      placement_id: ad.placement_id,
    }));
  }
}

export function isEnabled(row: Pick<AdvertRow, 'status'>): boolean {
  return row.status === 1;
}
