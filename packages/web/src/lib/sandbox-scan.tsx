import { Dialog, TextArea } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import { i18n } from '../i18n/i18n';

const textStyle: CSSProperties = {
  margin: '0 0 8px',
  fontSize: 14,
  lineHeight: 1.5,
  color: 'var(--adm-color-text-secondary)',
  textAlign: 'left',
};
const inputStyle: CSSProperties = {
  padding: '8px 10px',
  border: '1px solid #d5dbe5',
  borderRadius: 8,
  background: '#fff',
  textAlign: 'left',
};

function ScanText({
  label,
  placeholder,
  onChange,
}: {
  label: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      aria-label={label}
      style={inputStyle}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      placeholder={placeholder}
      autoSize={{ minRows: 3, maxRows: 6 }}
      maxLength={2000}
      autoFocus
    />
  );
}

/**
 * The sandbox's wx.scanQRCode: there is no camera to open, so the person pastes or types what the code holds.
 * Resolves with the text, or null when they cancel. Labelled "sandbox" so nobody takes it for the real scanner.
 */
export async function askScannedText(): Promise<string | null> {
  await i18n.loadNamespaces('components');
  const t = i18n.getFixedT(null, 'components');
  let text = '';
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    Dialog.show({
      title: (
        <span>
          {t('scanTitle')} <span className="sandbox-tag">{t('sandbox')}</span>
        </span>
      ),
      content: (
        <div>
          <p style={textStyle}>{t('scanSandboxText')}</p>
          <ScanText
            label={t('scanPlaceholder')}
            placeholder={t('scanPlaceholder')}
            onChange={(v) => (text = v)}
          />
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('cancel'), onClick: () => settle(null) },
          { key: 'ok', text: t('confirm'), bold: true, onClick: () => settle(text.trim() || null) },
        ],
      ],
      afterClose: () => settle(null),
    });
  });
}
