/** The conditions both bill lists take (spec §3 pay-bill query conditions); prices are cents. */
export interface BillFilters {
  page: number;
  start: number;
  end: number;
  status: number | null;
  client: string | null;
  sn: string;
  orderNo: string;
  cardno: string;
  merchantOrder: string;
  priceStart: number | undefined;
  priceEnd: number | undefined;
  abnormal: boolean;
}

/** The request condition of a filter set; the picker's inclusive end becomes the exclusive end_time. */
export function billCondition(f: BillFilters) {
  return {
    start_time: f.start,
    end_time: f.end + 1,
    status: f.status ?? undefined,
    client: f.client ?? undefined,
    sn: f.sn || undefined,
    order_no: f.orderNo || undefined,
    cardno: f.cardno || undefined,
    merchant_order: f.merchantOrder || undefined,
    price_start: f.priceStart,
    price_end: f.priceEnd,
  };
}

/** The text and price conditions of the bill lists (the chips above the list carry the rest). */
export interface TextFilters {
  sn: string;
  orderNo: string;
  cardno: string;
  merchantOrder: string;
  priceStart: number | undefined;
  priceEnd: number | undefined;
}

export const NO_TEXT_FILTERS: TextFilters = {
  sn: '',
  orderNo: '',
  cardno: '',
  merchantOrder: '',
  priceStart: undefined,
  priceEnd: undefined,
};
