import { formatMoney } from '@vendo/contract/money';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { useGoodsRanking } from '../api/get-goods-ranking';
import { goodsPath } from '../utils/place';
import { rangeCondition } from '../utils/range';
import { GoodsFigures } from './goods-figures';
import { GoodsThumb } from './goods-thumb';
import { SortSwitch, sortFromParams } from './ranking-tabs';
import { StatsList } from './stats-list';
import { StatsPicker } from './stats-picker';
import { usePageParam, usePatchParams } from './use-page-param';
import { useUrlRange } from './use-url-range';
import '../../../styles/list-page.css';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

function GoodsStats() {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const [params] = useSearchParams();
  const patch = usePatchParams();
  const [range, setRange] = useUrlRange(DEFAULT_TIME_RANGE_MODES, 'day');
  const [page, setPage] = usePageParam();
  const sort = sortFromParams(params);
  const query = useGoodsRanking(range, page, sort);
  const total = query.data?.total;
  return (
    <div className="page an-screen">
      <StatsPicker range={range} onChange={setRange} />
      <StatsList
        query={query}
        countText={(count) =>
          total
            ? t('goods.countWithTotals', {
                count,
                units: total.count,
                income: formatMoney(total.income, locale),
              })
            : t('goods.count', { count })
        }
        report={{
          kind: 'goods',
          condition: { ...rangeCondition(range), sort_attr: sort },
          subject: t('report.subjects.goods'),
        }}
        range={range}
        emptyText={t('empty.goods')}
        label={t('goods.list')}
        page={page}
        onPage={setPage}
        controls={<SortSwitch value={sort} onChange={(next) => patch({ sort: next })} />}
      >
        {(query.data?.data ?? []).map((goods) => (
          <li key={goods.goods_id}>
            <Link className="card an-item" to={goodsPath(goods.goods_id, params)}>
              <span className="an-item-head">
                <GoodsThumb img={goods.img} name={goods.goods_name} />
                <span className="an-item-title">{goods.goods_name}</span>
                <RightOutline className="an-item-chevron" aria-hidden="true" />
              </span>
              <GoodsFigures goods={goods} />
            </Link>
          </li>
        ))}
      </StatsList>
    </div>
  );
}

/** /sicGoods (spec §2): every goods sold in the range with units, income, price and shares (1035). */
export default function GoodsStatsScreen() {
  return <GoodsStats />;
}
