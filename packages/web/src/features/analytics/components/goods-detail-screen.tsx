import { formatMoney } from '@vendo/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { useGoodStore } from '../api/get-good-store';
import { useGoodsDay } from '../api/get-goods-day';
import { useGoodsHours } from '../api/get-goods-hours';
import { rangeCondition } from '../utils/range';
import { goodsIdFromParams } from '../utils/place';
import { GoodsFigures } from './goods-figures';
import { GoodsThumb } from './goods-thumb';
import { SeriesSwitch, type SeriesBy } from './series-card';
import { GoodsChart } from './series-chart';
import { SectionHead } from './section-head';
import { StatsPicker } from './stats-picker';
import { StatsState } from './stats-state';
import { useUrlRange } from './use-url-range';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

/** The goods store by store: area and store names, units and income (spec §3 goods by store). */
function ByStore({ range, goodsId }: { range: TimeRange; goodsId: number }) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const query = useGoodStore(range, goodsId);
  const rows = query.data?.data ?? [];
  return (
    <section className="card" aria-labelledby="an-by-store">
      <SectionHead id="an-by-store" title={t('goods.byStore')}>
        <ReportDownload
          kind="goodsDetail"
          condition={{ ...rangeCondition(range), goods_id: goodsId }}
          range={range}
          subject={t('report.subjects.goodsDetail', {
            name: query.data?.goods.goods_name ?? t('detail.goodsId', { id: goodsId }),
          })}
        />
      </SectionHead>
      <StatsState
        query={query}
        empty={rows.length === 0}
        emptyGuide={<EmptyGuide description={t('empty.goodsStores')} />}
      >
        <table className="an-table">
          <thead>
            <tr>
              <th scope="col">{t('goods.store')}</th>
              <th scope="col">{t('figures.units')}</th>
              <th scope="col">{t('figures.income')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.store_id}>
                <th scope="row">
                  <span className="an-table-name">{row.store_name || t('goods.noStore')}</span>
                  {row.area_name ? <span className="an-table-meta">{row.area_name}</span> : null}
                </th>
                <td>{row.count}</td>
                <td>{formatMoney(row.income, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StatsState>
    </section>
  );
}

function GoodsDetail({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation('analytics');
  const [range, setRange] = useUrlRange(DEFAULT_TIME_RANGE_MODES, 'day');
  const [by, setBy] = useState<SeriesBy>(() => (range.mode === 'day' ? 'hour' : 'day'));
  const day = useGoodsDay(range, goodsId, by === 'day');
  const hour = useGoodsHours(range, goodsId, by === 'hour');
  const query = by === 'day' ? day : hour;
  const goods = query.data?.goods ?? day.data?.goods ?? hour.data?.goods;
  return (
    <div className="page an-screen">
      <header className="an-detail-head an-goods-head">
        {goods ? <GoodsThumb img={goods.img} name={goods.goods_name} /> : null}
        <h2>{goods?.goods_name ?? t('detail.goodsId', { id: goodsId })}</h2>
      </header>
      <StatsPicker range={range} onChange={setRange} />
      <section className="card" aria-labelledby="an-goods-series">
        <SectionHead id="an-goods-series" title={t('series.title')} />
        <SeriesSwitch by={by} onBy={setBy} />
        <StatsState query={query}>
          {query.data ? (
            <>
              <GoodsFigures goods={query.data.goods} />
              {query.data.goods.count === 0 ? (
                <EmptyGuide description={t('empty.goodsSales')} />
              ) : (
                <GoodsChart records={query.data.records} bucket={by} label={t(`chart.${by}`)} />
              )}
            </>
          ) : null}
        </StatsState>
      </section>
      <ByStore range={range} goodsId={goodsId} />
    </div>
  );
}

/** /sicGoodsDetail?goods_id=ID (spec §2): one goods by hour, by day and by store (1035). */
export default function GoodsDetailScreen() {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const goodsId = goodsIdFromParams(params);
  if (goodsId === null) return <EmptyGuide description={t('detail.badLink')} />;
  return <GoodsDetail goodsId={goodsId} />;
}
