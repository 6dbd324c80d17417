import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/dialog/confirm';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { ApiError } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useShareList } from '../api/get-share-list';
import { useShareUrl } from '../api/get-share-url';
import { useRevokeShareUrl } from '../api/revoke-share-url';

/**
 * "Share" on /bankCard (spec §2): an invitation link, with its QR code, that a location owner opens without an
 * account to fill in their own card; its expiry; and the links made so far, each revocable.
 */
function Share({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('bankCards');
  const create = useShareUrl();
  const links = useShareList(true);
  const revoke = useRevokeShareUrl();
  const [qrFailed, setQrFailed] = useState(false);
  const link = create.data;
  const now = Date.now();

  const stateOf = (l: { revoked: boolean; merchant_id: string | null; expire_at: number }) => {
    if (l.revoked) return t('shareSheet.linkRevoked');
    if (l.merchant_id) return t('shareSheet.linkUsed');
    if (l.expire_at <= now) return t('shareSheet.linkExpired');
    return t('shareSheet.linkLive', { time: formatDateTime(l.expire_at) });
  };

  const revokeLink = async (shareId: number) => {
    const sure = await confirmAction({
      title: t('shareSheet.revokeTitle'),
      content: t('shareSheet.revokeText'),
      confirmText: t('shareSheet.revoke'),
      danger: true,
    });
    if (!sure) return;
    await revoke.mutateAsync(shareId);
    toast(t('shareSheet.revoked'), { icon: 'success' });
  };

  return (
    <SheetFrame tall title={t('shareSheet.title')} onClose={onClose} bodyClassName="bc-sheet-pad">
      <div className="bc-share">
        <p>{t('shareSheet.text')}</p>
        {link ? (
          <>
            {qrFailed || !link.qr ? (
              <p className="field-error" role="alert">
                {t('shareSheet.qrFail')}
              </p>
            ) : (
              <img
                className="bc-qr"
                src={link.qr}
                alt={t('shareSheet.qrAlt')}
                onError={() => setQrFailed(true)}
              />
            )}
            <p className="bc-share-url" data-testid="share-url">
              {link.url}
            </p>
            <p className="muted">{t('shareSheet.expiry', { time: formatDateTime(link.expire_at) })}</p>
            <Button
              block
              color="primary"
              fill="outline"
              onClick={() =>
                void copyText(link.url).then((ok) =>
                  toast(ok ? t('shareSheet.copied') : t('shareSheet.copyFailed'), {
                    icon: ok ? 'success' : 'fail',
                  }),
                )
              }
            >
              {t('shareSheet.copy')}
            </Button>
          </>
        ) : (
          <>
            {create.error instanceof ApiError ? (
              <p className="form-message" role="alert">
                {create.error.msg}
              </p>
            ) : null}
            <Button block color="primary" loading={create.isPending} onClick={() => create.mutate()}>
              {t('shareSheet.create')}
            </Button>
          </>
        )}
        <h3 className="bc-subtitle">{t('shareSheet.links')}</h3>
        {(links.data?.data ?? []).length === 0 ? (
          <p className="muted">{t('shareSheet.none')}</p>
        ) : (
          <ul className="bc-links">
            {(links.data?.data ?? []).map((l) => {
              const live = !l.revoked && !l.merchant_id && l.expire_at > now;
              return (
                <li key={l.share_id}>
                  <span>
                    <span className="muted">
                      {t('shareSheet.linkMade', { time: formatDateTime(l.create_time) })}
                    </span>
                    <br />
                    {stateOf(l)}
                  </span>
                  {live ? (
                    <Button
                      size="small"
                      color="danger"
                      fill="outline"
                      onClick={() => void revokeLink(l.share_id)}
                    >
                      {t('shareSheet.revoke')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </SheetFrame>
  );
}

export const ShareSheet = inSheet(Share);
