import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { loadFailureText } from '../../lib/api-client';
import { lazyComponent } from '../../lib/lazy-component';
import { useRegions } from './get-regions';
import {
  NO_REGION,
  pickRegion,
  regionLabel,
  regionOptions,
  type PickedRegion,
  type RegionDepth,
} from './region-options';
import './region-field.css';

const RegionCascader = lazyComponent(() => import('./region-cascader').then((m) => m.RegionCascader));

/** The words of a region field, from the screen that uses it (a store's region, a bank's region). */
export interface RegionFieldTexts {
  title: string;
  placeholder: string;
  clear: string;
  /** The cascader's column placeholder ("please choose"). */
  pick: string;
  /** A failure the server did not word (network, timeout); its refusals are said in its words. */
  loadFailed: string;
}

interface RegionFieldProps {
  id: string;
  value: PickedRegion;
  onChange: (region: PickedRegion) => void;
  onIncomplete: () => void;
  ariaProps: Record<string, unknown>;
  texts: RegionFieldTexts;
  /** 3: province, city, district (stores); 2: province and city (a bank's region). */
  depth?: RegionDepth;
}

/**
 * Province / city (/ district) with their official codes. The tree (a few hundred KB) and the cascader's code are
 * fetched only when the picker first opens, then kept for the visit.
 */
export function RegionField({
  id,
  value,
  onChange,
  onIncomplete,
  ariaProps,
  texts,
  depth = 3,
}: RegionFieldProps) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const regions = useRegions(wanted);
  const options = useMemo(
    () => (regions.data ? regionOptions(regions.data, depth) : []),
    [regions.data, depth],
  );
  const label = regionLabel(value);
  const codes = [value.prov_code, value.city_code, value.s_area_code].filter(Boolean).slice(0, depth);

  const show = () => {
    setWanted(true);
    if (regions.isError) void regions.refetch();
    setOpen(true);
  };

  return (
    <div className="region-field">
      <button type="button" id={id} className="picker-trigger" onClick={show} {...ariaProps}>
        {label ? <span>{label}</span> : <span className="picker-placeholder">{texts.placeholder}</span>}
        <RightOutline aria-hidden="true" />
      </button>
      {label ? (
        <button
          type="button"
          className="field-clear"
          aria-label={texts.clear}
          onClick={() => onChange(NO_REGION)}
        >
          <CloseCircleFill aria-hidden="true" />
        </button>
      ) : null}
      {wanted ? (
        <RegionCascader
          title={texts.title}
          options={options}
          loading={regions.isPending}
          placeholder={texts.pick}
          visible={open}
          value={codes}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            const region = pickRegion(regions.data ?? [], picked, depth);
            if (region) onChange(region);
            else if (picked.length) onIncomplete();
          }}
        />
      ) : null}
      {regions.isError && open ? (
        <p className="field-error">{loadFailureText(regions.error, texts.loadFailed)}</p>
      ) : null}
    </div>
  );
}
