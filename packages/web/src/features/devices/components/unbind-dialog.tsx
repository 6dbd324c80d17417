import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UnbindStep } from '../utils/unbind-steps';

interface UnbindDialogProps {
  visible: boolean;
  step: UnbindStep;
  /** The device's name or serial number, for the prompts. */
  name: string;
  sn: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** One of the three unbind confirmations (spec §4): each says something different, the last one unbinds. */
export function UnbindDialog({ visible, step, name, sn, onConfirm, onCancel }: UnbindDialogProps) {
  const { t } = useTranslation('devices');
  const last = step >= 3;
  const prompt =
    step === 1 ? t('unbind.step1', { name }) : step === 2 ? t('unbind.step2') : t('unbind.step3', { sn });
  return (
    <Dialog
      visible={visible}
      title={t('unbind.title', { step, total: 3 })}
      content={<p className="dv-dialog-text">{prompt}</p>}
      onClose={onCancel}
      actions={[
        [
          { key: 'cancel', text: t('cancel'), onClick: onCancel },
          {
            key: 'confirm',
            text: last ? t('unbind.confirmLast') : t('unbind.continue'),
            bold: true,
            danger: true,
            onClick: onConfirm,
          },
        ],
      ]}
    />
  );
}
