import { Picker } from 'antd-mobile';

const pad = (n: number) => String(n).padStart(2, '0');
const column = (count: number) => Array.from({ length: count }, (_, i) => ({ value: pad(i), label: pad(i) }));
const COLUMNS = [column(24), column(60)];

interface TimeWheelProps {
  title: string;
  visible: boolean;
  /** 'HH:mm', or '' (the wheels start at 00:00). */
  value: string;
  onClose: () => void;
  onConfirm: (value: string) => void;
}

/** antd-mobile's wheel with an hour and a minute column, in a chunk of its own (see TimeField). */
export function TimeWheel({ title, visible, value, onClose, onConfirm }: TimeWheelProps) {
  const [hour = '00', minute = '00'] = /^\d{2}:\d{2}$/.test(value) ? value.split(':') : [];
  return (
    <Picker
      title={title}
      columns={COLUMNS}
      visible={visible}
      value={[hour, minute]}
      onClose={onClose}
      onConfirm={(picked) => {
        const [h, m] = picked;
        if (h != null && m != null) onConfirm(`${String(h)}:${String(m)}`);
      }}
    />
  );
}
