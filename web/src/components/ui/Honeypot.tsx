/** Props of Honeypot. */
export interface HoneypotProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The public forms' trap for bots: a field named `website`, hidden from people and from
 * assistive technology and out of the tab order. A person leaves it empty; the server
 * refuses a submission where it is filled and stores nothing.
 */
export function Honeypot({ id, label, value, onChange }: HoneypotProps) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
