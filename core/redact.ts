/**
 * Secrets out of logs and the outbox. Reset and confirmation tokens travel
 * in URL paths (`/reset/<token>`, `/confirm/<token>`) and mail bodies; failed SQL carries its
 * parameters (personal data, password hashes) in the error message. Everything logged goes
 * through {@link loggerOptions}; paths through {@link scrubPath}; the admin outbox view through
 * {@link scrubLinks}.
 */
import pino, { type LoggerOptions } from 'pino';

/** Token-bearing link paths: `/reset/<token>`, `/confirm/<token>`, `/setup/<token>` (also in `.data` requests). */
const TOKEN_PATH = /\/(reset|confirm|setup)\/[^/?#\s"'<>]+/g;

/** A path or text with every link token replaced by `[redacted]`. */
export function scrubLinks(text: string): string {
  return text.replace(TOKEN_PATH, '/$1/[redacted]');
}

/** A request path for the log: link tokens redacted (query strings are never logged). */
export function scrubPath(path: string): string {
  return scrubLinks(path);
}

/** Fields never written to the log, wherever pino meets them. */
const REDACT_PATHS = [
  'link',
  'token',
  'password',
  'passwordHash',
  'accesToken',
  'refreshToken',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.accesToken',
  '*.refreshToken',
  'headers.cookie',
  'headers.authorization',
  'headers.accestoken',
  'err.params',
  'err.cause.params',
];

/** Drops the SQL parameters from an error (drizzle puts them in `params` and in the message). */
function sqlSafe(err: unknown): unknown {
  // `err` may be anything a caller logged under that name (a string, a plain value)
  if (!err || typeof err !== 'object') return typeof err === 'string' ? scrubLinks(err) : err;
  const s = pino.stdSerializers.err(err as Error) as Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };
  const strip = (t: unknown) => (typeof t === 'string' ? t.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]') : t);
  s.message = strip(s.message) as string;
  s.stack = strip(s.stack) as string;
  delete s.params;
  if (s.cause && typeof s.cause === 'object') delete (s.cause as Record<string, unknown>).params;
  for (const k of Object.keys(s)) if (typeof s[k] === 'string') s[k] = scrubLinks(strip(s[k]) as string);
  return s;
}

/** pino options of the shop's logger: level, redaction, SQL-safe error serializer. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { err: sqlSafe } };
}
