import { editPrivate, type Goods } from '@vendo/contract/api/catalog';
import { describe, expect, it } from 'vitest';
import { goodsBody, goodsToForm } from './goods-form-values';

const en = { withCost: true, locale: 'en-US' as const };

const GOODS: Goods = {
  goods_id: 4,
  goods_name: 'Cola',
  price: 350,
  cost_price: 200,
  goods_code: '690',
  sold: 12,
  tags: 'drink,cold',
  goods_detail: {
    _id: 4,
    description: '',
    duration: 0,
    goods_type: '',
    img: '/uploads/a/b.png',
    detail_intro: '',
  },
  detail_imgs: ['/uploads/a/c.png'],
  created_by_me: true,
  create_time: 0,
  update_time: 0,
};

const filled = { ...goodsToForm(null), goods_name: 'Cola', price: '3.5' };

describe('goods form values', () => {
  it('shows stored goods in yuan with their tags as a list', () => {
    const values = goodsToForm(GOODS);
    expect([values.price, values.cost_price, values.sold, values.duration]).toEqual([
      '3.50',
      '2.00',
      '12',
      '',
    ]);
    expect(values.tags).toEqual(['drink', 'cold']);
  });

  it('sends cents, and a body the contract accepts as it is', () => {
    const { body, errors } = goodsBody(goodsToForm(GOODS), en);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ price: 350, cost_price: 200, sold: 12, tags: ['drink', 'cold'] });
    expect(editPrivate.request.safeParse({ goods_id: 4, ...body }).success).toBe(true);
  });

  it('names each price mistake the way spec §5 does', () => {
    const price = (text: string) => goodsBody({ ...filled, price: text }, en).errors.price;
    expect(price('')).toBe('Cannot be empty');
    // With the form's labels an empty field names itself, in each language.
    const named = (locale: 'en-US' | 'zh-CN' | 'zh-TW', label: string) =>
      goodsBody({ ...filled, price: '' }, { ...en, locale, labels: { price: label } }).errors.price;
    expect(named('en-US', 'Price')).toBe('Price cannot be empty');
    expect(named('zh-CN', '价格')).toBe('价格不能为空');
    expect(named('zh-TW', '價格')).toBe('價格不能為空');
    expect(price('0.01')).toBe('Price must be at least 0.02 yuan');
    expect(price('1.234')).toBe('Price must be precise to the cent');
    expect(price('1..2')).toBe('Only one decimal point is allowed');
    expect(price('abc')).toBe('Please enter a valid number');
    expect(price('0.02')).toBeUndefined();
  });

  it('checks the name, the tags and the counts', () => {
    const { errors } = goodsBody(
      { ...filled, goods_name: 'Cola!', tags: ['a', 'b'], tagDraft: 'c', sold: '1.5' },
      en,
    );
    expect(errors.goods_name).toBe('Special symbols are not allowed');
    expect(errors.tags).toBe('At most 2 tags');
    expect(errors.sold).toBe('Decimals are not allowed');
    expect(goodsBody({ ...filled, tags: ['a,b'] }, en).errors.tags).toBe(
      'Tags cannot contain an English comma',
    );
  });

  it('counts a typed tag as added and leaves the cost out for those who may not see it', () => {
    const { body } = goodsBody({ ...filled, tagDraft: ' new ' }, { ...en, withCost: false });
    expect(body.tags).toEqual(['new']);
    expect(body.cost_price).toBeUndefined();
    expect(goodsBody(filled, en).body.cost_price).toBe(0);
  });
});
