/** A labelled form field with its error message, for admin forms. */
export function Field({
  name,
  label,
  error,
  type = 'text',
  defaultValue,
  required,
  options,
  hint,
}: {
  name: string;
  label: string;
  error?: string;
  type?: 'text' | 'email' | 'number' | 'checkbox' | 'textarea' | 'select';
  defaultValue?: string | number | boolean | null;
  required?: boolean;
  options?: { value: string; label: string }[];
  hint?: string;
}) {
  const id = `f-${name}`;
  const describedBy = [error ? `${id}-err` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  if (type === 'checkbox')
    return (
      <div className="field field-check">
        <label htmlFor={id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input id={id} name={name} type="checkbox" defaultChecked={Boolean(defaultValue)} style={{ width: 'auto', minHeight: 0 }} />
          {label}
        </label>
      </div>
    );
  const common = { id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {type === 'textarea' ? (
        <textarea {...common} defaultValue={defaultValue == null ? '' : String(defaultValue)} />
      ) : type === 'select' ? (
        <select {...common} defaultValue={defaultValue == null ? '' : String(defaultValue)}>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={type} defaultValue={defaultValue == null ? '' : String(defaultValue)} />
      )}
      {hint && (
        <div id={`${id}-hint`} className="card-meta">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-err`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}
