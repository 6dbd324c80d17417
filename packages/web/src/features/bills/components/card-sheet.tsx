import { formatMoney } from '@vendo/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCard } from '../api/get-one-card';
import { orderBillPath } from '../utils/bill-filters';
import { statusTone } from '../utils/bills';
import { DetailList } from '../../../components/detail-list/detail-list';

export interface CardLookupProps {
  /** The card to show at once (a card number tapped in a bill); '' opens on the search box. */
  cardno: string;
  onClose: () => void;
}

/**
 * /c/getOneCard: a card's use on the caller's machines (within their stores): its kind, how often and how much
 * it paid, what was refunded, its first and last use, and its latest orders.
 */
function CardLookup({ cardno: initial, onClose }: CardLookupProps) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const [cardno, setCardno] = useState(initial);
  const card = useCard(cardno);
  const refused = card.error instanceof ApiError && card.error.rcode > 0 ? errorText(card.error) : null;
  const data = card.data;
  const figures: [string, string][] = data
    ? [
        [t('card.kind'), data.client_text],
        [t('card.count'), String(data.count)],
        [t('card.amount'), money(data.amount)],
        [t('card.refund'), money(data.refund)],
        [t('card.first'), data.first_time === null ? '' : formatDateTime(data.first_time)],
        [t('card.last'), data.last_time === null ? '' : formatDateTime(data.last_time)],
      ]
    : [];

  return (
    <SheetFrame title={t('card.title')} onClose={onClose} tall bodyClassName="bill-detail bill-card-lookup">
      <ListSearch placeholder={t('card.search')} defaultValue={initial} onSearch={setCardno} />
      {cardno === '' ? (
        <p className="muted">{t('card.intro')}</p>
      ) : refused ? (
        <p role="alert">{refused}</p>
      ) : (
        <ListState
          pending={card.isPending}
          failed={card.isError}
          error={card.error}
          onRetry={() => void card.refetch()}
          empty={data?.count === 0}
          emptyGuide={<p className="muted">{t('card.none')}</p>}
        >
          {data ? (
            <section aria-label={data.cardno}>
              <DetailList rows={figures} hideEmpty />
              <h3>{t('card.latest')}</h3>
              <ul className="bill-items">
                {data.orders.map((order) => (
                  <li key={order.orderno}>
                    <Link
                      className="bill-order-link"
                      to={orderBillPath(order.orderno, order.time)}
                      onClick={onClose}
                    >
                      <div className="bill-card-head">
                        <span className="bill-orderno">{order.orderno}</span>
                        <strong>{money(order.amount)}</strong>
                      </div>
                      <div className="bill-card-foot">
                        <span className="muted">
                          {formatDateTime(order.time)} · {order.sn}
                        </span>
                        <span className="bill-status" data-tone={statusTone(order.status, 0)}>
                          {order.status_text}
                        </span>
                      </div>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </ListState>
      )}
    </SheetFrame>
  );
}

export const CardSheet = inSheet(CardLookup);
