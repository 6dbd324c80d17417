import { LAMP_COLOR_HEX, LAMP_COLOR_LABELS, LAMP_COLORS, lampColorOf } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { currentLocale } from '../../../i18n/i18n';

/** The lamp colours as a row of swatches ('random' lets the machine choose); one is checked. */
export function LampSwatches({
  value,
  onChange,
  labelledBy,
  label,
}: {
  value: string;
  onChange: (color: string) => void;
  /** The id of the label the group has on screen, or the group's label when it has none. */
  labelledBy?: string;
  label?: string;
}) {
  const locale = currentLocale();
  return (
    <div className="dv-swatches" role="radiogroup" aria-labelledby={labelledBy} aria-label={label}>
      {LAMP_COLORS.map((c) => {
        const hex = LAMP_COLOR_HEX[c];
        const color = hex ?? 'random';
        return (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={value.toUpperCase() === color.toUpperCase()}
            aria-label={LAMP_COLOR_LABELS[c][locale]}
            title={LAMP_COLOR_LABELS[c][locale]}
            className="dv-swatch"
            data-color={c}
            style={hex ? { background: hex } : undefined}
            onClick={() => onChange(color)}
          />
        );
      })}
    </div>
  );
}

/** Whether a lamp colour is one of the named swatches (else the settings show it as a custom colour). */
export function isNamedLampColor(value: string): boolean {
  return LAMP_COLORS.some((c) => (LAMP_COLOR_HEX[c] ?? 'random').toUpperCase() === value.toUpperCase());
}

/** A lamp colour as an operator reads it: the swatch's name ('Blue', '随机'), a custom colour as its code. */
export function lampColorName(value: string, locale: Locale): string {
  if (value.toLowerCase() === 'random') return LAMP_COLOR_LABELS.random[locale];
  const named = lampColorOf(value);
  return named ? LAMP_COLOR_LABELS[named][locale] : value;
}
