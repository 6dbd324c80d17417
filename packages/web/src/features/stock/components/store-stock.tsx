import { Button } from 'antd-mobile';
import { TruckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { useStoreStock } from '../api/get-store-stock';
import { useStoreOptions } from '../api/get-store-options';
import { fillPercent } from '../utils/stock-access';
import { GoodsCell } from './goods-cell';

interface StoreStockProps {
  store: number | null;
  onStoreChange: (store: number) => void;
  onBill: (store: number) => void;
}

/** One store's stock: its own entries and each machine's shelves (spec §7 /i/getStoreStockGroupByDev). */
export function StoreStock({ store, onStoreChange, onBill }: StoreStockProps) {
  const { t } = useTranslation('stock');
  const stores = useStoreOptions();
  const options = (stores.data?.data ?? []).map((s) => ({
    value: String(s._id),
    label: `${s.store_name} · ${s.area.area_name}`,
  }));
  const current = store ?? stores.data?.data[0]?._id ?? null;
  const stock = useStoreStock(current);
  const data = stock.data;

  if (stores.isSuccess && options.length === 0) {
    return <EmptyGuide description={t('stores.none')} />;
  }

  return (
    <section className="stock-list" aria-label={t('stores.label')}>
      <div className="filter-row">
        <FilterPicker
          label={t('store')}
          options={options}
          value={current !== null ? String(current) : null}
          placeholder={t('pickStore')}
          active
          disabled={!stores.isSuccess}
          onChange={(picked) => {
            const id = Number(picked);
            if (id > 0) onStoreChange(id);
          }}
        />
        <Button
          size="small"
          color="primary"
          className="toolbar-add"
          disabled={current === null}
          onClick={() => {
            if (current !== null) onBill(current);
          }}
        >
          <TruckOutline aria-hidden="true" /> {t('bill.open')}
        </Button>
      </div>
      <ListState
        pending={stores.isPending || (current !== null && stock.isPending)}
        failed={stock.isError && !stock.data}
        error={stock.error}
        onRetry={() => void stock.refetch()}
      >
        {data ? (
          <>
            <div className="card">
              <h3 className="card-title">{t('stores.own')}</h3>
              {data.store_stock.length === 0 ? (
                <p className="muted">{t('stores.ownEmpty')}</p>
              ) : (
                <ul className="plain-list">
                  {data.store_stock.map((row) => (
                    <li key={row.goods_detail.goods_id} className="bill-line">
                      <GoodsCell goods={row.goods_detail} size={40} />
                      <span className="bill-qty">{row.inventory}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {data.devices.length === 0 ? (
              <EmptyGuide description={t('stores.noMachines')} />
            ) : (
              data.devices.map((device) => (
                <section key={device.sn} className="card device-card" aria-label={device.title || device.sn}>
                  <h3 className="card-title">
                    {device.title || t('untitled')} <span className="muted">{device.sn}</span>
                  </h3>
                  <p className="muted device-sum">
                    {t('stores.machineHolds', { quantity: device.quantity, capacity: device.capacity })}
                    {' · '}
                    {t('stores.threshold', { count: device.stock_notify_threshold })}
                  </p>
                  <ul className="shelf-list">
                    {device.channels.map((shelf) => (
                      <li
                        key={shelf.channel_id}
                        className="shelf"
                        data-low={shelf.low}
                        data-off={!shelf.enabled}
                      >
                        <span className="shelf-no">{shelf.channel_sn}</span>
                        <span className="shelf-goods">
                          {shelf.goods_detail?.goods_name ?? (
                            <span className="muted">{t('stores.emptyShelf')}</span>
                          )}
                          {!shelf.enabled ? <span className="tag">{t('stores.disabled')}</span> : null}
                          {shelf.low && shelf.enabled ? (
                            <span className="tag tag-warn">{t('stores.low')}</span>
                          ) : null}
                        </span>
                        <span
                          className="shelf-fill"
                          role="img"
                          aria-label={t('stores.fill', {
                            quantity: shelf.quantity,
                            capacity: shelf.capacity,
                          })}
                        >
                          <span className="fill-bar" aria-hidden="true">
                            <span style={{ width: `${fillPercent(shelf.quantity, shelf.capacity)}%` }} />
                          </span>
                          <span aria-hidden="true">
                            {shelf.quantity}/{shelf.capacity}
                          </span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            )}
          </>
        ) : null}
      </ListState>
    </section>
  );
}
