import type { Channel } from '@vendo/contract/api/devices';
import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../sheet-texts';
import type { ActionResult } from './use-remote-calls';

/** The rcode and msg of an action (spec §7: remote-control actions store rcode and msg for display). */
export function ResultLine({ result }: { result: ActionResult | undefined }) {
  const { t } = useTranslation('deviceSheets');
  if (!result) return null;
  const ok = result.rcode === 0;
  return (
    <div className="dv-result" data-ok={ok} role={ok ? 'status' : 'alert'}>
      {ok ? <CheckCircleOutline aria-hidden="true" /> : <CloseCircleOutline aria-hidden="true" />}
      <div>
        <p className="dv-result-text">{result.text}</p>
        <p className="dv-outcome-code">{t('rcodeMsg', { rcode: result.rcode, msg: result.msg })}</p>
      </div>
    </div>
  );
}

/** One card of the sheet: a titled group of controls. */
export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = `remote-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="card dv-remote" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint ? <p className="dv-hint">{hint}</p> : null}
      {children}
    </section>
  );
}

/** A shelf to act on, by its number, with its goods and what it holds. */
export function ShelfSelect({
  shelves,
  value,
  onChange,
}: {
  shelves: readonly Channel[];
  value: string;
  onChange: (channelSn: string) => void;
}) {
  const { t } = useTranslation('deviceSheets');
  return (
    <label className="dv-row-cell dv-grow">
      <span>{t('remote.shelf')}</span>
      <select className="dv-select dv-box" value={value} onChange={(e) => onChange(e.target.value)}>
        {shelves.map((s) => (
          <option key={s.id} value={s.channel_sn}>
            {t('remote.shelfOption', {
              n: s.channel_sn,
              name: s.goods?.goods_name ?? (s.name || t('shelves.noGoods')),
              quantity: s.quantity,
            })}
          </option>
        ))}
      </select>
    </label>
  );
}
