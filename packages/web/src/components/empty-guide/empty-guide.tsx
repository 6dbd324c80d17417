import type { CSSProperties, ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface EmptyGuideProps {
  /** What is missing; defaults to "no data". */
  description?: ReactNode;
  /** Label of the optional call to action, e.g. "bind a device". Shown only together with onAction. */
  actionText?: ReactNode;
  /** Usually a navigate() to the screen that fills the list (e.g. '/deviceBindEnter'). */
  onAction?: () => void;
  /** Replaces the default illustration. */
  image?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

const wrapStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 12,
  padding: '40px 24px',
  textAlign: 'center',
};

const descriptionStyle: CSSProperties = {
  margin: 0,
  color: 'var(--adm-color-text-secondary)',
  fontSize: 14,
  lineHeight: 1.5,
};

/** An open, empty tray: drawn inline so the guide costs a few hundred bytes, not ErrorBlock's image set. */
export function EmptyIllustration({ size = 96 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 96 96" fill="none" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="80" rx="34" ry="6" fill="var(--adm-color-fill-content, #f5f5f5)" />
      <path
        d="M18 50 28 26h40l10 24v22a4 4 0 0 1-4 4H22a4 4 0 0 1-4-4V50Z"
        fill="var(--adm-color-background, #fff)"
        stroke="var(--adm-color-light, #ccc)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M18 50h18l4 8h16l4-8h18"
        stroke="var(--adm-color-light, #ccc)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M38 16v6M48 12v10M58 16v6"
        stroke="var(--adm-color-light, #ccc)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Empty-state guide for lists and rankings: illustration, a sentence, and optionally the way to fill it. */
export function EmptyGuide({ description, actionText, onAction, image, className, style }: EmptyGuideProps) {
  const { t } = useTranslation('components');
  return (
    <div className={className} style={{ ...wrapStyle, ...style }}>
      {image ?? <EmptyIllustration />}
      <p style={descriptionStyle}>{description ?? t('noData')}</p>
      {onAction && actionText ? (
        <Button color="primary" fill="outline" size="middle" onClick={onAction}>
          {actionText}
        </Button>
      ) : null}
    </div>
  );
}
