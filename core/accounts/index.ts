/**
 * The accounts module's face (registration, log-in, sessions and their cookies, roles, two-factor
 * (TOTP), first-run setup, privacy exports, retention purges): what other modules and layers
 * import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
// Public files, one line each (kept in order by the face rewrite, ADR 018).
export * from './admin.ts';
export * from './auth.ts';
export * from './bootstrap.ts';
export * from './browser.ts';
export * from './code-step.ts';
export * from './influencer.ts';
export * from './privacy.ts';
export * from './profile.ts';
export * from './registration.ts';
export * from './retention.ts';
export * from './session-cookies.ts';
export * from './sessions.ts';
export * from './setup.ts';
export * from './two-factor.ts';
