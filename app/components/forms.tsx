/**
 * The form controls of every page: a label tied to its control, the field's message under it,
 * and the control pointing at that message and at its hint (`aria-invalid`,
 * `aria-describedby`; WCAG 2.1 SC 1.3.1 and 3.3.1). Messages come from the page action
 * (app/lib/page-action.server.ts), so the forms work as plain POST forms without JavaScript and
 * the same with it. A control's id is `f-<name>` unless the page gives one (two forms of one page
 * with the same field name).
 */
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useNavigation } from 'react-router';

/** One field's message(s): a text, several, or nothing. */
export type FieldErrors = string | readonly string[] | null | undefined;

type FieldBase = {
  /** The form name of the control (what the action reads). */
  name: string;
  /** The visible label. */
  label: ReactNode;
  /** The field's message from the action, if any. */
  error?: FieldErrors;
  /** A hint under the control (rules, an example). */
  hint?: ReactNode;
  /** The control's id; default `f-<name>`. */
  id?: string;
  /** Class of the wrapping element (default `field`). */
  className?: string;
};

const list = (errors: FieldErrors): string[] => (errors == null ? [] : typeof errors === 'string' ? (errors ? [errors] : []) : errors.filter(Boolean));

/** The ids of a control, its message and its hint, and the control's aria attributes. */
function useIds(name: string, id: string | undefined, error: FieldErrors, hint: ReactNode) {
  const controlId = id ?? `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const errorId = list(error).length ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, aria: { 'aria-invalid': errorId ? true : undefined, 'aria-describedby': describedBy } as const };
}

/** A field's messages (none: nothing is rendered). */
export function ErrorList({ id, errors }: { id?: string; errors: FieldErrors }) {
  const messages = list(errors);
  if (!messages.length) return null;
  return (
    <>
      {messages.map((m, i) => (
        <p key={m} className="field-error" id={i === 0 ? id : undefined}>
          {m}
        </p>
      ))}
    </>
  );
}

function Hint({ id, hint }: { id?: string; hint: ReactNode }) {
  return hint ? (
    <p className="field-hint" id={id}>
      {hint}
    </p>
  ) : null;
}

/** A labelled text input (any `type` but checkbox; its other attributes pass through, e.g. `autoComplete`). */
export function Field({ name, label, error, hint, id, className = 'field', ...input }: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>) {
  const ids = useIds(name, id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.controlId}>{label}</label>
      <input id={ids.controlId} name={name} {...ids.aria} {...input} />
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={error} />
    </div>
  );
}

/** A labelled multi-line text. */
export function TextareaField({
  name,
  label,
  error,
  hint,
  id,
  className = 'field',
  ...textarea
}: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const ids = useIds(name, id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.controlId}>{label}</label>
      <textarea id={ids.controlId} name={name} {...ids.aria} {...textarea} />
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={error} />
    </div>
  );
}

/** A labelled choice: `options` (value and label), or `<option>` children. */
export function SelectField({
  name,
  label,
  error,
  hint,
  id,
  className = 'field',
  options,
  children,
  ...select
}: FieldBase & { options?: readonly { value: string; label: ReactNode }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'>) {
  const ids = useIds(name, id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.controlId}>{label}</label>
      <select id={ids.controlId} name={name} {...ids.aria} {...select}>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={error} />
    </div>
  );
}

/** A checkbox with its label after it (posted as `on` when ticked, absent otherwise). */
export function CheckboxField({
  name,
  label,
  error,
  hint,
  id,
  className = 'field field-check',
  ...input
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type'>) {
  const ids = useIds(name, id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input id={ids.controlId} name={name} type="checkbox" {...ids.aria} style={{ width: 'auto', minHeight: 0 }} {...input} />
        {label}
      </label>
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={error} />
    </div>
  );
}

type Testable = { 'data-testid'?: string };

/** The form message of an action's failure (an alert: read out when it appears). */
export function FormError({ error, ...rest }: { error?: string | null } & Testable) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert" {...rest}>
      {error}
    </p>
  );
}

/** The message of an action that succeeded (a status: read out politely). */
export function FormSuccess({ message, ...rest }: { message?: string | null } & Testable) {
  if (!message) return null;
  return (
    <p className="form-success" role="status" {...rest}>
      {message}
    </p>
  );
}

/** The form message of an action answer: its failure, else its success, else nothing. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return error ? <FormError error={error} /> : <FormSuccess message={success} />;
}

/**
 * The submit button, disabled while this page's form is being sent (against a second order or
 * message on a double click); without JavaScript it is a plain submit button. `name`/`value`
 * name the form's intent when a form has several buttons.
 */
export function SubmitButton({ className = 'btn', children, disabled, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & Testable) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button type="submit" className={className} disabled={busy || disabled} {...button}>
      {children}
    </button>
  );
}
