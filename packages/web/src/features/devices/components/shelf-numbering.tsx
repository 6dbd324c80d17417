import { SHELF_LIMITS, type PushOutcome } from '@vendo/contract/api/devices';
import { DotLoading, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form/form-submit';
import { useForm } from '../../../components/form/use-form';
import { isOperSignExpired, type OperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useNumbering } from '../api/get-numbering';
import { useResetNumbering } from '../api/reset-numbering';
import { useSetChannelCount } from '../api/set-channel-count';
import { wholeNumber } from '../utils/form-errors';
import { failureOf } from '../utils/outcome';
import { numberingErrors } from '../utils/shelf-form-values';
import { InputField } from '../../../components/form/input-field';
import { FailureStatus } from './push-status';
import { BackLink } from './back-link';

interface ShelfAdminProps {
  sn: string;
  /** How many shelves the machine has now. */
  count: number;
  subtitle: string;
  guard: OperGuard;
  /** Back to the list of shelves. */
  onBack: () => void;
  /** Closes the whole sheet. */
  onClose: () => void;
  onSaved: (push: PushOutcome) => void;
}

/**
 * Runs a change that needs the operator sign; a sign the server finds lapsed is dropped and the keypad asked
 * again before the change is retried once.
 */
function useSigned(guard: OperGuard) {
  const [failure, setFailure] = useState<{ rcode: number; msg: string } | null>(null);
  const run = (send: (sign: string | undefined) => Promise<void>) => {
    setFailure(null);
    guard.guard((sign) => {
      send(sign).catch((error: unknown) => {
        if (isOperSignExpired(error)) {
          guard.expire();
          guard.guard((fresh) => void send(fresh).catch((again: unknown) => setFailure(failureOf(again))));
          return;
        }
        setFailure(failureOf(error));
      });
    });
  };
  return { run, failure };
}

/** Custom shelf numbering (spec §5, permission 1034): a number per shelf, never 0, never twice. */
export function ShelfNumbering({ sn, subtitle, guard, onBack, onClose, onSaved }: ShelfAdminProps) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const numbering = useNumbering(sn, true);
  const reset = useResetNumbering();
  // Numbers as typed, by shelf id; a shelf not edited shows its number.
  const { values: edits, update, errors, check } = useForm<Record<string, string>>({});
  const signed = useSigned(guard);
  const rows = (numbering.data?.data ?? []).map((row) => ({
    ...row,
    text: edits[String(row.id)] ?? String(row.channel_sn),
  }));

  const submit = () => {
    const typed = rows.map((row) => ({ id: row.id, position: row.position, channel_sn: row.text }));
    if (!check(numberingErrors(typed, locale, (position) => t('numbering.slot', { position })))) return;
    const channel = typed.map((row) => ({ id: row.id, channel_sn: wholeNumber(row.channel_sn) }));
    signed.run(async (sign) => {
      const answer = await reset.mutateAsync({ sn, channel, sign });
      toast(t('saved'), { icon: 'success' });
      onSaved(answer.push);
    });
  };

  return (
    <SheetFrame
      title={t('numbering.title')}
      onClose={onClose}
      onSubmit={submit}
      submitting={reset.isPending}
      tall
      footer={
        <>
          {signed.failure ? <FailureStatus title={t('shelves.failed')} {...signed.failure} /> : null}
          <FormSubmit submitting={reset.isPending}>{t('save')}</FormSubmit>
        </>
      }
    >
      <BackLink label={t('shelves.title')} onBack={onBack} />
      <p className="dv-subtitle">{subtitle}</p>
      <p className="dv-intro">{t('numbering.intro')}</p>
      {numbering.isPending ? (
        <div className="dv-state" role="status">
          <DotLoading color="primary" />
        </div>
      ) : (
        <List mode="card" className="dv-form">
          {rows.map((row) => {
            const id = `number-${row.id}`;
            const error = errors[String(row.id)];
            return (
              <InputField
                key={row.id}
                id={id}
                label={t('numbering.slot', { position: row.position })}
                description={row.name || t('shelves.unnamed')}
                error={error}
                inputMode="numeric"
                value={row.text}
                // Numbers are checked against each other: any edit settles every message.
                onChange={(text) =>
                  update(
                    (prev) => ({ ...prev, [String(row.id)]: text }),
                    () => true,
                  )
                }
                clearable={false}
              />
            );
          })}
        </List>
      )}
    </SheetFrame>
  );
}

/** How many shelves the machine has (permission 1034): new ones start empty, the highest ones go. */
export function ShelfCountForm({ sn, count, subtitle, guard, onBack, onClose, onSaved }: ShelfAdminProps) {
  const { t } = useTranslation('deviceSheets');
  const setCount = useSetChannelCount();
  const { values, set, errors, check } = useForm({ count: String(count) });
  const signed = useSigned(guard);
  const max = SHELF_LIMITS.maxShelves;

  const submit = () => {
    const n = wholeNumber(values.count);
    const inRange = Number.isInteger(n) && n >= 1 && n <= max;
    const message = t('settings.rangeNamed', { min: 1, max, field: t('shelfCount.label') });
    if (!check({ count: inRange ? undefined : message })) return;
    signed.run(async (sign) => {
      const answer = await setCount.mutateAsync({ sn, channel_num: n, sign });
      toast(t('saved'), { icon: 'success' });
      onSaved(answer.push);
    });
  };

  const n = wholeNumber(values.count);
  return (
    <SheetFrame
      title={t('shelfCount.title')}
      onClose={onClose}
      onSubmit={submit}
      submitting={setCount.isPending}
      footer={
        <>
          {signed.failure ? <FailureStatus title={t('shelves.failed')} {...signed.failure} /> : null}
          <FormSubmit submitting={setCount.isPending}>{t('save')}</FormSubmit>
        </>
      }
    >
      <BackLink label={t('shelves.title')} onBack={onBack} />
      <p className="dv-subtitle">{subtitle}</p>
      <List mode="card" className="dv-form">
        <InputField
          id="shelf-count"
          label={t('shelfCount.label')}
          required
          description={t('shelfCount.hint', { count, max })}
          error={errors.count}
          inputMode="numeric"
          value={values.count}
          onChange={set('count')}
          clearable={false}
        />
      </List>
      {Number.isInteger(n) && n < count ? (
        <p className="dv-tip" role="note">
          {t('shelfCount.removing', { from: n + 1, to: count })}
        </p>
      ) : null}
    </SheetFrame>
  );
}
