/**
 * The form controls of every page: a label tied to its control, the field's message under it,
 * and the control pointing at that message and at its hint (`aria-invalid`,
 * `aria-describedby`; WCAG 2.1 SC 1.3.1 and 3.3.1). Messages come from the page action
 * (app/lib/page-action.server.ts), so the forms work as plain POST forms without JavaScript and
 * the same with it. A control's id is `f-<name>` unless the page gives one (two forms of one page
 * with the same field name).
 */
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Form, useNavigation } from 'react-router';

/** One field's message(s): a text, several, or nothing. */
type FieldErrors = string | readonly string[] | null | undefined;

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
function ErrorList({ id, errors }: { id?: string; errors: FieldErrors }) {
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

/** What a control gets from its frame: its id, its form name and its aria attributes. */
type Control = { id: string; name: string } & ReturnType<typeof useIds>['aria'];

/** Parts a field's props into the frame's (`FieldBase`) and the control's own attributes. */
function split<T extends FieldBase>({ name, label, error, hint, id, className, ...control }: T) {
  return { base: { name, label, error, hint, id, className }, control };
}

/**
 * The frame of a labelled control: the label above it (or, for a checkbox, around it with the
 * text after the box), then its hint and messages. `children` renders the control itself.
 */
function Labelled({ base, check = false, children }: { base: FieldBase; check?: boolean; children: (control: Control) => ReactNode }) {
  const ids = useIds(base.name, base.id, base.error, base.hint);
  const control = children({ id: ids.controlId, name: base.name, ...ids.aria });
  return (
    <div className={base.className ?? (check ? 'field field-check' : 'field')}>
      {check ? (
        <label htmlFor={ids.controlId} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          {control}
          {base.label}
        </label>
      ) : (
        <>
          <label htmlFor={ids.controlId}>{base.label}</label>
          {control}
        </>
      )}
      <Hint id={ids.hintId} hint={base.hint} />
      <ErrorList id={ids.errorId} errors={base.error} />
    </div>
  );
}

/** A labelled text input (any `type` but checkbox; its other attributes pass through, e.g. `autoComplete`). */
export function Field(props: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>) {
  const { base, control: input } = split(props);
  return <Labelled base={base}>{(control) => <input {...control} {...input} />}</Labelled>;
}

/**
 * A labelled whole number from `min` to `max` (the browser's own check; the server checks again):
 * the number keypad on a phone, steps of one.
 */
export function WholeNumberField(props: FieldBase & { min: number; max: number } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type'>) {
  return <Field type="number" inputMode="numeric" step={1} {...props} />;
}

/** A labelled multi-line text. */
export function TextareaField(props: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const { base, control: textarea } = split(props);
  return <Labelled base={base}>{(control) => <textarea {...control} {...textarea} />}</Labelled>;
}

/** A labelled choice: `options` (value and label), or `<option>` children. */
export function SelectField(
  props: FieldBase & { options?: readonly { value: string; label: ReactNode }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'>,
) {
  const {
    base,
    control: { options, children, ...select },
  } = split(props);
  return (
    <Labelled base={base}>
      {(control) => (
        <select {...control} {...select}>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Labelled>
  );
}

/**
 * A labelled choice among `values` (a list's filter or sort order), each shown as `text(value)`,
 * after a first choice of no value when `any` is given (all statuses, any role…): a
 * {@link SelectField} built from a list.
 */
export function ChoiceField<V extends string>({
  values,
  text = (value) => value,
  any,
  ...props
}: FieldBase & {
  values: readonly V[];
  /** The shown name of a value (default: the value). */
  text?: (value: V) => ReactNode;
  /** The label of the first choice, of no value; without it, there is none. */
  any?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'children'>) {
  const options = values.map((value) => ({ value, label: text(value) }));
  return <SelectField {...props} options={any === undefined ? options : [{ value: '', label: any }, ...options]} />;
}

/** What {@link HintedField} gives its control: its id, the hint as its description, whether it is marked invalid. */
export type HintedControl = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string };

/**
 * A labelled control with a short hint under it in a `<small>` (the order, return and refund
 * forms): `children` renders the control with the attributes it is given; `error` (the field's
 * message, if any) follows the hint.
 */
export function HintedField({
  id,
  label,
  hint,
  hintId = `${id}-hint`,
  invalid,
  error,
  className = 'field',
  children,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  /** The hint's id; default `<id>-hint`. */
  hintId?: string;
  /** The control is marked invalid (`aria-invalid`). */
  invalid?: unknown;
  error?: ReactNode;
  className?: string;
  children: (control: HintedControl) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': hintId })}
      <small id={hintId} className="card-meta">
        {hint}
      </small>
      {error}
    </div>
  );
}

/** A checkbox with its label after it (posted as `on` when ticked, absent otherwise). */
export function CheckboxField(props: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type'>) {
  const { base, control: input } = split(props);
  return (
    <Labelled base={base} check>
      {(control) => <input {...control} type="checkbox" style={{ width: 'auto', minHeight: 0 }} {...input} />}
    </Labelled>
  );
}

type Testable = { 'data-testid'?: string };

/** A form message, or nothing when there is none. */
function Notice({ text, className, role, ...rest }: { text?: string | null; className: string; role: 'alert' | 'status' } & Testable) {
  if (!text) return null;
  return (
    <p className={className} role={role} {...rest}>
      {text}
    </p>
  );
}

/** The form message of an action's failure (an alert: read out when it appears). */
export function FormError({ error, ...rest }: { error?: string | null } & Testable) {
  return <Notice text={error} className="form-error" role="alert" {...rest} />;
}

/** The message of an action that succeeded (a status: read out politely). */
export function FormSuccess({ message, ...rest }: { message?: string | null } & Testable) {
  return <Notice text={message} className="form-success" role="status" {...rest} />;
}

/** The form message of an action answer: its failure, else its success, else nothing. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return error ? <FormError error={error} /> : <FormSuccess message={success} />;
}

/**
 * A form of one button that posts `intent` to the page's action (a page with several actions on
 * one record: block, send a reset link…). Works without scripts.
 */
export function IntentForm({ intent, className, label }: { intent: string; className?: string; label: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton className={className}>{label}</SubmitButton>
    </Form>
  );
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
