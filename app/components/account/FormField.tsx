/** A labelled form field with its error message (accessible: the input points at its error). */
import type { InputHTMLAttributes } from 'react';

export function FormField({
  name,
  label,
  error,
  hint,
  ...input
}: { name: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level message of an action answer. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (success)
    return (
      <p className="form-success" role="status">
        {success}
      </p>
    );
  return null;
}
