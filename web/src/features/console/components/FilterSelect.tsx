/** Props of FilterSelect. */
export interface FilterSelectProps<T extends string> {
  /** The filter's name, read by screen readers. */
  label: string;
  /** The value chosen; '' (or none) for all. */
  value: T | '' | undefined;
  values: readonly T[];
  /** The first option, which filters nothing. */
  allLabel: string;
  optionLabel: (value: T) => string;
  onChange: (value: T | '') => void;
}

/** One filter of a list: "all", then each value. */
export function FilterSelect<T extends string>({ label, value, values, allLabel, optionLabel, onChange }: FilterSelectProps<T>) {
  return (
    <label className="field field--inline">
      <span className="visually-hidden">{label}</span>
      {/* The options are values and '' only. */}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value as T | '')}>
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
