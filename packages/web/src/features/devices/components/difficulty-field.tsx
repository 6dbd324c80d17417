import { DIFFICULTIES, DIFFICULTY_LABELS, type Difficulty } from '@vendo/contract/enums';
import { Field } from '../../../components/form/field';
import { currentLocale } from '../../../i18n/i18n';

/** A game difficulty as a labelled select (device settings, a shelf). */
export function DifficultyField({
  id,
  label,
  description,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  error: string | undefined;
  value: Difficulty;
  onChange: (value: Difficulty) => void;
}) {
  const locale = currentLocale();
  return (
    <Field id={id} label={label} description={description} error={error}>
      <select
        id={id}
        className="dv-select"
        value={value}
        onChange={(event) => onChange(event.target.value as Difficulty)}
      >
        {DIFFICULTIES.map((d) => (
          <option key={d} value={d}>
            {DIFFICULTY_LABELS[d][locale]}
          </option>
        ))}
      </select>
    </Field>
  );
}
