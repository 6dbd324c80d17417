import type { Referrer } from '@vendo/contract/api/referrers';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/notify';
import { useMachines, useReferrerLink } from '../api/referrers-api';

/**
 * A referrer's link and QR code: the merchant picks the machine whose purchase page it opens (/buy/<sn>?ref=<id>);
 * the server makes both (the machine must be the merchant's).
 */
function ReferrerLink({ referrer, onClose }: { referrer: Referrer; onClose: () => void }) {
  const { t } = useTranslation('referrers');
  const machines = useMachines(true);
  const list = machines.data?.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const sn = picked ?? list[0]?.sn ?? null;
  const link = useReferrerLink(referrer.referrer_id, sn);
  const copy = async (url: string) => {
    if (await copyText(url)) toast(t('link.copied'), { icon: 'success' });
  };

  return (
    <SheetFrame
      title={`${t('link.title')} · ${referrer.referrer_name}`}
      onClose={onClose}
      bodyClassName="referrer-link"
    >
      <p className="muted">{t('link.what')}</p>
      {machines.isSuccess && list.length === 0 ? (
        <p className="muted">{t('link.noMachines')}</p>
      ) : (
        <div className="filter-row">
          <FilterPicker
            label={t('link.machine')}
            options={list.map((d) => ({ value: d.sn, label: d.title ? `${d.title} (${d.sn})` : d.sn }))}
            value={sn ?? ''}
            active={sn !== null}
            onChange={(value) => setPicked(value)}
          />
        </div>
      )}
      {link.data ? (
        <figure className="referrer-qr">
          <img
            src={link.data.qr}
            alt={t('link.qr', { name: referrer.referrer_name })}
            width={200}
            height={200}
          />
          <figcaption>
            <a href={link.data.url} className="referrer-url" data-testid="referrer-url">
              {link.data.url}
            </a>
          </figcaption>
          <Button size="small" onClick={() => void copy(link.data.url)}>
            {t('link.copy')}
          </Button>
        </figure>
      ) : null}
    </SheetFrame>
  );
}

export const ReferrerLinkSheet = inSheet(ReferrerLink);
