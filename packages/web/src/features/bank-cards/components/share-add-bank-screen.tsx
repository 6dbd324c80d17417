import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthFrame } from '../../../components/auth-frame/auth-frame';
import { ListState } from '../../../components/list-state/list-state';
import { registerNamespace } from '../../../i18n/i18n';
import bankCardsTexts from '../../../i18n/resources/bank-cards';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useBankInfoRecord } from '../api/get-bank-info-record';
import { cardToForm } from '../utils/merchant-form-values';
import { SHARE_LINK_INVALID } from '../utils/outcome';
import { EntryEditor } from './entry-editor';
import { photosOf } from './photos-step';
import './bank-cards.css';

registerNamespace('bankCards', bankCardsTexts);

/**
 * /shareAddBank?token=..&secret=.. (spec §2): a location owner, without an account, fills in their own payout
 * card through the same three steps, and comes back to where they left off (the server says where). No header,
 * no login: the invitation's token and secret are the only credentials.
 */
export default function ShareAddBankScreen() {
  const { t } = useTranslation('bankCards');
  const [params] = useSearchParams();
  // Read once: the editor must not start over when the address changes under it.
  const [share] = useState(() => ({ token: params.get('token') ?? '', secret: params.get('secret') ?? '' }));
  const record = useBankInfoRecord(share.token, share.secret);
  const complete = share.token !== '' && share.secret !== '';
  const invalid = record.error instanceof ApiError && record.error.rcode === SHARE_LINK_INVALID;

  return (
    <AuthFrame title={t('shareScreen.title')}>
      <div className="bc-share-page">
        {!complete ? (
          <p className="form-message" role="alert">
            {t('shareScreen.missing')}
          </p>
        ) : invalid ? (
          <p className="form-message" role="alert">
            {t('shareScreen.invalid')}
          </p>
        ) : (
          <ListState
            pending={record.isPending}
            failed={record.isError && !record.data}
            error={record.error}
            onRetry={() => void record.refetch()}
          >
            {record.data ? (
              <>
                <p className="bc-invite">{t('shareScreen.invitedBy', { name: record.data.inviter })}</p>
                <p className="muted bc-invite">
                  {t('shareScreen.expires', { time: formatDateTime(record.data.expire_at) })}
                </p>
                <EntryEditor
                  start={record.data.resume}
                  form={cardToForm(record.data.record)}
                  photos={photosOf(record.data.images ?? {})}
                  merchantId={record.data.record?.merchant_id ?? null}
                  share={share}
                  sharedWith={record.data.inviter}
                />
              </>
            ) : null}
          </ListState>
        )}
      </div>
    </AuthFrame>
  );
}
