import { useTranslation } from 'react-i18next';
import { useAreaStoreTree } from './area-store-tree';

/**
 * The place chip's text once an area or store is picked: their names from the area/store tree. Its own chunk,
 * loaded only then, so that the device list opens without the catalog calls.
 */
export function PlaceLabel({ areaId, storeId }: { areaId: number | null; storeId: number | null }) {
  const { t } = useTranslation('devices');
  const { tree } = useAreaStoreTree();
  const areaName = tree.find((a) => a.id === areaId)?.name;
  const storeName = tree.flatMap((a) => a.stores).find((s) => s.id === storeId)?.name;
  return <>{[areaName ?? t('place.area'), storeName].filter(Boolean).join(' / ')}</>;
}
