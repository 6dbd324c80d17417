import { APP_MODULE_LABELS, enumLabel, faultText } from '@vendo/contract/enums';
import { zonedStamp } from '@vendo/contract/constants';

/**
 * The template messages of each alert. The messaging app's templates are registered in one language, so the texts
 * are the merchant's console language, zh-CN; `first`, `keyword1..n` and `remark` are the platform's field names.
 */
export type TemplateName = 'abnormalOrder' | 'deviceOffline' | 'deviceOnline' | 'lowStock' | 'appExpiry';

export type TemplateData = Record<string, { value: string }>;

export interface DeviceRef {
  sn: string;
  title: string;
  storeName: string | null;
}

function device(d: DeviceRef): string {
  return `${d.title || '未设置'}（${d.sn}）`;
}

function fields(first: string, keywords: string[], remark: string): TemplateData {
  const data: TemplateData = { first: { value: first } };
  keywords.forEach((value, i) => {
    data[`keyword${i + 1}`] = { value };
  });
  data['remark'] = { value: remark };
  return data;
}

export const templates = {
  abnormalOrder(input: { device: DeviceRef; orderNo: string; fault: unknown; at: number }, timeZone: string) {
    const reason = faultText(input.fault, 'zh-CN') || '出货异常';
    return fields(
      '您有一笔异常订单，请及时处理',
      [
        device(input.device),
        input.device.storeName ?? '未设置门店',
        input.orderNo,
        reason,
        zonedStamp(input.at, timeZone),
      ],
      '可在“销售账单-异常订单”中查看并退款。',
    );
  },
  deviceOffline(input: { device: DeviceRef; at: number }, timeZone: string) {
    return fields(
      '设备已离线',
      [device(input.device), input.device.storeName ?? '未设置门店', zonedStamp(input.at, timeZone)],
      '请检查设备电源与网络。',
    );
  },
  deviceOnline(input: { device: DeviceRef; at: number }, timeZone: string) {
    return fields(
      '设备已恢复在线',
      [device(input.device), input.device.storeName ?? '未设置门店', zonedStamp(input.at, timeZone)],
      '',
    );
  },
  lowStock(
    input: {
      device: DeviceRef;
      shelves: { channelSn: string; name: string; quantity: number }[];
      at: number;
    },
    timeZone: string,
  ) {
    const list = input.shelves.map(
      (s) => `${s.channelSn}号${s.name ? `（${s.name}）` : ''}剩余${s.quantity}`,
    );
    return fields(
      '设备库存不足，请及时补货',
      [
        device(input.device),
        input.device.storeName ?? '未设置门店',
        list.join('；'),
        zonedStamp(input.at, timeZone),
      ],
      '可在“库存”中查看补货单。',
    );
  },
  appExpiry(input: { app: string; expireAt: number; expired: boolean }, timeZone: string) {
    const name = enumLabel(APP_MODULE_LABELS, input.app, 'zh-CN') ?? input.app;
    return fields(
      input.expired ? '应用已到期' : '应用即将到期',
      [name, zonedStamp(input.expireAt, timeZone)],
      input.expired ? '应用到期后相关功能将无法使用，请联系客服续费。' : '请及时联系客服续费。',
    );
  },
} satisfies Record<TemplateName, (input: never, timeZone: string) => TemplateData>;
