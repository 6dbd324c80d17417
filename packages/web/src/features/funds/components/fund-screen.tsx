import type { FundAccount } from '@vendo/contract/api/funds';
import { formatMoney } from '@vendo/contract/money';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import fundsTexts from '../../../i18n/resources/funds';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useFunds } from '../api/get-funds';
import { accountRecordsPath } from '../utils/settle-filters';
import { accountBankText } from './account-name';
import { SandboxTag } from './sandbox-tag';
import './funds.css';

registerNamespace('funds', fundsTexts);

/** The four parts of an account's money, in the order it moves: taken, settled, sent, confirmed. */
const FIGURES = [
  ['notSettle', 'not_settle_amt'],
  ['toSettle', 'to_settle_amt'],
  ['settling', 'settling_amt'],
  ['settled', 'settled_amt'],
] as const satisfies readonly (readonly [string, keyof FundAccount])[];

function AccountCard({ account }: { account: FundAccount }) {
  const { t } = useTranslation('funds');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const manual = account.manual_transfer === 1;
  const title = accountBankText(account, t, locale);
  const titleId = `fund-${account.merchant_id || 'manual'}`;
  return (
    <li className="card fund-card" data-manual={manual} aria-labelledby={titleId}>
      <div className="fund-card-head">
        <h3 id={titleId} className="fund-card-title">
          {title}
        </h3>
        <span className="muted">{t('fund.machines', { count: account.dev_count })}</span>
      </div>
      {manual ? null : (
        <>
          <p className="fund-card-number">{account.acct_no_encry}</p>
          <p className="fund-card-owner">
            {[account.acct_name, account.stort_name].filter(Boolean).join(' · ')}
          </p>
          {account.bank_branch ? <p className="muted fund-card-branch">{account.bank_branch}</p> : null}
        </>
      )}
      <div className="fund-balance">
        <span className="fund-balance-label">{t('fund.balance')}</span>
        <strong className="fund-balance-value">{money(account.balance)}</strong>
      </div>
      <dl className="fund-figures" aria-label={t('fund.figures', { name: title })}>
        {FIGURES.map(([key, field]) => (
          <div key={key}>
            <dt>{t(`fund.${key}`)}</dt>
            <dd>{money(account[field])}</dd>
          </div>
        ))}
      </dl>
      {manual ? <p className="fund-manual-text">{t('fund.manualText')}</p> : null}
      <Link className="fund-card-link" to={accountRecordsPath(account)}>
        <span>{t('fund.records')}</span>
        <span className="visually-hidden"> · {[title, account.acct_no_encry].filter(Boolean).join(' ')}</span>
        <RightOutline aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * /fund (spec §2, §3 fund account, §9): each payout account's money — the balance held for the merchant and its
 * parts — with the manual-transfer account of machines without a card, how and when payouts go out, and the way to
 * each account's settlement records. Every figure is the server's (the sum of its ledger entries), never summed
 * here except the total of the balances.
 */
export default function FundScreen() {
  const { t } = useTranslation('funds');
  const locale = currentLocale();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const funds = useFunds('list');
  const list = funds.data?.data ?? [];
  // Cards first (the accounts a merchant chose), the manual-transfer account last.
  const accounts = [...list].sort((a, b) => a.manual_transfer - b.manual_transfer);
  const total = list.reduce((sum, a) => sum + a.balance, 0);
  const managesCards = can(user, 'bankCard', now);
  const sandbox = funds.data?.sandbox === true;

  return (
    <div className="page fund-page">
      <ListState
        pending={funds.isPending}
        failed={funds.isError && !funds.data}
        error={funds.error}
        onRetry={() => void funds.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide
              description={t('fund.empty')}
              actionText={managesCards ? t('fund.addCard') : undefined}
              onAction={managesCards ? () => void navigate('/bankCard?entry=new') : undefined}
            />
          </div>
        }
      >
        <section className="fund-total" aria-labelledby="fund-total-label">
          <div className="fund-total-head">
            <span id="fund-total-label">{t('fund.total')}</span>
            {sandbox ? <SandboxTag /> : null}
          </div>
          <strong className="fund-total-value">{formatMoney(total, locale)}</strong>
          <span className="fund-total-count">{t('fund.accounts', { count: list.length })}</span>
        </section>
        {sandbox ? <p className="muted fund-sandbox-note">{t('sandboxNote')}</p> : null}
        <ul className="fund-list" aria-label={t('fund.label')}>
          {accounts.map((account) => (
            <AccountCard key={account.merchant_id || 'manual'} account={account} />
          ))}
        </ul>
      </ListState>
      <section className="card fund-notes" aria-labelledby="fund-notes-title">
        <h2 id="fund-notes-title" className="card-title">
          {t('fund.scheduleTitle')}
        </h2>
        <ul className="fund-note-list">
          <li>{t('fund.schedule')}</li>
          <li>{t('fund.fee')}</li>
        </ul>
        <details className="fund-glossary">
          <summary>{t('fund.glossaryTitle')}</summary>
          <ul>
            <li>{t('fund.glossary.balance')}</li>
            <li>{t('fund.glossary.notSettle')}</li>
            <li>{t('fund.glossary.toSettle')}</li>
            <li>{t('fund.glossary.settling')}</li>
            <li>{t('fund.glossary.settled')}</li>
          </ul>
        </details>
      </section>
      <div className="fund-links">
        <Link className="chip" to="/settle">
          {t('fund.allRecords')}
          <RightOutline aria-hidden="true" />
        </Link>
        {managesCards ? (
          <Link className="chip" to="/bankCard">
            {t('fund.bindCards')}
            <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
        {managesCards ? (
          <Link className="chip" to="/feeSplitting">
            {t('fund.feeSplitting')}
            <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
        <Link className="chip" to="/profitSharing">
          {t('fund.profitSharing')}
          <RightOutline aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
