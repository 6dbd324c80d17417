import type { Channel } from '@vendo/contract/api/devices';
import { dispensesOneAtATime } from '@vendo/contract/constants';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/dialog/confirm';
import { useForm } from '../../../../components/form/use-form';
import type { OperSign } from '../../../../components/oper-pwd-keypad/use-oper-guard';
import { currentLocale } from '../../../../i18n/i18n';
import { useRemoteOuting } from '../../api/remote-outing';
import { dispenseQuantityError } from '../../utils/shelf-form-values';
import { ResultLine, Section, ShelfSelect } from './remote-parts';
import type { RemoteCalls } from './use-remote-calls';

/**
 * Dispense from one shelf after a confirmation: a whole quantity, not 0, and 1 on machines that hand out one item
 * at a time (the contract's rule, the quantity then fixed at 1).
 */
export function DispenseSection({
  sn,
  sign,
  type,
  shelves,
  calls,
}: {
  sn: string;
  sign: OperSign;
  type: string;
  shelves: readonly Channel[];
  calls: RemoteCalls;
}) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const outing = useRemoteOuting();
  const { values, set, errors, check } = useForm({ shelf: '', quantity: '1' });
  const oneAtATime = dispensesOneAtATime(type);
  const road = values.shelf || (shelves[0] ? String(shelves[0].channel_sn) : '');

  const dispense = async () => {
    const shelf = shelves.find((s) => String(s.channel_sn) === road);
    // Not more than the shelf holds: the server would refuse it as "shelf out of stock" after the confirmation.
    const error = dispenseQuantityError(values.quantity, type, locale, {
      label: t('remote.quantity'),
      stock: shelf?.quantity,
    });
    if (!check({ quantity: error ?? undefined })) return;
    const quantity = Number(values.quantity);
    const ok = await confirmAction({
      title: t('remote.dispense'),
      content: t('remote.dispenseConfirm', {
        count: quantity,
        n: road,
        name: shelf?.goods?.goods_name ?? shelf?.name ?? '',
      }),
      confirmText: t('remote.dispense'),
    });
    if (!ok) return;
    const body = { sn, goods: [{ channel_sn: Number(road), quantity }], sign };
    await calls.run(
      'dispense',
      '/d/remoteOuting',
      body,
      () => outing.mutateAsync(body),
      (a) =>
        t('remote.dispensed', {
          count: a.items.reduce((sum, item) => sum + item.delivered, 0),
          order: a.order,
        }),
    );
  };

  return (
    <Section
      title={t('remote.dispense')}
      hint={oneAtATime ? t('remote.oneAtATime') : t('remote.dispenseHint')}
    >
      <div className="dv-remote-row">
        <ShelfSelect shelves={shelves} value={road} onChange={set('shelf')} />
        <label className="dv-row-cell dv-narrow">
          <span>{t('remote.quantity')}</span>
          <input
            className="dv-native dv-box"
            inputMode="numeric"
            value={oneAtATime ? '1' : values.quantity}
            readOnly={oneAtATime}
            onChange={(e) => set('quantity')(e.target.value)}
            aria-invalid={errors.quantity ? true : undefined}
          />
        </label>
      </div>
      {errors.quantity ? (
        <p className="field-error" role="alert">
          {errors.quantity}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        disabled={!road}
        loading={outing.isPending}
        onClick={() => void dispense()}
      >
        {t('remote.dispense')}
      </Button>
      <ResultLine result={calls.results.dispense} />
    </Section>
  );
}
