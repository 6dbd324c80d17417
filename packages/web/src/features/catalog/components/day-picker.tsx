import { DatePicker } from 'antd-mobile';

const MIN = new Date(2000, 0, 1);
const MAX = new Date(2099, 11, 31);

interface DayPickerProps {
  title: string;
  visible: boolean;
  value: Date | null;
  onClose: () => void;
  onConfirm: (date: Date) => void;
}

/** antd-mobile's date wheel (and the date library under it) in a chunk of its own, loaded on first opening. */
export function DayPicker(props: DayPickerProps) {
  return <DatePicker {...props} precision="day" min={MIN} max={MAX} />;
}
