import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

export interface ConsoleEntry {
  at: number;
  path: string;
  body: unknown;
  rcode: number;
  msg: string;
  result: unknown;
  ms: number;
}

/**
 * The remote-control debug console (spec §6: on when the Account app's extend console_enable is '1'): every call
 * of this sheet with what was sent (the sign masked), the rcode and msg, the result and how long it took.
 */
export function DebugConsole({ entries, onClear }: { entries: ConsoleEntry[]; onClear: () => void }) {
  const { t } = useTranslation('deviceSheets');
  return (
    <section className="dv-console" aria-labelledby="dv-console-title">
      <div className="dv-console-head">
        <h3 id="dv-console-title">{t('console.title')}</h3>
        <Button size="mini" fill="none" onClick={onClear} disabled={entries.length === 0}>
          {t('console.clear')}
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="dv-console-empty">{t('console.empty')}</p>
      ) : (
        <ol className="dv-console-log" aria-live="polite">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} data-ok={e.rcode === 0}>
              <p>
                {formatDateTime(e.at)} · {e.path} · {t('console.took', { ms: e.ms })}
              </p>
              <p>→ {JSON.stringify(e.body)}</p>
              <p>
                ← rcode {e.rcode} · {e.msg}
                {e.result !== null ? ` · ${JSON.stringify(e.result)}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
