import { Checkbox, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeStatement, shouldShowStatement } from '../utils/statement';

const TIPS = ['tip1', 'tip2', 'tip3', 'tip4', 'tip5'] as const;

interface StatementDialogProps {
  username: string;
  loginAt: number | null;
}

/** The platform statement with its five tips (spec §2), once per login. */
export function StatementDialog({ username, loginAt }: StatementDialogProps) {
  const { t } = useTranslation('home');
  const [visible, setVisible] = useState(() => shouldShowStatement(username, loginAt));
  const [dontShowAgain, setDontShowAgain] = useState(false);

  const close = () => {
    closeStatement(username, loginAt, dontShowAgain);
    setVisible(false);
  };

  return (
    <Dialog
      visible={visible}
      title={t('statement.title')}
      content={
        <div className="statement">
          <ol>
            {TIPS.map((tip) => (
              <li key={tip}>{t(`statement.${tip}`)}</li>
            ))}
          </ol>
          <Checkbox
            checked={dontShowAgain}
            onChange={setDontShowAgain}
            style={{ '--icon-size': '18px', '--font-size': '14px' }}
          >
            {t('statement.dontShowAgain')}
          </Checkbox>
        </div>
      }
      actions={[{ key: 'ok', text: t('statement.ok'), bold: true }]}
      onAction={close}
    />
  );
}
