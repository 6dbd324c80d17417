import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { useGiftCodes, useRefreshGifts } from '../api/gifts-api';

/**
 * The printable sheet of a batch: every code with its QR code (the redeem link), laid out for paper by the
 * print style sheet (gifts.css hides everything else). Opening it marks the batch's codes downloaded.
 */
function GiftPrint({ giftId, onClose }: { giftId: number; onClose: () => void }) {
  const { t } = useTranslation('gifts');
  const codes = useGiftCodes(giftId);
  const refresh = useRefreshGifts();
  const loaded = codes.isSuccess;
  useEffect(() => {
    if (loaded) void refresh();
    // Once, when the sheet's codes arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  return (
    <SheetFrame
      tall
      title={t('print.title')}
      onClose={onClose}
      bodyClassName="gift-print-body"
      footer={
        <Button block color="primary" disabled={!loaded} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
      }
    >
      <p className="muted gift-print-hint">{t('print.hint')}</p>
      <ListState
        pending={codes.isPending}
        failed={codes.isError && !codes.data}
        error={codes.error}
        onRetry={() => void codes.refetch()}
      >
        <div className="gift-print-sheet" data-testid="gift-print-sheet">
          <h3 className="gift-print-name">{codes.data?.name}</h3>
          <ul className="gift-print-grid">
            {(codes.data?.codes ?? []).map((c) => (
              <li key={c.code} className="gift-print-item">
                <img src={c.qr} alt={c.code} width={120} height={120} />
                <span className="gift-print-code">{c.code}</span>
              </li>
            ))}
          </ul>
        </div>
      </ListState>
    </SheetFrame>
  );
}

export const GiftPrintSheet = inSheet(GiftPrint);
