import type { Channel } from '@vendo/contract/api/devices';
import type { Bill } from '@vendo/contract/api/orders';
import { DotLoading, List, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import type { OperGuard, OperSign } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useMachineShelves } from '../api/get-machine-shelves';
import { useReplaceGoods } from '../api/replace-goods';
import { shelfNumber } from '../utils/bills';
import { reverifyOnExpiry } from '../utils/reverify';

export interface ReplaceFormProps {
  bill: Bill;
  /** The user may list the machine's shelves (DeviceManage) and picks one; the others type its number. */
  seesShelves: boolean;
  guard: OperGuard;
  /** The machine vended: the order is dealt with. */
  onDone: () => void;
  onClose: () => void;
}

/** Shelves that can hand out the order's quantity: enabled, with goods, and enough of them. */
function vendableShelves(shelves: readonly Channel[], quantity: number): Channel[] {
  return shelves.filter((s) => s.enabled === 1 && s.goods_id !== null && s.quantity >= quantity);
}

/**
 * /b/replaceGoods for an abnormal or failed order: the machine vends it again from the order's shelf or from
 * another, after the operation password. The machine's answer (done, a fault, offline) shows here.
 */
function ReplaceForm({ bill, seesShelves, guard, onDone, onClose }: ReplaceFormProps) {
  const { t } = useTranslation('bills');
  const item = bill.goods[0];
  const own = item?.channel_sn ?? 0;
  const quantity = item?.quantity ?? 1;
  const shelves = useMachineShelves(bill.sn, seesShelves);
  const replace = useReplaceGoods();
  const [picked, setPicked] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);

  // Those who cannot list the shelves, or whose list failed to load, type the number.
  const list = seesShelves && !shelves.isError ? shelves.data?.data : undefined;
  const typing = !seesShelves || shelves.isError;
  const options = list ? vendableShelves(list, quantity) : [];
  const chosen = picked ?? (options.some((s) => s.channel_sn === own) ? own : options[0]?.channel_sn);

  const send = (sign: OperSign, channel: number | undefined) => {
    setMessage(null);
    replace.mutate(
      { orderno: bill.orderno, channel_sn: channel, sign },
      {
        onSuccess: () => {
          toast(t('replace.done'), { icon: 'success' });
          onDone();
        },
        onError: (error) => {
          if (!reverifyOnExpiry(guard, error, (fresh) => send(fresh, channel))) setMessage(errorText(error));
        },
      },
    );
  };

  const submit = () => {
    let channel: number | undefined;
    if (typing) {
      const parsed = shelfNumber(typed);
      if (parsed === null) {
        setTypedError(t('replace.shelfInvalid'));
        return;
      }
      channel = parsed;
    } else {
      if (chosen === undefined) return;
      channel = chosen;
    }
    guard.guard((sign) => send(sign, channel));
  };

  return (
    <SheetFrame
      title={t('replace.title')}
      onClose={onClose}
      onSubmit={typing || chosen !== undefined ? submit : undefined}
      submitText={t('replace.submit')}
      submitting={replace.isPending}
      message={message}
      bodyClassName="bill-replace"
    >
      <p className="muted">{t('replace.intro')}</p>
      {item ? (
        <p>
          <strong>{bill.orderno}</strong>
          <br />
          {t('replace.goods', { name: item.goods_name, quantity: item.quantity, n: own })}
        </p>
      ) : null}
      {typing ? (
        <List mode="card" className="bill-form">
          <InputField
            id="bill-replace-shelf"
            label={t('replace.shelfNumber')}
            inputMode="numeric"
            placeholder={String(own)}
            description={t('replace.shelfHint', { n: own })}
            value={typed}
            error={typedError}
            onChange={(value) => {
              setTyped(value);
              setTypedError(undefined);
            }}
          />
        </List>
      ) : shelves.isPending ? (
        <DotLoading color="primary" />
      ) : options.length === 0 ? (
        <p role="alert">{t('replace.noShelves')}</p>
      ) : (
        <div role="group" aria-label={t('replace.shelf')}>
          <h3>{t('replace.shelf')}</h3>
          <Radio.Group value={chosen} onChange={(value) => setPicked(Number(value))}>
            <div className="bill-shelves">
              {options.map((shelf) => (
                <Radio key={shelf.id} value={shelf.channel_sn}>
                  {t('replace.shelfOption', {
                    n: shelf.channel_sn,
                    name: shelf.goods?.goods_name || shelf.name,
                    count: shelf.quantity,
                  })}
                  {shelf.channel_sn === own ? ` (${t('replace.same')})` : ''}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </div>
      )}
    </SheetFrame>
  );
}

export const ReplaceSheet = inSheet(ReplaceForm);
