import { formatMoney } from '@vendo/contract/money';
import { DotLoading, SearchBar } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { useGoodsOptions } from '../api/get-goods-options';
import { failureOf } from '../utils/outcome';
import { BackLink } from './back-link';

export interface PickedGoods {
  goods_id: number;
  goods_name: string;
  price: number;
}

/** Goods to put on the shelf: a search over the merchant's goods, and "none" to leave it empty. */
export function GoodsPicker({
  current,
  onPick,
  onBack,
  onClose,
}: {
  current: number | null;
  onPick: (goods: PickedGoods | null) => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const [search, setSearch] = useState('');
  const goods = useGoodsOptions(search, true);
  const list = goods.data?.data ?? [];
  return (
    <SheetFrame title={t('shelfForm.pickGoods')} onClose={onClose} tall>
      <BackLink label={t('back')} onBack={onBack} />
      <div className="dv-picker-search">
        <SearchBar
          placeholder={t('shelfForm.searchGoods')}
          onSearch={(value) => setSearch(value.trim())}
          onClear={() => setSearch('')}
        />
      </div>
      <ul className="dv-pick-list">
        <li>
          <button
            type="button"
            className="dv-pick"
            aria-pressed={current === null}
            onClick={() => onPick(null)}
          >
            <span className="muted">{t('shelfForm.noGoods')}</span>
            {current === null ? <CheckOutline aria-hidden="true" /> : null}
          </button>
        </li>
        {list.map((g) => (
          <li key={g.goods_id}>
            <button
              type="button"
              className="dv-pick"
              aria-pressed={current === g.goods_id}
              onClick={() => onPick({ goods_id: g.goods_id, goods_name: g.goods_name, price: g.price })}
            >
              <span>{g.goods_name}</span>
              <span className="dv-pick-extra">
                {formatMoney(g.price, locale)}
                {current === g.goods_id ? <CheckOutline aria-hidden="true" /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {goods.isPending ? (
        <div className="dv-state" role="status">
          <DotLoading color="primary" />
        </div>
      ) : goods.isError ? (
        <p className="dv-note">{t('shelfForm.goodsFailed', { reason: failureOf(goods.error).msg })}</p>
      ) : list.length === 0 ? (
        <p className="dv-note">{search ? t('noMatch') : t('shelfForm.goodsNone')}</p>
      ) : null}
    </SheetFrame>
  );
}
