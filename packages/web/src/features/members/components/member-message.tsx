import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A whole-page message of the customer's member pages (their header is hidden): the page's title, then what is
 * happening (busy) or what went wrong and what to do, with an optional action.
 */
export function MemberMessage(props: { text: string; tone?: 'error'; busy?: boolean; action?: ReactNode }) {
  const { t } = useTranslation('routes');
  return (
    <div className="open-member open-member-message" aria-busy={props.busy || undefined}>
      <h1 className="open-member-title">{t('openMember')}</h1>
      {props.busy ? <span className="open-member-spinner" aria-hidden="true" /> : null}
      <p role={props.tone === 'error' ? 'alert' : 'status'} data-tone={props.tone}>
        {props.text}
      </p>
      {props.action}
    </div>
  );
}
