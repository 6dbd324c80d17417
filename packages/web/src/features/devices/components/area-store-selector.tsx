import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import { useAreaStoreTree } from './area-store-tree';

export interface AreaStorePick {
  areaId: number | null;
  storeId: number | null;
}

interface AreaStoreSelectorProps {
  visible: boolean;
  value: AreaStorePick;
  onClose: () => void;
  onPick: (pick: AreaStorePick) => void;
}

/**
 * The area/store tree selector of spec §2 /deviceManage: areas on the left, the chosen area's stores on the
 * right. "All areas" and "whole area" are picks too.
 */
export function AreaStoreSelector({ visible, ...props }: AreaStoreSelectorProps) {
  return (
    <Sheet visible={visible} onClose={props.onClose} closeOnMaskClick>
      <TreeBody {...props} />
    </Sheet>
  );
}

function TreeBody({ value, onClose, onPick }: Omit<AreaStoreSelectorProps, 'visible'>) {
  const { t } = useTranslation('devices');
  const { tree, pending, failed } = useAreaStoreTree();
  const [open, setOpen] = useState<number | null>(value.areaId);
  const area = tree.find((a) => a.id === open) ?? null;

  const pick = (next: AreaStorePick) => {
    onPick(next);
    onClose();
  };

  return (
    <SheetFrame title={t('place.title')} onClose={onClose} bodyClassName="dv-tree">
      {pending ? (
        <p className="muted dv-tree-note">{t('loading')}</p>
      ) : tree.length === 0 ? (
        <p className="muted dv-tree-note">{failed ? t('place.failed') : t('place.none')}</p>
      ) : (
        <div className="dv-tree-panes">
          <ul className="dv-tree-pane dv-tree-areas" aria-label={t('place.areas')}>
            <li>
              <button
                type="button"
                className="dv-tree-item"
                aria-pressed={open === null}
                onClick={() => pick({ areaId: null, storeId: null })}
              >
                {t('place.allAreas')}
              </button>
            </li>
            {tree.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="dv-tree-item"
                  aria-pressed={a.id === open}
                  aria-expanded={a.id === open}
                  onClick={() => setOpen(a.id)}
                >
                  {a.name}
                </button>
              </li>
            ))}
          </ul>
          <ul className="dv-tree-pane dv-tree-stores" aria-label={t('place.stores')}>
            {area ? (
              <>
                <li>
                  <button
                    type="button"
                    className="dv-tree-item"
                    aria-pressed={value.areaId === area.id && value.storeId === null}
                    onClick={() => pick({ areaId: area.id, storeId: null })}
                  >
                    <span>{t('place.wholeArea', { name: area.name })}</span>
                    {value.areaId === area.id && value.storeId === null ? (
                      <CheckOutline aria-hidden="true" />
                    ) : null}
                  </button>
                </li>
                {area.stores.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      className="dv-tree-item"
                      aria-pressed={value.storeId === s.id}
                      onClick={() => pick({ areaId: area.id, storeId: s.id })}
                    >
                      <span>{s.name}</span>
                      {value.storeId === s.id ? <CheckOutline aria-hidden="true" /> : null}
                    </button>
                  </li>
                ))}
                {area.stores.length === 0 ? (
                  <li className="muted dv-tree-note">{t('place.noStores')}</li>
                ) : null}
              </>
            ) : (
              <li className="muted dv-tree-note">{t('place.pickArea')}</li>
            )}
          </ul>
        </div>
      )}
    </SheetFrame>
  );
}
