import { DatePicker } from 'antd-mobile';

interface DayPickerProps {
  title: string;
  visible: boolean;
  value: Date | null;
  min: Date;
  max: Date;
  onClose: () => void;
  onConfirm: (date: Date) => void;
}

/** antd-mobile's date wheel (and the date library under it) in a chunk of its own, loaded on first opening. */
export function DayPicker(props: DayPickerProps) {
  return <DatePicker {...props} precision="day" />;
}
