import { formatSplitPercent, queryTradeRoute } from '@vendo/contract/api/splits';
import { formatMoney } from '@vendo/contract/money';
import { Button, Input, List, type InputRef } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useNativeFieldAria } from '../../../components/form/field';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { checkWithSchema } from '../../../lib/validation';
import { useTradeRoute } from '../api/query-trade-route';
import { accountText } from '../utils/accounts';

/**
 * "Where did this order's money go" (/k/queryTradeRoute): an order number in, one line per account and movement
 * out — its role, its share when the payment was booked, payment or refund, the amount, and whether a settlement
 * has paid it out (a split account's money is settled by the card's owner, which the seller is not told). For
 * those holding payout records (1036).
 */
export function TradeRoute() {
  const { t } = useTranslation('feeSplits');
  const locale = currentLocale();
  const route = useTradeRoute();
  const [orderno, setOrderno] = useState('');
  const [error, setError] = useState<string | undefined>();
  const orderRef = useNativeFieldAria<InputRef>('fs-orderno', error);
  const answer = route.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const invalid = checkWithSchema(queryTradeRoute.request, { orderno }, locale);
    if (invalid) {
      setError(invalid.orderno);
      return;
    }
    try {
      await route.mutateAsync(orderno.trim());
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };

  return (
    <section className="card fs-route" aria-labelledby="fs-route-title">
      <h2 id="fs-route-title" className="card-title">
        {t('route.title')}
      </h2>
      <p className="muted fs-hint">{t('route.text')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <List className="fs-route-form">
          <Field
            id="fs-orderno"
            label={t('route.orderno')}
            error={error}
            extra={
              <Button size="small" color="primary" type="submit" loading={route.isPending}>
                {t('route.query')}
              </Button>
            }
          >
            <Input
              id="fs-orderno"
              value={orderno}
              onChange={(v) => {
                setOrderno(v);
                setError(undefined);
              }}
              placeholder={t('route.placeholder')}
              clearable
              ref={orderRef}
            />
          </Field>
        </List>
      </form>
      {answer && !error ? (
        <div className="fs-route-answer" aria-live="polite">
          <p className="fs-route-head">{t('route.head', { orderno: answer.orderno, sn: answer.sn })}</p>
          {answer.lines.length === 0 ? (
            <p className="muted">{t('route.none')}</p>
          ) : (
            <ul className="fs-route-lines" aria-label={t('route.linesLabel', { orderno: answer.orderno })}>
              {answer.lines.map((line, i) => (
                <li key={`${line.merchant_id}-${line.kind}-${line.time}-${i}`} className="fs-route-line">
                  <div className="fs-route-line-head">
                    <span className="tag" data-role={line.role}>
                      {t(`roles.${line.role}`)}
                    </span>
                    <span className="fs-route-account">{accountText(line, t('manualAccount'))}</span>
                  </div>
                  <div className="fs-route-line-foot">
                    <span className="muted">
                      {t(`route.${line.kind}`)} ·{' '}
                      {t('route.share', { percent: formatSplitPercent(line.split_percent) })}
                    </span>
                    <strong className="fs-amount" data-negative={line.amount < 0}>
                      {formatMoney(line.amount, locale)}
                    </strong>
                  </div>
                  <div className="fs-route-line-foot">
                    <span className="muted">{formatDateTime(line.time)}</span>
                    {line.role === 'split' && line.settle_id === null ? (
                      // Another merchant's card: its settlement is that merchant's, not told to the seller.
                      <span className="muted">{t('route.holderSettles')}</span>
                    ) : (
                      <span className="fs-settled" data-settled={line.settle_id !== null}>
                        {line.settle_id !== null ? t('route.settled') : t('route.notSettled')}
                      </span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
