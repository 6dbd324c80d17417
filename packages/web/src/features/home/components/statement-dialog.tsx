import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeStatement } from '../utils/statement';

const TIPS = ['tip1', 'tip2', 'tip3', 'tip4', 'tip5'] as const;

interface StatementDialogProps {
  username: string;
  loginAt: number | null;
}

/**
 * The platform statement with its five tips (spec §2), once per login. A plain modal rather than antd-mobile's
 * Dialog: it opens on the first screen after every login, and the Dialog's animation library would double what
 * that screen loads.
 */
export function StatementDialog({ username, loginAt }: StatementDialogProps) {
  const { t } = useTranslation('home');
  const [visible, setVisible] = useState(true);
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (visible) button.current?.focus();
  }, [visible]);

  if (!visible) return null;

  const close = () => {
    closeStatement(username, loginAt, dontShowAgain);
    setVisible(false);
  };

  return (
    <div className="modal-mask">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        <h2 id={`${id}-title`} className="modal-title">
          {t('statement.title')}
        </h2>
        <ol className="statement">
          {TIPS.map((tip) => (
            <li key={tip}>{t(`statement.${tip}`)}</li>
          ))}
        </ol>
        <label className="statement-check">
          <input
            type="checkbox"
            checked={dontShowAgain}
            onChange={(e) => setDontShowAgain(e.target.checked)}
          />
          <span>{t('statement.dontShowAgain')}</span>
        </label>
        <button ref={button} type="button" className="modal-action" onClick={close}>
          {t('statement.ok')}
        </button>
      </div>
    </div>
  );
}
