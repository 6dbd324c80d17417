import { Cascader } from 'antd-mobile';
import type { RegionOption } from './region-options';

interface RegionCascaderProps {
  title: string;
  options: RegionOption[];
  loading: boolean;
  placeholder: string;
  visible: boolean;
  value: string[];
  onClose: () => void;
  onConfirm: (codes: string[]) => void;
}

/** antd-mobile's cascader in a chunk of its own: RegionField loads it when the picker first opens. */
export function RegionCascader({ onConfirm, ...props }: RegionCascaderProps) {
  return <Cascader {...props} onConfirm={(picked) => onConfirm(picked.map(String))} />;
}
