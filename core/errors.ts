/**
 * Domain errors. Services throw these; the API and the UI map `code` to an HTTP status
 * (docs/api.md, "Conventions") and translate `key` into the request's language.
 */
/**
 * A field's message: an i18n key (namespace `errors` unless the key names one, e.g.
 * `adminshop:errors.carrierUnknown`) with its interpolation values. Translated in one place,
 * `translateFields` in core/i18n/resources.ts, for the API's `fields` and the forms alike.
 */
export type FieldMessage = { key: string; params?: Record<string, unknown> };

/** Per-field messages of a validation error, by field name or dotted path (`address.postalCode`; `_` for the whole input). */
export type FieldMessages = Record<string, FieldMessage>;

export type DomainErrorCode = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'token_expired' | 'rate_limited';

export class DomainError extends Error {
  /**
   * @param code what kind of failure (maps to 400/401/403/404/409/417/429).
   * @param message English message, used when no translation exists.
   * @param opts.key i18n key (namespace `errors`), `opts.params` its interpolation values,
   *   `opts.fields` per-field messages (keyed, see {@link FieldMessage}) for validation errors.
   */
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly opts: { key?: string; params?: Record<string, unknown>; fields?: FieldMessages } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** HTTP status for a domain error code. */
export const STATUS_FOR: Record<DomainErrorCode, 400 | 401 | 403 | 404 | 409 | 417 | 429> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  token_expired: 417,
  rate_limited: 429,
};
