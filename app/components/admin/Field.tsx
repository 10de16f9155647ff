/**
 * The admin pages' field: one `type` switch over the shared controls of ../forms.tsx (text,
 * number, e-mail, multi-line text, choice, checkbox), taking a stored value of any kind.
 */
import { CheckboxField, Field as TextField, SelectField, TextareaField } from '../forms.tsx';

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
  const common = { name, label, error, hint, required };
  const text = defaultValue == null ? '' : String(defaultValue);
  if (type === 'checkbox') return <CheckboxField {...common} defaultChecked={Boolean(defaultValue)} />;
  if (type === 'textarea') return <TextareaField {...common} defaultValue={text} />;
  if (type === 'select') return <SelectField {...common} options={options} defaultValue={text} />;
  return <TextField {...common} type={type} defaultValue={text} />;
}
