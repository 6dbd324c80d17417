import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { downloadFile } from '@vendo/contract/api/catalog';
import type { RestockBill } from '@vendo/contract/api/stock';
import { zonedDate } from '@vendo/contract/constants';
import type { Locale, LocaleText } from '@vendo/contract/locales';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const T = {
  packing: { 'zh-CN': '备货清单', 'zh-TW': '備貨清單', 'en-US': 'Packing list' },
  machines: { 'zh-CN': '按设备', 'zh-TW': '按設備', 'en-US': 'By machine' },
  title: { 'zh-CN': '补货单', 'zh-TW': '補貨單', 'en-US': 'Restock bill' },
  store: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  area: { 'zh-CN': '区域', 'zh-TW': '區域', 'en-US': 'Area' },
  time: { 'zh-CN': '生成时间', 'zh-TW': '產生時間', 'en-US': 'Generated' },
  goods: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  need: { 'zh-CN': '需补数量', 'zh-TW': '需補數量', 'en-US': 'To bring' },
  storeStock: { 'zh-CN': '门店库存', 'zh-TW': '門店庫存', 'en-US': 'Store stock' },
  sn: { 'zh-CN': '设备编号', 'zh-TW': '設備編號', 'en-US': 'Machine SN' },
  device: { 'zh-CN': '设备名称', 'zh-TW': '設備名稱', 'en-US': 'Machine' },
  shelf: { 'zh-CN': '货道', 'zh-TW': '貨道', 'en-US': 'Shelf' },
  quantity: { 'zh-CN': '现有', 'zh-TW': '現有', 'en-US': 'On shelf' },
  capacity: { 'zh-CN': '容量', 'zh-TW': '容量', 'en-US': 'Capacity' },
  total: { 'zh-CN': '合计', 'zh-TW': '合計', 'en-US': 'Total' },
} satisfies Record<string, LocaleText>;

/**
 * The restock bill as a workbook a person can print or carry on a phone: the packing list (what to take, per
 * goods) and the same per machine and shelf (where to put it).
 */
export async function restockBillWorkbook(
  bill: RestockBill,
  locale: Locale,
  timeZone: string,
): Promise<z.infer<typeof downloadFile>> {
  const t = (key: keyof typeof T) => T[key][locale];
  const d = zonedDate(bill.generated_at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.year}-${two(d.month)}-${two(d.day)} ${two(d.hour)}:${two(d.minute)}`;
  const workbook = new ExcelJS.Workbook();

  const packing = workbook.addWorksheet(t('packing'));
  packing.addRow([t('title'), bill.store.store_name]).font = { bold: true, size: 14 };
  packing.addRow([t('area'), bill.area.area_name]);
  packing.addRow([t('time'), stamp]);
  packing.addRow([]);
  packing.addRow([t('goods'), t('need'), t('storeStock')]).font = { bold: true };
  for (const g of bill.goods) packing.addRow([g.goods_detail.goods_name, g.need, g.store_stock]);
  packing.addRow([t('total'), bill.need]).font = { bold: true };
  packing.columns = [{ width: 28 }, { width: 12 }, { width: 12 }];

  const machines = workbook.addWorksheet(t('machines'));
  machines.addRow([
    t('sn'),
    t('device'),
    t('shelf'),
    t('goods'),
    t('quantity'),
    t('capacity'),
    t('need'),
  ]).font = {
    bold: true,
  };
  for (const device of bill.devices) {
    for (const line of device.lines) {
      machines.addRow([
        device.sn,
        device.title,
        line.channel_sn,
        line.goods_detail.goods_name,
        line.quantity,
        line.capacity,
        line.need,
      ]);
    }
  }
  machines.columns = [
    { width: 16 },
    { width: 18 },
    { width: 8 },
    { width: 26 },
    { width: 8 },
    { width: 8 },
    { width: 10 },
  ];

  const data = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
  const day = `${d.year}${two(d.month)}${two(d.day)}`;
  // Store names may hold characters that file systems refuse in a name.
  const store = bill.store.store_name.replace(/[\\/:*?"<>|]/g, '_');
  return { filename: `${t('title')}-${store}-${day}.xlsx`, content_type: XLSX_TYPE, data };
}
