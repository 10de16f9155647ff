/** Opaque tokens (refresh tokens, e-mail links): 256 random bits, base64url; stored as SHA-256 hex. */
import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 32 random bytes, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
