import { describe, expect, it } from 'vitest';
import { goodsIdFromParams, goodsPath, placeCondition, placeFromParams, placePath, placeView } from './place';

const params = (query: string) => new URLSearchParams(query);

describe('place', () => {
  it('reads exactly one of area, store or sn', () => {
    expect(placeFromParams(params('area=3'))).toEqual({ kind: 'area', id: 3 });
    expect(placeFromParams(params('store=12&range=week'))).toEqual({ kind: 'store', id: 12 });
    expect(placeFromParams(params('sn=860001'))).toEqual({ kind: 'sn', sn: '860001' });
    for (const bad of ['', 'area=3&store=4', 'area=0', 'area=x', 'store=-1', 'sn=86a', 'sn=']) {
      expect(placeFromParams(params(bad)), bad).toBeNull();
    }
  });

  it('narrows a call and names the permission of the place', () => {
    expect(placeCondition({ kind: 'store', id: 5 })).toEqual({ store: 5 });
    expect(placeCondition({ kind: 'sn', sn: '1' })).toEqual({ sn: '1' });
    expect(placeView({ kind: 'area', id: 1 })).toBe('area');
    expect(placeView({ kind: 'sn', sn: '1' })).toBe('device');
  });

  it('opens details with the range of the list, and nothing else of it', () => {
    const from = params('tab=store&page=3&range=custom&start=100&end=200&sn=999');
    expect(placePath({ kind: 'store', id: 7 }, from)).toBe(
      '/sicAnalysisDetail?range=custom&start=100&end=200&store=7',
    );
    expect(placePath({ kind: 'sn', sn: '860001' }, params('range=week&start=5'))).toBe(
      '/sicAnalysisDetail?range=week&start=5&sn=860001',
    );
    expect(goodsPath(9, params('sort=count'))).toBe('/sicGoodsDetail?goods_id=9');
    expect(goodsIdFromParams(params('goods_id=9'))).toBe(9);
    expect(goodsIdFromParams(params('goods_id=abc'))).toBeNull();
  });
});
