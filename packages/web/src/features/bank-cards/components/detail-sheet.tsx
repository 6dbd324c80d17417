import {
  BANK_CARD_FIELD_LABELS,
  BANK_IMAGE_FIELDS,
  BANK_IMAGE_LABELS,
  type BankCard,
} from '@vendo/contract/api/bank-cards';
import { BANK_LABELS, BANK_REVIEW_LABELS } from '@vendo/contract/enums';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list/detail-list';
import { useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { useUserInfo } from '../../../lib/session';
import { useBank } from '../api/get-bank';
import { useBankImages } from '../api/get-image';

interface DetailProps {
  card: BankCard;
  onClose: () => void;
  /** Opens the machine binding of this card; absent when the card cannot have machines (not approved). */
  onBind?: () => void;
}

/**
 * A card's detail (spec §3) with its photos (signed URLs served only to this merchant). Numbers are masked; the
 * main account sees them in clear after the operation password (the server checks the sign).
 */
function Detail({ card: listed, onClose, onBind }: DetailProps) {
  const { t } = useTranslation('bankCards');
  const locale = currentLocale();
  const user = useUserInfo();
  const guard = useOperGuard();
  const [sign, setSign] = useState<string | undefined>(undefined);
  const bank = useBank(listed.merchant_id, sign);
  const images = useBankImages(listed.merchant_id);
  const card = bank.data ?? listed;
  const label = (field: string) => BANK_CARD_FIELD_LABELS[field]?.[locale] ?? field;
  const region = [card.prov, card.city, card.area].filter(Boolean).join(' / ');

  return (
    <SheetFrame tall title={t('detailTitle')} onClose={onClose} bodyClassName="bc-sheet-pad">
      <DetailList
        className="bc-detail"
        hideEmpty
        rows={[
          [t('state'), BANK_REVIEW_LABELS[card.review_state][locale]],
          [t('reasonLabel'), card.reject_reason],
          [label('merchant_id'), card.merchant_id],
          [label('acct_name'), card.acct_name],
          [label('acct_cert_no'), card.acct_cert_no],
          [t('validity'), `${card.cert_start_date} ~ ${card.cert_expire_date}`],
          [label('bank_code'), BANK_LABELS[card.bank_code][locale]],
          [label('bank_branch'), card.bank_branch],
          [label('bank_no'), card.bank_no],
          [label('acct_no'), card.acct_no],
          [label('acct_mobile'), card.acct_mobile],
          [label('prov_code'), region],
          [label('address'), card.address],
          [label('sns'), t('machines', { count: card.device_count })],
        ]}
      />
      {/* In clear only for the main account, after its operation password (the server checks the sign). */}
      {user?.isMain && user.isOperPwd === 1 && !bank.data?.revealed ? (
        <Button
          size="small"
          fill="outline"
          color="primary"
          className="bc-reveal"
          onClick={() => guard.guard(setSign)}
        >
          {t('reveal')}
        </Button>
      ) : null}
      {bank.data?.revealed ? <p className="muted">{t('revealed')}</p> : null}
      {onBind ? (
        <Button block color="primary" className="bc-reveal" onClick={onBind}>
          {t('bind')}
        </Button>
      ) : null}
      <h3 className="bc-subtitle">{t('photosLabel')}</h3>
      <ul className="bc-photos">
        {BANK_IMAGE_FIELDS.map((field) => {
          const photo = images.data?.[field];
          const name = BANK_IMAGE_LABELS[field][locale];
          return (
            <li key={field} className="bc-photo">
              <div className="bc-photo-frame">
                {photo ? <img src={photo.url} alt={name} /> : <span className="muted">{t('noPhoto')}</span>}
              </div>
              <p className="bc-photo-name">{name}</p>
            </li>
          );
        })}
      </ul>
      {guard.popup}
    </SheetFrame>
  );
}

export const DetailSheet = inSheet(Detail);
