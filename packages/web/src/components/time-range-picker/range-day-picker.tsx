import { DatePicker, type DatePickerProps } from 'antd-mobile';

/**
 * antd-mobile's date wheel for the picker's custom start and end days, in a chunk of its own loaded the first time
 * one is edited: the screens with a range (and the dashboard, which offers no custom days) paint without the wheel
 * and the overlay library under it.
 */
export function RangeDayPicker(props: DatePickerProps) {
  return <DatePicker {...props} />;
}
