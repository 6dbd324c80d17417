import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { bankTodo, useBankStatus } from '../api/bank-status';
import { abnormalCountCall, devOnlineCountCall, homeQuery } from '../api/home-calls';
import { CheckIcon } from './tile-icons';

const countsStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, margin: '10px 0 0' };
const countStyle = (warn: boolean): CSSProperties => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 36,
  padding: '0 12px',
  borderRadius: 18,
  background: warn ? 'var(--vendo-warning-soft)' : 'var(--vendo-success-soft)',
  color: warn ? 'var(--adm-color-warning)' : 'var(--adm-color-success)',
  fontSize: 14,
  fontWeight: 600,
});

/**
 * The alerts of spec §2 home: pending abnormal orders, the bank-card tip ("add a bank card" until one is approved,
 * then "bind machines to a card" while some have none), and the machines online and offline, each a link to
 * where it is dealt with.
 */
export function AlertsCard() {
  const { t } = useTranslation('home');
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const seesDevices = can(user, 'deviceManage', now);
  const counts = useQuery(homeQuery(devOnlineCountCall, seesDevices));
  // A query switched off keeps what it last fetched: the counts of a role that has since lost device management.
  const data = seesDevices ? counts.data : undefined;
  const seesBills = can(user, 'buyBill', now);
  const abnormal = useQuery(homeQuery(abnormalCountCall, seesBills));
  const abnormalCount = seesBills ? (abnormal.data?.count ?? 0) : 0;
  const bank = useBankStatus(now);
  const todo = bank.sees && bank.status.data ? bankTodo(bank.status.data) : null;
  const unbound = bank.status.data?.unbound_devices ?? 0;
  return (
    <section className="card alerts-card" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="card-title">
        {t('alerts.title')}
      </h2>
      {abnormalCount > 0 || todo ? (
        <p style={countsStyle}>
          {abnormalCount > 0 ? (
            <Link to="/buyBill?abnormal=true" style={countStyle(true)}>
              {t('alerts.abnormal', { count: abnormalCount })}
            </Link>
          ) : null}
          {todo === 'addCard' ? (
            <Link to="/bankCard" style={countStyle(true)}>
              {t('alerts.addBankCard')}
            </Link>
          ) : null}
          {todo === 'bindMachines' ? (
            <Link to={seesDevices ? '/deviceManage?merchantId=0' : '/bankCard'} style={countStyle(true)}>
              {t('alerts.bindMachines', { count: unbound })}
            </Link>
          ) : null}
        </p>
      ) : null}
      {(!data || data.offline === 0) && abnormalCount === 0 && !todo ? (
        <p className="alerts-none">
          <CheckIcon />
          <span>{t('alerts.none')}</span>
        </p>
      ) : null}
      {data && data.total > 0 ? (
        <p style={countsStyle} aria-label={t('alerts.devices')}>
          <Link to="/deviceManage?alive=true" style={countStyle(false)}>
            {t('alerts.online', { count: data.online })}
          </Link>
          <Link to="/deviceManage?alive=false" style={countStyle(data.offline > 0)}>
            {t('alerts.offline', { count: data.offline })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
