import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPrivate, addStore, getGoods, getStore, isCalendarDay, upload, uploadMutiWx } from './catalog';
import { addStock, editStock, getStockLog } from './stock';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.error?.issues[0] && {
    path: result.error.issues[0].path.join('.'),
    message: result.error.issues[0].message,
  };

describe('catalog calls', () => {
  it('pages with the list’s default size and an empty condition', () => {
    expect(getStore.request.parse({})).toEqual({ pageNum: 1, pageSize: 10, condition: {} });
    expect(getGoods.request.parse({ condition: null })).toMatchObject({ pageSize: 8, condition: {} });
    // '' and 0 mean "no filter", as pickers send them.
    expect(getStore.request.parse({ condition: { area: '', store_name: '' } }).condition).toEqual({
      area: undefined,
      store_name: undefined,
    });
    expect(getStore.request.parse({ condition: { area: '7' } }).condition.area).toBe(7);
  });

  it('takes a store’s region as official codes, and cooperation dates in order', () => {
    const base = { name: 'Shop', area: 1 };
    expect(addStore.request.parse(base)).toMatchObject({
      prov_code: '',
      refund_mode: 'auto',
      mode: 'routine',
      coop_mode: '',
    });
    expect(addStore.request.safeParse({ ...base, s_area_code: '441900003' }).success).toBe(true);
    expect(firstMessage(addStore.request.safeParse({ ...base, prov_code: '11' }))).toEqual({
      path: 'prov_code',
      message: 'invalidValue',
    });
    expect(
      firstMessage(addStore.request.safeParse({ ...base, coop_start: '2026-03-02', coop_end: '2026-03-01' })),
    ).toEqual({ path: 'coop_end', message: 'startAfterEnd' });
    expect(
      addStore.request.safeParse({ ...base, coop_start: '2026-03-02', coop_end: '2026-03-02' }).success,
    ).toBe(true);
    expect(firstMessage(addStore.request.safeParse({ ...base, tel: '123' }))?.message).toBe('servicePhone');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-13-01')).toBe(false);
    expect(isCalendarDay('2024-1-01')).toBe(false);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (d) => isCalendarDay(d.toISOString().slice(0, 10)),
      ),
    );
  });

  it('applies the goods rules of spec §5 with their message keys', () => {
    const ok = { goods_name: '可乐', price: 2 };
    expect(addPrivate.request.parse({ ...ok, tags: '甲,乙' })).toMatchObject({ tags: ['甲', '乙'], sold: 0 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: 2 }, 'goods_name', 'required'],
      [{ ...ok, goods_name: 'a@b' }, 'goods_name', 'specialSymbols'],
      [{ goods_name: 'x' }, 'price', 'required'],
      [{ ...ok, price: 1 }, 'price', 'priceMin'],
      [{ ...ok, price: 2.5 }, 'price', 'priceCents'],
      [{ ...ok, tags: ['a', 'b', 'c'] }, 'tags', 'tagsMax'],
      [{ ...ok, tags: ['a,b'] }, 'tags', 'tagsComma'],
      [{ ...ok, detail_imgs: Array(9).fill('/x') }, 'detail_imgs', 'detailImagesMax'],
    ];
    for (const [body, path, message] of cases) {
      expect(firstMessage(addPrivate.request.safeParse(body)), message).toEqual({ path, message });
    }
  });

  it('takes uploaded files only as the multipart reader hands them over', () => {
    const file = { filename: 'a.png', mimetype: 'image/png', data: new Uint8Array([1, 2]) };
    expect(upload.request.parse({ file, name: null })).toEqual({ file, name: '' });
    expect(upload.request.safeParse({ file: { ...file, data: 'AQI=' } }).success).toBe(false);
    expect(firstMessage(uploadMutiWx.request.safeParse({ server_id_arr: [] }))?.message).toBe('required');
  });
});

describe('stock calls', () => {
  it('takes whole quantities and the oper types of spec §3', () => {
    expect(addStock.request.parse({ goods_id: 1, inventory: 0 })).toEqual({
      goods_id: 1,
      store: undefined,
      inventory: 0,
      remarks: '',
    });
    expect(firstMessage(editStock.request.safeParse({ _id: 1, oper_type: 0, inventory: 0 }))?.message).toBe(
      'numberInvalid',
    );
    expect(firstMessage(editStock.request.safeParse({ _id: 1, oper_type: 3, inventory: 1 }))?.path).toBe(
      'oper_type',
    );
    expect(
      getStockLog.request.parse({ condition: { stock_type: 3, start_time: 0 } }).condition,
    ).toMatchObject({
      stock_type: 3,
      start_time: undefined,
    });
  });
});
