import type { RegionNode } from '@vendo/contract/api/catalog';
import { describe, expect, it } from 'vitest';
import { pickRegion, regionLabel, regionOptions } from './region-options';

const TREE: RegionNode[] = [
  {
    code: '440000',
    name: '广东省',
    children: [
      { code: '440300', name: '深圳市', children: [{ code: '440305', name: '南山区' }] },
      {
        code: '441900',
        name: '东莞市',
        children: [{ code: '441900003', name: '东城街道' }],
      },
    ],
  },
  { code: '810000', name: '香港特别行政区', children: [{ code: '810100', name: '香港岛' }] },
  {
    code: '450000',
    name: '广西壮族自治区',
    children: [{ code: '450100', name: '南宁市', children: [{ code: '450102', name: '兴宁区' }] }],
  },
];

describe('region options', () => {
  it('turns the tree into picker options, leaves without children', () => {
    const options = regionOptions(TREE);
    expect(options[0]).toMatchObject({ label: '广东省', value: '440000' });
    expect(options[0]?.children?.[0]?.children?.[0]).toEqual({ label: '南山区', value: '440305' });
    expect(options[1]?.children?.[0]).toEqual({ label: '香港岛', value: '810100' });
  });

  it('resolves a full path to names and codes', () => {
    expect(pickRegion(TREE, ['440000', '440300', '440305'])).toEqual({
      prov: '广东省',
      prov_code: '440000',
      city: '深圳市',
      city_code: '440300',
      s_area: '南山区',
      s_area_code: '440305',
    });
    // Cities without districts carry 9-digit towns.
    expect(pickRegion(TREE, ['440000', '441900', '441900003'])?.s_area).toBe('东城街道');
  });

  it('accepts a city without districts and refuses a path that stops early or strays', () => {
    expect(pickRegion(TREE, ['810000', '810100'])?.s_area_code).toBe('');
    expect(pickRegion(TREE, ['440000', '440300'])).toBeNull();
    expect(pickRegion(TREE, ['440000'])).toBeNull();
    expect(pickRegion(TREE, ['440000', '440300', '441900003'])).toBeNull();
  });

  it('stops at the city for a bank region, with the full official names', () => {
    expect(regionOptions(TREE, 2)[0]?.children?.[0]).toEqual({ label: '深圳市', value: '440300' });
    expect(pickRegion(TREE, ['450000', '450100'], 2)).toEqual({
      prov: '广西壮族自治区',
      prov_code: '450000',
      city: '南宁市',
      city_code: '450100',
      s_area: '',
      s_area_code: '',
    });
    expect(pickRegion(TREE, ['450000'], 2)).toBeNull();
  });

  it('labels a region with the parts it has', () => {
    expect(regionLabel({ prov: '广东省', city: '深圳市', s_area: '南山区' })).toBe(
      '广东省 / 深圳市 / 南山区',
    );
    expect(regionLabel({ prov: '', city: '', s_area: '' })).toBe('');
  });
});
