import { useAreaOptions } from '../api/get-area-options';
import { useStoreOptions } from '../api/get-store-options';

/** Areas with their stores, for the selector and for naming the current pick on its chip. */
export function useAreaStoreTree() {
  const areas = useAreaOptions();
  const stores = useStoreOptions();
  const tree = (areas.data?.data ?? []).map((area) => ({
    id: area._id,
    name: area.area_name,
    stores: (stores.data?.data ?? [])
      .filter((store) => store.area._id === area._id)
      .map((store) => ({ id: store._id, name: store.store_name })),
  }));
  return { tree, pending: areas.isPending || stores.isPending, failed: areas.isError || stores.isError };
}
