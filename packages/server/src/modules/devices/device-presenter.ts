import type { Channel, Device } from '@vendo/contract/api/devices';
import { faultText, isDeviceType, type DeviceType } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import type { ChannelWithGoods } from './channel-repository';
import type { PlacedDevice } from './device-repository';
import type { PayoutMerchantDetail, SplitDetail } from './machine-payouts';
import { readSettings } from './device-settings';
import { asDifficulty } from './machine-sync';

export function deviceType(value: string): DeviceType {
  return isDeviceType(value) ? value : 'vm';
}

/** A device row as the calls answer it (spec §3 Device and device detail). */
export function presentDevice(
  row: PlacedDevice,
  payout: PayoutMerchantDetail | null = null,
  split: SplitDetail | null = null,
): Device {
  const alive = row.alive === 1 ? 1 : 0;
  return {
    sn: row.sn,
    clientid: row.clientid,
    title: row.title,
    type: deviceType(row.type),
    alive,
    rssi: row.rssi,
    signal: alive ? row.rssi : 0,
    offline_at: row.offline_at,
    online_at: row.online_at,
    area_id: row.area_name !== null ? row.area_id : null,
    store_id: row.store_name !== null ? row.store_id : null,
    area:
      row.area_id !== null && row.area_name !== null ? { _id: row.area_id, area_name: row.area_name } : null,
    store:
      row.store_id !== null && row.store_name !== null
        ? { _id: row.store_id, store_name: row.store_name }
        : null,
    ...payoutOf(row, payout, split),
    version: row.version,
    mversion: row.mversion,
    imei: row.imei,
    android_version: row.android_version,
    bound_at: row.bound_at,
    detail: readSettings(row.settings),
    settings_synced: row.settings_acked_rev >= row.settings_rev,
  };
}

/**
 * Payout merchant and fee split. The bank-card module owns the cards' details (PayoutDetails, masked), the
 * fee-splits module the configurations' (SplitDetails).
 */
function payoutOf(
  row: PlacedDevice,
  payout: PayoutMerchantDetail | null,
  split: SplitDetail | null,
): Pick<Device, 'merchant_id' | 'merchant_detail' | 'is_bank_split' | 'bank_split_id' | 'bank_split_detail'> {
  return {
    merchant_id: row.payout_merchant_id,
    merchant_detail: row.payout_merchant_id !== null ? payout : null,
    is_bank_split: row.is_bank_split === 1 ? 1 : 0,
    bank_split_id: row.bank_split_id,
    bank_split_detail: row.bank_split_id !== null ? split : null,
  };
}

export function presentChannel(
  row: ChannelWithGoods,
  locale: Locale,
  imageUrl: (path: string) => string,
): Channel {
  return {
    id: row.id,
    status: row.status,
    status_text: row.status === 0 ? '' : faultText(row.fault, locale),
    position: row.position,
    channel_sn: row.channel_sn,
    name: row.name,
    price: row.price,
    game_price: row.game_price,
    quantity: row.quantity,
    capacity: row.capacity,
    probability: row.probability,
    difficulty: asDifficulty(row.difficulty),
    enabled: row.enabled === 1 ? 1 : 0,
    goods_id: row.goods_name !== null ? row.goods_id : null,
    goods:
      row.goods_id !== null && row.goods_name !== null
        ? { goods_id: row.goods_id, goods_name: row.goods_name, img: imageUrl(row.goods_img ?? '') }
        : null,
  };
}
