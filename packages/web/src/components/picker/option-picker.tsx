import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';

export interface PickerOption {
  value: string;
  label: string;
}

export interface OptionPickerProps {
  visible: boolean;
  title: string;
  options: readonly PickerOption[];
  /** The option shown first; null for none yet (the wheel starts on the first option). */
  value: string | null;
  /** The options are still loading. */
  loading?: boolean;
  onConfirm: (value: string) => void;
  onClose: () => void;
}

const Wheel = lazyComponent(() => import('./option-wheel').then((m) => m.OptionWheel));

/**
 * One column of choices on antd-mobile's wheel picker (areas, stores, goods, filters). The wheel and the overlay
 * library under it load the first time the picker opens, not with the screen.
 */
export function OptionPicker(props: OptionPickerProps) {
  const opened = useOpenedOnce(props.visible);
  return opened ? <Wheel {...props} /> : null;
}
