/** The returns module's field error: a `DomainError` `invalid` keyed `returns.<key>`, naming the field. */
import { DomainError } from '../errors.ts';

export function invalid(field: string, key: string, message: string, params?: Record<string, unknown>): DomainError {
  return new DomainError('invalid', message, { key: `returns.${key}`, params, fields: { [field]: { key: `returns.${key}`, params } } });
}
