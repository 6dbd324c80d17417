import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from './empty-guide';

interface ExpiredAppGuideBase {
  /** Defaults to "app expired, contact helper". */
  description?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** Either the caller handles "contact now" (e.g. opens the agent's contact card), or the button dials a number. */
export type ExpiredAppGuideProps = ExpiredAppGuideBase &
  ({ onContact: () => void; contactPhone?: never } | { contactPhone: string; onContact?: never });

/** A lock over a window: the screen exists but the module that powers it is missing or has expired. */
function LockedIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" fill="none" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="82" rx="34" ry="6" fill="var(--adm-color-fill-content, #f5f5f5)" />
      <rect
        x="16"
        y="18"
        width="64"
        height="52"
        rx="6"
        fill="var(--adm-color-background, #fff)"
        stroke="var(--adm-color-light, #ccc)"
        strokeWidth="2"
      />
      <path d="M16 30h64" stroke="var(--adm-color-light, #ccc)" strokeWidth="2" />
      <rect x="38" y="46" width="20" height="16" rx="3" fill="var(--adm-color-warning, #ff8f1f)" />
      <path d="M42 46v-4a6 6 0 0 1 12 0v4" stroke="var(--adm-color-warning, #ff8f1f)" strokeWidth="2.5" />
    </svg>
  );
}

/** Shown in place of a screen whose app module is missing or expired (spec §4 app expiry, §8). */
export function ExpiredAppGuide(props: ExpiredAppGuideProps) {
  const { t } = useTranslation('components');
  const { description, className, style } = props;
  const contact = () => {
    if (props.onContact) props.onContact();
    else if (props.contactPhone) window.location.href = `tel:${props.contactPhone.replace(/[^\d+]/g, '')}`;
  };
  return (
    <EmptyGuide
      className={className}
      style={style}
      image={<LockedIllustration />}
      description={description ?? t('appExpiredContactHelper')}
      actionText={t('contactNow')}
      onAction={contact}
    />
  );
}
