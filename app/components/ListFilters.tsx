/**
 * The search and filter form above a list (admin orders, users, products, audit log; the
 * storefront's product list): a plain GET form, so it works without JavaScript and its address
 * can be shared; each control's id is its query parameter's name.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ChoiceField } from './forms.tsx';

/** One choice filter: its query parameter, label, values and their shown names. */
export type ChoiceFilter = {
  name: string;
  label: ReactNode;
  /** The label of the first choice, "all" (no value); without it a value is always chosen. */
  any?: ReactNode;
  choices: readonly string[];
  /** The shown name of a value (default: the value). */
  text?: (value: string) => ReactNode;
};

/** A list's current query: each parameter's value (other entries, not text, are passed over). */
type Query = Readonly<Record<string, unknown>>;

/** The text of a parameter in the query; '' when it is not set. */
const param = (query: Query, name: string): string => {
  const value = query[name];
  return typeof value === 'string' ? value : '';
};

/** The list's choice filters, each set to the list's current value of its parameter. */
export function ChoiceFilters({ filters, current }: { filters: readonly ChoiceFilter[]; current: Query }) {
  return (
    <>
      {filters.map(({ name, choices, ...filter }) => (
        <ChoiceField key={name} name={name} id={name} defaultValue={param(current, name)} values={choices} {...filter} />
      ))}
    </>
  );
}

/**
 * A list's search form: the text search (`q`), the choice filters, the page's other fields
 * (`children`), the button that applies them and, when the list is filtered, the link back to
 * the whole list.
 */
export function ListFilterForm({
  label,
  search,
  filters = [],
  current,
  children,
  apply,
  reset,
  className = 'toolbar',
}: {
  /** The form's name as a search landmark (`role="search"`); without it the form is no landmark. */
  label?: string;
  /** The text search field: its label, an example, the longest text; `grow` widens it. */
  search?: { label: ReactNode; placeholder?: string; maxLength?: number; grow?: boolean };
  filters?: readonly ChoiceFilter[];
  /** The list's current query (the search text as `q`). */
  current: Query;
  children?: ReactNode;
  /** The label of the submit button. */
  apply: ReactNode;
  /** The address of the whole list and the link's label, shown while the list is filtered. */
  reset?: { to: string; label: ReactNode } | false;
  className?: string;
}) {
  return (
    <Form method="get" className={className} role={label ? 'search' : undefined} aria-label={label}>
      {search && (
        <div className={search.grow ? 'field field-grow' : 'field'}>
          <label htmlFor="q">{search.label}</label>
          <input id="q" name="q" type="search" defaultValue={param(current, 'q')} placeholder={search.placeholder} maxLength={search.maxLength} />
        </div>
      )}
      <ChoiceFilters filters={filters} current={current} />
      {children}
      <button type="submit" className="btn btn-small">
        {apply}
      </button>
      {reset && (
        <Link to={reset.to} className="btn btn-ghost btn-small">
          {reset.label}
        </Link>
      )}
    </Form>
  );
}
