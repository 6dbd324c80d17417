import { centsToYuan } from '@vendo/contract/money';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { validationText } from '../../../lib/validation';
import { NO_TEXT_FILTERS, type TextFilters } from '../utils/bill-filters';
import { priceBound } from '../utils/bills';

interface FilterFormProps {
  value: TextFilters;
  onApply: (value: TextFilters) => void;
  onClose: () => void;
}

const yuan = (cents: number | undefined) => (cents === undefined ? '' : centsToYuan(cents));

function FilterForm({ value, onApply, onClose }: FilterFormProps) {
  const { t } = useTranslation('bills');
  const [sn, setSn] = useState(value.sn);
  const [orderNo, setOrderNo] = useState(value.orderNo);
  const [cardno, setCardno] = useState(value.cardno);
  const [merchantOrder, setMerchantOrder] = useState(value.merchantOrder);
  const [priceStart, setPriceStart] = useState(yuan(value.priceStart));
  const [priceEnd, setPriceEnd] = useState(yuan(value.priceEnd));
  const [errors, setErrors] = useState<Partial<Record<'sn' | 'priceStart' | 'priceEnd', string>>>({});

  const submit = () => {
    const start = priceBound(priceStart);
    const end = priceBound(priceEnd);
    const next: typeof errors = {};
    // Spec §5: serial numbers are digits.
    if (!/^\d*$/.test(sn.trim())) next.sn = t('filters.snNumeric');
    if (start === null) next.priceStart = t('filters.priceInvalid');
    if (end === null) next.priceEnd = t('filters.priceInvalid');
    // The server's refusal (a valid amount, only below the lowest), naming the field as the server's prefix does.
    else if (end !== undefined && start != null && end < start)
      next.priceEnd = validationText('priceEndBelowStartNamed', currentLocale());
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onApply({
      sn: sn.trim(),
      orderNo: orderNo.trim(),
      cardno: cardno.trim(),
      merchantOrder: merchantOrder.trim(),
      priceStart: start ?? undefined,
      priceEnd: end ?? undefined,
    });
  };

  return (
    <SheetFrame
      title={t('filters.more')}
      onClose={onClose}
      onSubmit={submit}
      submitText={t('filters.apply')}
      tall
    >
      <List mode="card" className="bill-form">
        <InputField
          id="bill-sn"
          label={t('filters.sn')}
          placeholder={t('filters.placeholders.sn')}
          inputMode="numeric"
          value={sn}
          error={errors.sn}
          onChange={setSn}
        />
        <InputField
          id="bill-orderno"
          label={t('filters.orderNo')}
          placeholder={t('filters.placeholders.orderNo')}
          value={orderNo}
          onChange={setOrderNo}
        />
        <InputField
          id="bill-cardno"
          label={t('filters.cardno')}
          placeholder={t('filters.placeholders.cardno')}
          value={cardno}
          onChange={setCardno}
        />
        <InputField
          id="bill-merchant-order"
          label={t('filters.merchantOrder')}
          placeholder={t('filters.placeholders.merchantOrder')}
          value={merchantOrder}
          onChange={setMerchantOrder}
        />
        <InputField
          id="bill-price-start"
          label={t('filters.priceStart')}
          placeholder={t('filters.placeholders.priceStart')}
          inputMode="decimal"
          value={priceStart}
          error={errors.priceStart}
          onChange={setPriceStart}
        />
        <InputField
          id="bill-price-end"
          label={t('filters.priceEnd')}
          placeholder={t('filters.placeholders.priceEnd')}
          inputMode="decimal"
          value={priceEnd}
          error={errors.priceEnd}
          onChange={setPriceEnd}
        />
      </List>
      <Button block fill="none" onClick={() => onApply(NO_TEXT_FILTERS)}>
        {t('filters.reset')}
      </Button>
    </SheetFrame>
  );
}

export const FilterSheet = inSheet(FilterForm);
