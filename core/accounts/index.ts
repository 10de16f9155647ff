/**
 * The accounts module's face (registration, log-in, sessions and their cookies, roles, two-factor
 * (TOTP), first-run setup, privacy exports, retention purges): what other modules and layers
 * import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
// Sign-up, log-in, sessions and their cookies
export {
  adminMarkEmailConfirmed,
  adminResendConfirmation,
  adminSendPasswordReset,
  confirmEmail,
  emailTokenUsable,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from './registration.ts';
export { CODE_STEP_EXPIRED_KEY, finishWebLogin, signInWithConfirmation, startWebLogin } from './code-step.ts';
export { createSession, familyOf, login, logout, REFRESH_TTL_S, refreshSession, type RequestMeta, type Session } from './sessions.ts';
export {
  CART_COOKIE_MAX_AGE_S,
  cartCookieHeader,
  clearSessionCookieHeaders,
  readCookies,
  refreshTokenFromRequest,
  sessionCookieHeaders,
  sessionCookieOptions,
} from './session-cookies.ts';
export { cookieName, REFRESH_COOKIE } from './cookies.ts';
export {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_S,
  accountCheckColumns,
  accountFromRow,
  authenticate,
  currentAccount,
  issueAccessToken,
  verifyAccessToken,
  type AccountCheckRow,
  type AuthUser,
} from './auth.ts';
// Two-factor sign-in (TOTP)
export {
  adminTwoFactorRequired,
  assertCurrentPassword,
  confirmTwoFactor,
  disableTwoFactor,
  pendingTwoFactor,
  setAdminTwoFactorRequired,
  startTwoFactor,
  TWO_FACTOR_REQUIRED_KEY,
  twoFactorSecretReadable,
  twoFactorStatus,
} from './two-factor.ts';
// Roles, first-run setup, the back office's user management
export { isEffectiveAdmin } from './roles.ts';
export { createFirstAdmin, issueSetupLink, SETUP_LINK_MESSAGE, setupLinkUsable } from './setup.ts';
export { bootstrapAdmin } from './bootstrap.ts';
export {
  actorLabels,
  adminCreateUser,
  adminEditedColumns,
  adminUpdateUser,
  ensureAdmin,
  getUserForAdmin,
  listUsers,
  setBlocked,
  setRole,
  UNSET_DATE_OF_BIRTH,
} from './admin.ts';
// The customer's profile, influencer profiles, privacy exports and erasure, retention purges
export { changePassword, findUser, getUser, updateProfile, type PublicUser } from './profile.ts';
export { influencerByEmail, influencerChoices, influencerProfile, type InfluencerProfile } from './influencer.ts';
export { eraseOwnAccount, eraseUser, exportUserData } from './privacy.ts';
export { purgeExpiredTokens, purgeOldSessions, purgeOutboxBodies } from './retention.ts';
