/**
 * The accounts module's former single file, split by concern; kept as an index so
 * that older imports still work. Import from the concern's module instead:
 * - `registration.ts`: registration, e-mail confirmation, forgotten password and reset links;
 * - `sessions.ts`: log in, refresh and log out, revoking sessions;
 * - `profile.ts`: a user's data, profile and password change;
 * - `admin.ts`: user administration (list, create, roles, block, `admin:create`);
 * - `roles.ts`: roles and account statuses.
 */
export { USER_STATUSES, userStatus, type UserStatus } from './roles.ts';
export {
  CONFIRM_TTL_S,
  RESET_TTL_S,
  MSG_CONFIRMATION_SENT,
  MSG_RESET_SENT,
  emailTokenUsable,
  registerUser,
  confirmEmail,
  resendConfirmation,
  requestPasswordReset,
  adminSendPasswordReset,
  resetPassword,
} from './registration.ts';
export {
  REFRESH_TTL_S,
  MSG_LOGGED_IN,
  accountBlocked,
  createSession,
  login,
  refreshSession,
  familyOf,
  logout,
  revokeSessions,
  type RequestMeta,
  type Session,
} from './sessions.ts';
export { getUser, updateProfile, changePassword, type PublicUser } from './profile.ts';
export { listUsers, setRole, AdminCreateInput, adminCreateUser, ensureAdmin, type UserListRow } from './admin.ts';
