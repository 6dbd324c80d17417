import type { SplitConfig } from '@vendo/contract/api/splits';
import { Button } from 'antd-mobile';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { registerNamespace } from '../../../i18n/i18n';
import feeSplitsTexts from '../../../i18n/resources/fee-splits';
import { lazyComponent } from '../../../lib/lazy-component';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useApprovedCards } from '../api/get-approved-cards';
import { useSplitConfigs } from '../api/get-split-configs';
import { SplitConfigCard } from './split-config-card';
import { TradeRoute } from './trade-route';
import '../../../styles/list-page.css';
import './fee-splits.css';

registerNamespace('feeSplits', feeSplitsTexts);

const SplitEditor = lazyComponent(() => import('./split-editor').then((m) => m.SplitEditorSheet));

/**
 * /feeSplitting (spec §2, §3 bank_split; issue 16): the merchant's split configurations — main card and its share,
 * split accounts and theirs, the payments split, version and validity — with "new" and "edit" in a sheet, and,
 * for those holding payout records (1036), where one order's money went.
 */
export default function FeeSplittingScreen() {
  const { t } = useTranslation('feeSplits');
  const navigate = useNavigate();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const configs = useSplitConfigs();
  const cards = useApprovedCards();
  // The editor once opened: a new configuration (null) or one to change.
  const editing = useOpenedSheet<SplitConfig | null>();
  const list = configs.data?.data ?? [];
  const noCard = cards.isSuccess && cards.data.data.length === 0;
  const seesMoney = can(user, 'settle', now);
  const open = editing.open;

  const guide = noCard ? (
    <EmptyGuide
      description={t('list.noCard')}
      actionText={t('list.addCard')}
      onAction={() => void navigate('/bankCard?entry=new')}
    />
  ) : (
    <EmptyGuide description={t('list.empty')} actionText={t('list.add')} onAction={() => open(null)} />
  );

  return (
    <div className="page fs-page">
      <div className="fs-toolbar">
        <Button color="primary" onClick={() => open(null)} disabled={noCard}>
          <AddOutline aria-hidden="true" /> {t('list.add')}
        </Button>
        {seesMoney ? (
          <Link className="chip" to="/profitSharing">
            {t('list.toProfit')}
            <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {configs.data && list.length > 0 ? (
        <p className="muted fs-count" aria-live="polite">
          {t('list.count', { count: configs.data.count })}
        </p>
      ) : null}
      <ListState
        pending={configs.isPending}
        failed={configs.isError && !configs.data}
        error={configs.error}
        onRetry={() => void configs.refetch()}
        empty={list.length === 0}
        emptyGuide={<div className="card">{guide}</div>}
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((config) => (
            <SplitConfigCard key={config.bank_split_id} config={config} onEdit={() => open(config)} />
          ))}
        </ul>
      </ListState>
      <section className="card fs-how" aria-labelledby="fs-how-title">
        <h2 id="fs-how-title" className="card-title">
          {t('list.howTitle')}
        </h2>
        <p className="muted">{t('list.how')}</p>
      </section>
      {seesMoney ? <TradeRoute /> : null}
      {editing.opened ? (
        <SplitEditor
          key={editing.opened.key}
          visible={editing.opened.open}
          config={editing.opened.subject}
          onClose={editing.close}
        />
      ) : null}
    </div>
  );
}
