import type { Device } from '@vendo/contract/api/devices';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListState } from '../../../components/list-state/list-state';
import { useUserInfo } from '../../../lib/session';
import { useChannels } from '../api/get-channels';
import { storeStockPath } from '../utils/access';
import { fillPercent } from '../utils/stock';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import './sheet-texts';

/**
 * The machine's stock: what each shelf holds against its capacity, and the totals. The store's stock page is
 * one tap away when the Stock app is usable and the device stands in a store.
 */
function Inventory({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('deviceSheets');
  const navigate = useNavigate();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const channels = useChannels(device.sn);
  const shelves = channels.data?.data ?? [];
  const stocked = shelves.filter((s) => s.goods !== null);
  const quantity = stocked.reduce((sum, s) => sum + s.quantity, 0);
  const capacity = stocked.reduce((sum, s) => sum + s.capacity, 0);
  const empty = stocked.filter((s) => s.quantity === 0).length;
  const low = device.detail.stock_notify_threshold;
  const stockPath = user ? storeStockPath(user, device.store_id, now) : null;

  return (
    <SheetFrame title={t('inventory.title')} onClose={onClose} tall>
      <p className="dv-subtitle">{`${device.title || t('notSet')} · ${device.sn}`}</p>
      <ListState
        pending={channels.isPending}
        failed={channels.isError && !channels.data}
        error={channels.error}
        onRetry={() => void channels.refetch()}
      >
        <>
          <dl className="card dv-totals">
            <div>
              <dt>{t('inventory.units')}</dt>
              <dd>
                {quantity}
                <span className="muted">/{capacity}</span>
              </dd>
            </div>
            <div>
              <dt>{t('inventory.stocked')}</dt>
              <dd>
                {stocked.length}
                <span className="muted">/{shelves.length}</span>
              </dd>
            </div>
            <div>
              <dt>{t('inventory.empty')}</dt>
              <dd data-warn={empty > 0}>{empty}</dd>
            </div>
          </dl>
          {stockPath ? (
            <Button
              block
              fill="outline"
              color="primary"
              className="dv-stock-link"
              onClick={() => {
                onClose();
                void navigate(stockPath);
              }}
            >
              {t('inventory.storeStock', { store: device.store?.store_name ?? '' })}
            </Button>
          ) : null}
          {stocked.length === 0 ? (
            <p className="dv-note">{t('inventory.none')}</p>
          ) : (
            <ul className="card dv-stock-list" aria-label={t('inventory.title')}>
              {stocked.map((shelf) => {
                const isLow = low > 0 && shelf.quantity <= low;
                return (
                  <li key={shelf.id} data-low={isLow || shelf.quantity === 0}>
                    <span className="dv-shelf-no">{shelf.channel_sn}</span>
                    <span className="dv-stock-name">{shelf.goods?.goods_name}</span>
                    <span
                      className="dv-fill"
                      aria-label={t('shelves.stockOf', {
                        quantity: shelf.quantity,
                        capacity: shelf.capacity,
                      })}
                    >
                      <span className="dv-fill-bar" aria-hidden="true">
                        <span style={{ width: `${fillPercent(shelf.quantity, shelf.capacity)}%` }} />
                      </span>
                      <span className="dv-fill-text">
                        {shelf.quantity}/{shelf.capacity}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {low > 0 ? <p className="dv-hint dv-pad">{t('inventory.threshold', { count: low })}</p> : null}
        </>
      </ListState>
    </SheetFrame>
  );
}

export const InventorySheet = inSheet(Inventory);
