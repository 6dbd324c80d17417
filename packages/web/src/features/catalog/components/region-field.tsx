import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';
import { useRegions } from '../api/get-regions';
import {
  NO_REGION,
  pickRegion,
  regionLabel,
  regionOptions,
  type PickedRegion,
} from '../utils/region-options';

const RegionCascader = lazyComponent(() => import('./region-cascader').then((m) => m.RegionCascader));

interface RegionFieldProps {
  id: string;
  value: PickedRegion;
  onChange: (region: PickedRegion) => void;
  onIncomplete: () => void;
  ariaProps: Record<string, unknown>;
}

/**
 * Province / city / district with their official codes. The tree (a few hundred KB) and the cascader's code are
 * fetched only when the picker first opens, then kept for the visit.
 */
export function RegionField({ id, value, onChange, onIncomplete, ariaProps }: RegionFieldProps) {
  const { t } = useTranslation('catalog');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const regions = useRegions(wanted);
  const options = useMemo(() => (regions.data ? regionOptions(regions.data) : []), [regions.data]);
  const label = regionLabel(value);
  const codes = [value.prov_code, value.city_code, value.s_area_code].filter(Boolean);

  const show = () => {
    setWanted(true);
    if (regions.isError) void regions.refetch();
    setOpen(true);
  };

  return (
    <div className="region-field">
      <button type="button" id={id} className="picker-trigger" onClick={show} {...ariaProps}>
        {label ? (
          <span>{label}</span>
        ) : (
          <span className="picker-placeholder">{t('store.regionPlaceholder')}</span>
        )}
        <RightOutline aria-hidden="true" />
      </button>
      {label ? (
        <button
          type="button"
          className="field-clear"
          aria-label={t('store.clearRegion')}
          onClick={() => onChange(NO_REGION)}
        >
          <CloseCircleFill aria-hidden="true" />
        </button>
      ) : null}
      {wanted ? (
        <RegionCascader
          title={t('store.region')}
          options={options}
          loading={regions.isPending}
          placeholder={t('pick')}
          visible={open}
          value={codes}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            const region = pickRegion(regions.data ?? [], picked);
            if (region) onChange(region);
            else if (picked.length) onIncomplete();
          }}
        />
      ) : null}
      {regions.isError && open ? <p className="field-error">{t('store.regionLoadFailed')}</p> : null}
    </div>
  );
}
