import { dispensesOneAtATime } from '@vendo/contract/constants';
import type { Channel } from '@vendo/contract/api/devices';
import { describe, expect, it } from 'vitest';
import {
  dispenseQuantityError,
  numberingErrors,
  shelfBody,
  shelfToForm,
  withGoods,
  type ShelfFormValues,
} from './shelf-form-values';

const SHELF: Channel = {
  id: 11,
  status: 0,
  status_text: '',
  position: 1,
  channel_sn: 1,
  name: 'Cola',
  price: 350,
  game_price: 100,
  quantity: 5,
  capacity: 10,
  probability: 20,
  difficulty: 'normal',
  enabled: 1,
  goods_id: 3,
  goods: { goods_id: 3, goods_name: 'Cola 330ml', img: '' },
};
const at = { sn: '860000000001', id: 11 };
const body = (patch: Partial<ShelfFormValues>) => shelfBody({ ...shelfToForm(SHELF), ...patch }, at, 'en-US');

describe('shelf form', () => {
  it('shows yuan and sends cents, with the goods and the switch', () => {
    const values = shelfToForm(SHELF);
    expect([values.price, values.game_price, values.quantity, values.enabled]).toEqual([
      '3.50',
      '1.00',
      '5',
      true,
    ]);
    const { body: sent, errors } = body({ price: '4', game_price: '0.5', enabled: false, goods_id: null });
    expect(errors).toEqual({});
    expect(sent).toMatchObject({
      price: 400,
      game_price: 50,
      enabled: 0,
      goods_id: null,
      quantity: 5,
      capacity: 10,
    });
  });

  it('keeps every shelf rule of spec §5', () => {
    expect(body({ name: '' }).errors.name).toBe('Cannot be empty');
    expect(body({ name: 'Cola!' }).errors.name).toBe('Special symbols are not allowed');
    expect(body({ price: '0.01' }).errors.price).toBe('Price must be at least 0.02 yuan');
    expect(body({ game_price: '1.005' }).errors.game_price).toBe('Price must be precise to the cent');
    expect(body({ game_price: '1..0' }).errors.game_price).toBe('Only one decimal point is allowed');
    expect(body({ probability: '100.5' }).errors.probability).toBe('Decimals are not allowed');
    expect(body({ probability: '101' }).errors.probability).toBe('Win probability cannot exceed 100%');
    const over = body({ quantity: '12', capacity: '10' }).errors;
    expect(over.quantity).toBe('Quantity cannot exceed the capacity');
    expect(over.capacity).toBe('Capacity cannot be below the quantity');
  });

  it("a new shelf takes the picked goods' name and price; a named, priced one keeps its own", () => {
    // What a provisioned or reset shelf holds: no name, no goods, the lowest price.
    const fresh = shelfToForm({ ...SHELF, name: '', price: 2, game_price: 2, goods_id: null, goods: null });
    const cola = { goods_id: 3, goods_name: 'Cola 330ml', price: 350 };
    const picked = withGoods(fresh, cola);
    expect([picked.goods_id, picked.name, picked.price, picked.game_price]).toEqual([
      3,
      'Cola 330ml',
      '3.50',
      '3.50',
    ]);
    expect(withGoods({ ...fresh, price: '', game_price: '0' }, cola).price).toBe('3.50');
    const own = withGoods(shelfToForm(SHELF), { goods_id: 4, goods_name: 'Chips', price: 650 });
    expect([own.goods_id, own.name, own.price, own.game_price]).toEqual([4, 'Cola', '3.50', '1.00']);
    expect(withGoods(shelfToForm(SHELF), null)).toMatchObject({
      goods_id: null,
      goods_name: '',
      price: '3.50',
    });
  });

  it('numbers shelves: not 0, whole, never twice', () => {
    const rows = [
      { id: 1, channel_sn: '1' },
      { id: 2, channel_sn: '0' },
      { id: 3, channel_sn: '1' },
      { id: 4, channel_sn: '2.5' },
      { id: 5, channel_sn: '' },
      { id: 6, channel_sn: '9' },
    ];
    expect(numberingErrors(rows, 'en-US')).toEqual({
      '1': 'Slot number is used by another slot',
      '2': 'Slot number cannot be 0',
      '3': 'Slot number is used by another slot',
      '4': 'Decimals are not allowed',
      '5': 'Cannot be empty',
    });
  });

  it('dispenses at least one, and exactly one on capsule and lattice machines', () => {
    expect(dispenseQuantityError('0', 'vm', 'en-US')).toMatch(/0/);
    expect(dispenseQuantityError('3', 'vm', 'en-US')).toBeNull();
    expect(dispenseQuantityError('2', 'gpm', 'en-US')).not.toBeNull();
    expect(dispenseQuantityError('1', 'gzj', 'en-US')).toBeNull();
    expect(dispensesOneAtATime('gpm')).toBe(true);
    expect(dispensesOneAtATime('gzj')).toBe(true);
    expect(dispensesOneAtATime('vm')).toBe(false);
  });

  it.each([
    ['en-US', 'Capacity', 'Capacity cannot be empty', 'Dispense quantity cannot exceed the shelf stock (2)'],
    ['zh-CN', '最大容量', '最大容量不能为空', '出货数量不能超过货道库存（2）'],
    ['zh-TW', '最大容量', '最大容量不能為空', '出貨數量不能超過貨道庫存（2）'],
  ] as const)(
    'names an empty field and refuses a dispense above the stock (%s)',
    (locale, label, empty, over) => {
      const form = { ...shelfToForm(SHELF), capacity: '' };
      expect(shelfBody(form, at, locale, { capacity: label }).errors.capacity).toBe(empty);
      expect(dispenseQuantityError('3', 'vm', locale, { stock: 2 })).toBe(over);
      expect(dispenseQuantityError('2', 'vm', locale, { stock: 2 })).toBeNull();
      expect(dispenseQuantityError('', 'vm', locale, { label, stock: 2 })).toBe(empty);
      // Capsule and lattice machines hand out one at a time: an empty shelf has nothing to give.
      expect(dispenseQuantityError('1', 'gpm', locale, { stock: 0 })).toBe(over.replace('2', '0'));
      expect(
        numberingErrors([{ id: 5, position: 3, channel_sn: '' }], locale, (n) => `${label} ${n}`)['5'],
      ).toBe(empty.replace(label, `${label} 3`));
    },
  );
});
