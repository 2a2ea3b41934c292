/** Props of FilterSelect. */
export interface FilterSelectProps {
  /** The filter's name, read by screen readers. */
  label: string;
  value: string;
  values: readonly string[];
  /** The first option, which filters nothing. */
  allLabel: string;
  optionLabel: (value: string) => string;
  onChange: (value: string) => void;
}

/** One filter of a list: "all", then each value. */
export function FilterSelect({ label, value, values, allLabel, optionLabel, onChange }: FilterSelectProps) {
  return (
    <label className="field field--inline">
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </select>
    </label>
  );
}
