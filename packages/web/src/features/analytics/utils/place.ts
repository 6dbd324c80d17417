import type { StatsView } from './access';

/** What /sicAnalysisDetail shows: one area, one store or one machine (exactly one of ?area, ?store, ?sn). */
export type Place = { kind: 'area'; id: number } | { kind: 'store'; id: number } | { kind: 'sn'; sn: string };

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The place named by the address; null when none, more than one, or a malformed one is given. */
export function placeFromParams(params: URLSearchParams): Place | null {
  const area = params.get('area');
  const store = params.get('store');
  const sn = params.get('sn');
  if ([area, store, sn].filter((v) => v !== null).length !== 1) return null;
  if (area !== null) {
    const id = positiveId(area);
    return id === null ? null : { kind: 'area', id };
  }
  if (store !== null) {
    const id = positiveId(store);
    return id === null ? null : { kind: 'store', id };
  }
  return sn !== null && /^\d{1,20}$/.test(sn) ? { kind: 'sn', sn } : null;
}

/** The narrowing a call takes for the place (contract placeFields). */
export function placeCondition(place: Place): { area?: number; store?: number; sn?: string } {
  if (place.kind === 'area') return { area: place.id };
  if (place.kind === 'store') return { store: place.id };
  return { sn: place.sn };
}

/** The statistics permission a place's detail needs: areas 1025, stores 1026, machines 1027. */
export function placeView(place: Place): StatsView {
  return place.kind === 'sn' ? 'device' : place.kind;
}

/** A detail screen's address: the range parameters of the screen it is opened from, then what it shows. */
function detailPath(path: string, from: URLSearchParams, what: [string, string]): string {
  const params = new URLSearchParams();
  for (const key of ['range', 'start', 'end']) {
    const value = from.get(key);
    if (value !== null) params.set(key, value);
  }
  params.set(...what);
  return `${path}?${params.toString()}`;
}

/** The detail's address for a place. */
export function placePath(place: Place, from: URLSearchParams): string {
  return detailPath(
    '/sicAnalysisDetail',
    from,
    place.kind === 'sn' ? ['sn', place.sn] : [place.kind, String(place.id)],
  );
}

/** /sicGoodsDetail's goods. */
export function goodsIdFromParams(params: URLSearchParams): number | null {
  return positiveId(params.get('goods_id'));
}

/** The goods detail's address. */
export function goodsPath(goodsId: number, from: URLSearchParams): string {
  return detailPath('/sicGoodsDetail', from, ['goods_id', String(goodsId)]);
}
