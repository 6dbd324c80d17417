import { describe, expect, it } from 'vitest';
import {
  ADVERT_TYPE_LABELS,
  ADVERT_TYPES,
  addAdvert,
  advertContent,
  advertRuleProblems,
  checkAdvertRules,
  type AdvertRuleInput,
} from './adverts';
import { LOCALES } from '../locales';

const base: AdvertRuleInput = {
  type: 1,
  scope: 'all',
  store_ids: [],
  sns: [],
  text: 'Cold drinks',
  link: 'https://example.com/a',
  image: '',
  web_url: '',
  coupon_id: 0,
  app_id: '',
  placement_id: '',
};

describe('advertisement rules', () => {
  it('names the 8 types of spec §9 in every language', () => {
    expect(ADVERT_TYPES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const type of ADVERT_TYPES)
      for (const locale of LOCALES) expect(ADVERT_TYPE_LABELS[type][locale]).toBeTruthy();
  });

  it('asks each type for its own fields, each at its field', () => {
    const broken = (change: Partial<AdvertRuleInput>) => checkAdvertRules({ ...base, ...change });
    expect(broken({})).toBeNull();
    expect(broken({ type: 0, text: '', link: '' })).toBeNull();
    expect(broken({ text: ' ' })).toEqual({ rcode: 'ADVERT_TEXT_REQUIRED', field: 'text' });
    for (const link of ['', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'http://localhost'])
      expect(broken({ link })).toEqual({ rcode: 'ADVERT_LINK_INVALID', field: 'link' });
    expect(broken({ type: 2 })).toEqual({ rcode: 'ADVERT_IMAGE_REQUIRED', field: 'image' });
    expect(broken({ type: 2, image: '/uploads/a.png' })).toBeNull();
    expect(broken({ type: 3 })).toEqual({ rcode: 'ADVERT_WEB_URL_INVALID', field: 'web_url' });
    expect(broken({ type: 3, web_url: 'https://example.com' })).toBeNull();
    expect(broken({ type: 4 })).toEqual({ rcode: 'ADVERT_COUPON_REQUIRED', field: 'coupon_id' });
    expect(broken({ type: 5, link: '' })).toEqual({ rcode: 'ADVERT_APP_ID_INVALID', field: 'app_id' });
    expect(broken({ type: 5, link: '', app_id: 'wx123' })).toBeNull();
    expect(broken({ type: 6, link: 'nope', app_id: 'com.example' })).toEqual({
      rcode: 'ADVERT_LINK_INVALID',
      field: 'link',
    });
    expect(broken({ type: 7 })).toEqual({ rcode: 'ADVERT_PLACEMENT_INVALID', field: 'placement_id' });
    expect(broken({ type: 7, placement_id: 'p-1' })).toBeNull();
    expect(broken({ type: 7, placement_id: 'p-1', app_id: 'bad id' })).toEqual({
      rcode: 'ADVERT_APP_ID_INVALID',
      field: 'app_id',
    });
    expect(broken({ scope: 'stores' })).toEqual({ rcode: 'ADVERT_SCOPE_EMPTY', field: 'store_ids' });
    expect(broken({ scope: 'machines' })).toEqual({ rcode: 'ADVERT_SCOPE_EMPTY', field: 'sns' });
  });

  it('lists every broken rule at once, the first being what the server answers', () => {
    const empty = { ...base, text: '', link: '', scope: 'machines' as const };
    expect(advertRuleProblems(empty).map((p) => p.field)).toEqual(['text', 'link', 'sns']);
    expect(checkAdvertRules(empty)).toEqual(advertRuleProblems(empty)[0]);
    expect(advertRuleProblems(base)).toEqual([]);
  });

  it('keeps only the fields of the type and scope', () => {
    const content = advertContent({
      ...base,
      type: 2,
      image: '/uploads/a.png',
      web_url: 'https://x.example',
      app_id: 'wx1',
      coupon_id: 3,
      scope: 'stores',
      store_ids: [1],
      sns: ['100'],
    });
    expect(content).toMatchObject({
      text: '',
      web_url: '',
      app_id: '',
      coupon_id: 0,
      store_ids: [1],
      sns: [],
    });
    expect(content.image).toBe('/uploads/a.png');
    expect(content.link).toBe('https://example.com/a');
  });

  it('parses the request: types 0–7 only, scopes all|stores|machines, ids and sns de-duplicated', () => {
    const parsed = addAdvert.request.parse({
      name: 'A',
      type: 1,
      scope: 'stores',
      store_ids: [2, 2],
      sns: ['9', '9'],
    });
    expect(parsed).toMatchObject({ store_ids: [2], sns: ['9'], text: '', coupon_id: 0 });
    expect(addAdvert.request.safeParse({ name: 'A', type: 8, scope: 'all' }).success).toBe(false);
    expect(addAdvert.request.safeParse({ name: 'A', type: 1, scope: 'goods' }).success).toBe(false);
    expect(
      addAdvert.request.safeParse({ name: 'A', type: 1, scope: 'all', text: 'x'.repeat(101) }).success,
    ).toBe(false);
  });
});
