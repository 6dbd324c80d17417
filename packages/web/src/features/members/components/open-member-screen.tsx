import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { COUPON_RECEIPT_LABELS, COUPON_RECEIPT_STATES, couponTermsText } from '@vendo/contract/api/coupons';
import {
  getMemberBill,
  getMemberCardCoupon,
  getMemberSelf,
  type Member,
  type MemberBill,
  type MemberCoupon,
} from '@vendo/contract/api/members';
import { orderStatusText } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import type { RCODE } from '@vendo/contract/rcodes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import membersTexts from '../../../i18n/resources/members';
import { ApiError, callApi, loadFailureText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { queryKeyOf } from '../../../lib/query-keys';
import { readMemberCert } from '../../../lib/session';
import { local, LOGIN_KEYS } from '../../../lib/storage';
import { MemberAvatar } from './member-avatar';
import { MemberMessage } from './member-message';
import './open-member.css';

registerNamespace('members', membersTexts);

// Typed against the contract's catalogue without loading the catalogue's texts.
const INVALID_CERT: (typeof RCODE)['INVALID_CERT'] = 607;

/** Bill lines and coupons a page ("load more" asks for the next). */
const PAGE_SIZE = 10;

type View = 'card' | 'bill' | 'coupons';
type CouponFilter = (typeof COUPON_RECEIPT_STATES)[number] | '';

function viewOf(value: string | null): View {
  return value === 'bill' || value === 'coupons' ? value : 'card';
}

/**
 * /open-member (spec §1, §2 "my member", §7 the member calls): the customer's member card at one merchant —
 * avatar (or initials), nickname, card number, points, balance (no stored value exists: 0, and it says so), total
 * spend — with entries to their purchase history (/member/getBill) and their coupons (/member/getCardCoupon).
 * The view lives in the address (?view=bill), so the phone's back button returns to the card. The member calls
 * carry the stored cert; without a valid one ("invalid cert") the page says how to get a new one.
 */
export default function OpenMemberScreen() {
  const { t } = useTranslation('members');
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const self = useQuery({
    queryKey: queryKeyOf(getMemberSelf),
    queryFn: () => callApi(getMemberSelf, {}, { quiet: true }),
    retry: false,
  });
  // Whether this phone held a cert when the page opened: a refused one has expired, none was never handed over.
  const [hadCert] = useState(() => readMemberCert() !== null);
  const invalid = self.error instanceof ApiError && self.error.rcode === INVALID_CERT;
  // A cert the server no longer accepts is of no use: the next visit is told to get a new one.
  useEffect(() => {
    if (invalid) local.remove(LOGIN_KEYS.memberInfo);
  }, [invalid]);

  if (self.isPending) return <MemberMessage busy text={t('open.opening')} />;
  if (self.isError) {
    return (
      <MemberMessage
        tone="error"
        text={
          invalid
            ? t(hadCert ? 'open.invalid' : 'open.none')
            : // The server's words when it answered (the merchant's member card not available now, …).
              self.error instanceof ApiError && self.error.rcode > 0
              ? self.error.msg
              : t('open.loadFailed')
        }
        action={
          invalid ? null : (
            <button type="button" className="open-member-button" onClick={() => void self.refetch()}>
              {t('open.retry')}
            </button>
          )
        }
      />
    );
  }

  const go = (next: View) => setParams(next === 'card' ? {} : { view: next });
  return (
    <div className="open-member">
      <h1 className="open-member-title">{t('open.title')}</h1>
      {view === 'card' ? <MemberCard member={self.data.data} onOpen={go} /> : null}
      {view === 'bill' ? <BillView onBack={() => go('card')} /> : null}
      {view === 'coupons' ? <CouponsView onBack={() => go('card')} /> : null}
    </div>
  );
}

function MemberCard({ member, onOpen }: { member: Member; onOpen: (view: View) => void }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  return (
    <>
      <section className="open-member-card" aria-label={t('open.cardLabel')}>
        <div className="open-member-who">
          <MemberAvatar
            nickname={member.nickname}
            headimgurl={member.headimgurl}
            seed={member.cardno}
            size={60}
          />
          <div>
            <p className="open-member-name">{member.nickname}</p>
            {member.mch_name ? (
              <p className="open-member-of">{t('open.memberOf', { name: member.mch_name })}</p>
            ) : null}
            <p className="open-member-cardno">
              {t('open.cardno')} <span data-testid="member-cardno">{member.cardno}</span>
            </p>
          </div>
        </div>
        <dl className="open-member-figures">
          <div>
            <dt>{t('open.points')}</dt>
            <dd data-testid="member-points">{member.point}</dd>
          </div>
          <div>
            <dt>{t('open.balance')}</dt>
            <dd>{formatMoney(member.balance, locale)}</dd>
          </div>
          <div>
            <dt>{t('open.spend')}</dt>
            <dd>{formatMoney(member.spend, locale)}</dd>
          </div>
        </dl>
        <p className="open-member-note">{t('open.balanceNote')}</p>
      </section>
      <nav className="open-member-entries" aria-label={t('open.entries')}>
        <button type="button" className="open-member-entry" onClick={() => onOpen('bill')}>
          <span className="open-member-entry-name">{t('open.bill')}</span>
          <span className="open-member-entry-hint">{t('open.billHint')}</span>
          <span className="open-member-chevron" aria-hidden="true">
            ›
          </span>
        </button>
        <button type="button" className="open-member-entry" onClick={() => onOpen('coupons')}>
          <span className="open-member-entry-name">{t('open.coupons')}</span>
          <span className="open-member-entry-hint">{t('open.couponsHint')}</span>
          <span className="open-member-chevron" aria-hidden="true">
            ›
          </span>
        </button>
      </nav>
    </>
  );
}

/** A list view's head: back to the card, and the view's name. */
function ViewHead({ id, title, onBack }: { id: string; title: string; onBack: () => void }) {
  const { t } = useTranslation('members');
  return (
    <div className="open-member-view-head">
      <button type="button" className="open-member-back" onClick={onBack}>
        ‹ {t('open.back')}
      </button>
      <h2 id={id}>{title}</h2>
    </div>
  );
}

/** Pages of a member list call, gathered for "load more". */
function usePages<T>(
  key: readonly unknown[],
  fetchPage: (page: number) => Promise<{ data: T[]; count: number }>,
) {
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.data.length, 0) < last.count && last.data.length > 0
        ? all.length + 1
        : undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  return { query, rows, count };
}

/** Paging fields as the member calls take them (spec §7). */
const paging = (page: number) => ({ pageNum: page, pageSize: PAGE_SIZE, step: page === 1 ? 'start' : null });

function ListFoot(props: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation('members');
  if (!props.query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="open-member-button open-member-more"
      disabled={props.query.isFetchingNextPage}
      onClick={() => void props.query.fetchNextPage()}
    >
      {t('open.more')}
    </button>
  );
}

/**
 * A member list's loading, failed or empty line, in the page's own look: a refusal in the server's words (as the
 * app's ListState says it), else "could not load".
 */
function ListStatus(props: {
  pending: boolean;
  failed: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('members');
  if (props.pending)
    return (
      <p className="open-member-muted" role="status">
        {t('open.loading')}
      </p>
    );
  if (props.failed) {
    return (
      <div className="open-member-muted" role="alert">
        <p>{loadFailureText(props.error, t('open.loadFailed'))}</p>
        <button type="button" className="open-member-button" onClick={props.onRetry}>
          {t('open.retry')}
        </button>
      </div>
    );
  }
  return props.empty ? <p className="open-member-muted">{props.emptyText}</p> : null;
}

/** The member's orders at this merchant, newest first. */
function BillView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const { query, rows, count } = usePages<MemberBill>([getMemberBill.path, 'pages'], (page) =>
    callApi(getMemberBill, { ...paging(page), condition: {} }, { quiet: true }),
  );
  return (
    <section className="open-member-view" aria-labelledby="open-member-bill">
      <ViewHead id="open-member-bill" title={t('open.bill')} onBack={onBack} />
      {rows.length > 0 ? <p className="open-member-muted">{t('open.count', { count })}</p> : null}
      <ListStatus
        pending={query.isPending}
        failed={query.isError && rows.length === 0}
        error={query.error}
        empty={rows.length === 0}
        emptyText={t('open.billEmpty')}
        onRetry={() => void query.refetch()}
      />
      {rows.length > 0 ? (
        <ul className="open-member-list" aria-label={t('open.bill')}>
          {rows.map((row) => (
            <li key={row.order_no} className="open-member-row">
              <div className="open-member-row-main">
                <p className="open-member-row-name">{row.goods_name}</p>
                <p className="open-member-row-amount">{formatMoney(row.amount, locale)}</p>
              </div>
              <p className="open-member-row-meta">
                {formatDateTime(row.time)} · {row.machine_name || row.sn}
              </p>
              <p className="open-member-row-meta">
                <span>{orderStatusText({ status: row.status, refund: row.refund_fee }, locale)}</span>
                {row.refund_fee > 0 ? (
                  <span> · {t('open.refund', { amount: formatMoney(row.refund_fee, locale) })}</span>
                ) : null}
                {row.points !== 0 ? (
                  <span className="open-member-row-points">
                    {' '}
                    ·{' '}
                    {row.points > 0
                      ? t('open.earned', { count: row.points })
                      : t('open.lost', { count: row.points })}
                  </span>
                ) : null}
              </p>
              <p className="open-member-row-no">{row.order_no}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <ListFoot query={query} />
    </section>
  );
}

/** The member's coupons of this merchant: all, or those unused, in an unpaid order, or used. */
function CouponsView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const [status, setStatus] = useState<CouponFilter>('');
  const { query, rows } = usePages<MemberCoupon>([getMemberCardCoupon.path, 'pages', status], (page) =>
    callApi(getMemberCardCoupon, { ...paging(page), condition: status ? { status } : {} }, { quiet: true }),
  );
  const filters: { value: CouponFilter; label: string }[] = [
    { value: '', label: t('open.allStates') },
    ...COUPON_RECEIPT_STATES.map((s) => ({ value: s, label: COUPON_RECEIPT_LABELS[s][locale] })),
  ];
  return (
    <section className="open-member-view" aria-labelledby="open-member-coupons">
      <ViewHead id="open-member-coupons" title={t('open.coupons')} onBack={onBack} />
      <div className="open-member-filters" role="group" aria-label={t('open.couponsFilter')}>
        {filters.map((f) => (
          <button
            key={f.value || 'all'}
            type="button"
            className="open-member-filter"
            aria-pressed={status === f.value}
            onClick={() => setStatus(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>
      <ListStatus
        pending={query.isPending}
        failed={query.isError && rows.length === 0}
        error={query.error}
        empty={rows.length === 0}
        emptyText={t('open.couponsEmpty')}
        onRetry={() => void query.refetch()}
      />
      {rows.length > 0 ? (
        <ul className="open-member-list" aria-label={t('open.coupons')}>
          {rows.map((c) => (
            <li key={c.receipt_id} className="open-member-coupon" data-status={c.status}>
              <div className="open-member-row-main">
                <p className="open-member-row-name">{c.name}</p>
                <span className="open-member-state">{COUPON_RECEIPT_LABELS[c.status][locale]}</span>
              </div>
              <p className="open-member-coupon-terms">{couponTermsText(c, locale)}</p>
              <p className="open-member-row-meta">
                {t('open.validity', { start: c.use_start, end: c.use_end })}
                {c.points > 0 ? ` · ${t('open.pointsCost', { count: c.points })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <ListFoot query={query} />
    </section>
  );
}
