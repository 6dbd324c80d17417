import type { RegionNode } from '@vendo/contract/api/catalog';

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/** How deep a pick goes: a store's province, city and district; a bank's province and city. */
export type RegionDepth = 2 | 3;

/**
 * The picker's options: the tree as it comes (cut after `depth` levels), names as labels and official codes as
 * values.
 */
export function regionOptions(tree: readonly RegionNode[], depth: RegionDepth = 3): RegionOption[] {
  return tree.map((node) =>
    node.children?.length && depth > 1
      ? {
          label: node.name,
          value: node.code,
          children: regionOptions(node.children, (depth - 1) as RegionDepth),
        }
      : { label: node.name, value: node.code },
  );
}

export interface PickedRegion {
  prov: string;
  prov_code: string;
  city: string;
  city_code: string;
  s_area: string;
  s_area_code: string;
}

export const NO_REGION: PickedRegion = {
  prov: '',
  prov_code: '',
  city: '',
  city_code: '',
  s_area: '',
  s_area_code: '',
};

/**
 * The region from the codes the picker gave, or null when the path stops early: a province needs a city, and
 * (at depth 3) a city with districts (or towns) needs one of them, as the server requires. Names are the
 * official full ones of the tree (广西壮族自治区, 宁夏回族自治区, 新疆维吾尔自治区), as banks expect them.
 */
export function pickRegion(
  tree: readonly RegionNode[],
  codes: readonly string[],
  depth: RegionDepth = 3,
): PickedRegion | null {
  const [provCode, cityCode, districtCode] = codes;
  const prov = tree.find((p) => p.code === provCode);
  const city = prov?.children?.find((c) => c.code === cityCode);
  if (!prov || !city) return null;
  const district = depth === 3 ? city.children?.find((d) => d.code === districtCode) : undefined;
  if (depth === 3 && city.children?.length && !district) return null;
  return {
    prov: prov.name,
    prov_code: prov.code,
    city: city.name,
    city_code: city.code,
    s_area: district?.name ?? '',
    s_area_code: district?.code ?? '',
  };
}

/** "广东省 / 深圳市 / 南山区", skipping the parts a store does not have. */
export function regionLabel(region: Pick<PickedRegion, 'prov' | 'city' | 's_area'>): string {
  return [region.prov, region.city, region.s_area].filter(Boolean).join(' / ');
}
