import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import type { TimeRange } from '../../../components/time-range-picker/time-range';

/** The time-range picker at the top of a statistics screen (today, this week, this month, custom). */
export function StatsPicker({ range, onChange }: { range: TimeRange; onChange: (range: TimeRange) => void }) {
  return (
    <div className="card an-picker">
      <TimeRangePicker value={range} onChange={onChange} />
    </div>
  );
}
