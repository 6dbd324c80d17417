import { describe, expect, it } from 'vitest';
import type { RegionNode } from '@vendo/contract/api/catalog';
import { NO_REGION, Regions } from './regions';

describe('regions', () => {
  const regions = Regions.load();

  it('holds the 31 mainland provinces with 6-digit codes, every code once', () => {
    expect(regions.tree).toHaveLength(31);
    const codes: string[] = [];
    const walk = (nodes: RegionNode[], depth: number) => {
      for (const node of nodes) {
        codes.push(node.code);
        expect(node.code, node.name).toMatch(depth < 2 ? /^\d{6}$/ : /^(\d{6}|\d{9})$/);
        if (depth === 0) expect(node.code.endsWith('0000'), node.name).toBe(true);
        if (node.children) walk(node.children, depth + 1);
      }
    };
    walk(regions.tree, 0);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(3000);
  });

  it('resolves a consistent path to its names, or refuses it', () => {
    expect(regions.resolve('440000', '440300', '440305')).toEqual({
      prov: '广东省',
      prov_code: '440000',
      city: '深圳市',
      city_code: '440300',
      district: '南山区',
      district_code: '440305',
    });
    expect(regions.resolve('', '', '')).toEqual(NO_REGION);
    expect(regions.resolve('440000', '440300', '110101')).toBeNull();
    expect(regions.resolve('110000', '440300', '440305')).toBeNull();
    expect(regions.resolve('440300', '440305', '')).toBeNull();
    expect(regions.resolve('', '', '440305')).toBeNull();
    expect(regions.resolve('440000', '441900', '441900003')?.district).toBe('东城街道');
  });

  it('is shared by every app of the process and ready to send', () => {
    expect(Regions.load()).toBe(regions);
    expect(regions.asset.gzip.length).toBeLessThan(regions.asset.json.length / 2);
    expect(regions.asset.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });
});
