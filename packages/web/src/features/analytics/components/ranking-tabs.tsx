import type { SortAttr } from '@vendo/contract/api/analytics';
import { RANKING_TOP } from '@vendo/contract/constants';
import { DEVICE_TYPE_LABELS, enumLabel } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import { currentLocale } from '../../../i18n/i18n';
import { useUserInfo } from '../../../lib/session';
import { useDevDays } from '../api/get-dev-days';
import { useGoodSum } from '../api/get-good-sum';
import { useStoreDays } from '../api/get-store-days';
import { maySee } from '../utils/access';
import type { ReportKind } from '@vendo/contract/api/analytics';
import { goodsPath, placePath } from '../utils/place';
import { rangeCondition } from '../utils/range';
import { GoodsThumb } from './goods-thumb';
import { RankingList, type RankingItem } from './ranking-list';
import { SectionHead } from './section-head';
import { Segmented } from './segmented';
import { StatsState, type StatsQuery } from './stats-state';
import { usePatchParams } from './use-page-param';

interface RankingCardProps {
  id: string;
  title: string;
  report: { kind: ReportKind; condition: Record<string, unknown>; subject: string };
  range: TimeRange;
  query: StatsQuery;
  emptyText: string;
  items: readonly RankingItem[];
  /** Between the title and the list (the goods' sort switch). */
  controls?: ReactNode;
}

/** A dashboard ranking: its title and download, the list, and the empty-state guide. */
function RankingCard({ id, title, report, range, query, emptyText, items, controls }: RankingCardProps) {
  return (
    <section className="card" aria-labelledby={id}>
      <SectionHead id={id} title={title}>
        <ReportDownload {...report} range={range} />
      </SectionHead>
      {controls}
      <StatsState
        query={query}
        empty={items.length === 0}
        emptyGuide={<EmptyGuide description={emptyText} />}
      >
        <RankingList label={title} items={items} />
      </StatsState>
    </section>
  );
}

/** The dashboard's store tab: the Top 6 stores by income; a row opens the store's analysis (1026). */
export function StoreRankingTab({ range }: { range: TimeRange }) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const locale = currentLocale();
  const query = useStoreDays(range);
  return (
    <RankingCard
      id="an-top-stores"
      title={t('dashboard.topStores', { count: RANKING_TOP.store })}
      report={{ kind: 'store', condition: rangeCondition(range), subject: t('report.subjects.store') }}
      range={range}
      query={query}
      emptyText={t('empty.stores')}
      items={(query.data?.data ?? []).map(({ store, area, figures }) => ({
        key: String(store._id),
        name: store.store_name,
        meta: area?.area_name,
        value: formatMoney(figures.income, locale),
        weight: figures.income,
        detail: t('figures.successOf', { count: figures.successCount }),
        to: maySee(user, 'store') ? placePath({ kind: 'store', id: store._id }, params) : undefined,
      }))}
    />
  );
}

/** The dashboard's device tab: the Top 6 machines by income; a row opens the machine's analysis (1027). */
export function DeviceRankingTab({ range }: { range: TimeRange }) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const locale = currentLocale();
  const query = useDevDays(range);
  return (
    <RankingCard
      id="an-top-devices"
      title={t('dashboard.topDevices', { count: RANKING_TOP.device })}
      report={{ kind: 'device', condition: rangeCondition(range), subject: t('report.subjects.device') }}
      range={range}
      query={query}
      emptyText={t('empty.devices')}
      items={(query.data?.data ?? []).map((row) => ({
        key: row.sn,
        name: row.title || t('untitled'),
        meta: [row.sn, enumLabel(DEVICE_TYPE_LABELS, row.type, locale), row.store?.store_name]
          .filter(Boolean)
          .join(' · '),
        value: formatMoney(row.figures.income, locale),
        weight: row.figures.income,
        detail: t('figures.successOf', { count: row.figures.successCount }),
        to: maySee(user, 'device') ? placePath({ kind: 'sn', sn: row.sn }, params) : undefined,
      }))}
    />
  );
}

/** By amount (income) or by volume (units), as the goods rankings offer. */
export function SortSwitch({ value, onChange }: { value: SortAttr; onChange: (sort: SortAttr) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <Segmented<SortAttr>
      label={t('sort.label')}
      options={[
        { key: 'income', title: t('sort.income') },
        { key: 'count', title: t('sort.count') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}

/** 'count' in the address picks the volume ranking; anything else the amount. */
export function sortFromParams(params: URLSearchParams): SortAttr {
  return params.get('sort') === 'count' ? 'count' : 'income';
}

/** The dashboard's goods tab: the Top 10 by amount or by volume; a row opens the goods' analysis (1035). */
export function GoodsRankingTab({
  range,
  sort,
  onSort,
}: {
  range: TimeRange;
  sort: SortAttr;
  onSort: (sort: SortAttr) => void;
}) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const locale = currentLocale();
  const query = useGoodSum(range, sort);
  const units = (count: number) => t('figures.unitsOf', { count });
  return (
    <RankingCard
      id="an-top-goods"
      title={t('dashboard.topGoods', { count: RANKING_TOP.goods })}
      report={{
        kind: 'goods',
        condition: { ...rangeCondition(range), sort_attr: sort },
        subject: t('report.subjects.goods'),
      }}
      range={range}
      query={query}
      emptyText={t('empty.goods')}
      controls={<SortSwitch value={sort} onChange={onSort} />}
      items={(query.data?.data ?? []).map((goods) => ({
        key: String(goods.goods_id),
        name: goods.goods_name,
        image: <GoodsThumb img={goods.img} name={goods.goods_name} />,
        value: sort === 'count' ? units(goods.count) : formatMoney(goods.income, locale),
        weight: sort === 'count' ? goods.count : goods.income,
        detail: sort === 'count' ? formatMoney(goods.income, locale) : units(goods.count),
        to: maySee(user, 'goods') ? goodsPath(goods.goods_id, params) : undefined,
      }))}
    />
  );
}

/**
 * The dashboard's store, device or goods tab, the sort of the goods' ranking held in the address. Its own chunk
 * (dashboard-screen.tsx): the dashboard opens on the sales tab, which needs none of this.
 */
export function RankingTab({ tab, range }: { tab: 'store' | 'device' | 'goods'; range: TimeRange }) {
  const [params] = useSearchParams();
  const patch = usePatchParams();
  if (tab === 'store') return <StoreRankingTab range={range} />;
  if (tab === 'device') return <DeviceRankingTab range={range} />;
  return (
    <GoodsRankingTab range={range} sort={sortFromParams(params)} onSort={(next) => patch({ sort: next })} />
  );
}
