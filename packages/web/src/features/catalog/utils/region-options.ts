import type { RegionNode } from '@vendo/contract/api/catalog';

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/** The picker's options: the tree as it comes, names as labels and official codes as values. */
export function regionOptions(tree: readonly RegionNode[]): RegionOption[] {
  return tree.map((node) =>
    node.children?.length
      ? { label: node.name, value: node.code, children: regionOptions(node.children) }
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
 * The store's region from the codes the picker gave, or null when the path stops early: a province needs a
 * city, and a city with districts (or towns) needs one of them, as the server requires.
 */
export function pickRegion(tree: readonly RegionNode[], codes: readonly string[]): PickedRegion | null {
  const [provCode, cityCode, districtCode] = codes;
  const prov = tree.find((p) => p.code === provCode);
  const city = prov?.children?.find((c) => c.code === cityCode);
  if (!prov || !city) return null;
  const district = city.children?.find((d) => d.code === districtCode);
  if (city.children?.length && !district) return null;
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
