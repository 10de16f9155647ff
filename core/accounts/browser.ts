/**
 * The accounts module's browser face (registration, log-in, sessions and their cookies, roles,
 * two-factor (TOTP), first-run setup, privacy exports, retention purges): the part pages may run
 * in the browser. Reaches no Drizzle, database driver, node: module or other server package
 * (checked by .dependency-cruiser-browser.cjs; docs/decisions/018-module-faces.md).
 */
export { isAdult, MINIMUM_AGE, swissToday } from './age.ts';
export {
  ACCESS_COOKIE,
  CART_COOKIE,
  CART_HINT_COOKIE,
  cookieName,
  HOST_PREFIX,
  PERSONAL_HINT_COOKIE,
  PERSONAL_HINT_MAX_AGE_S,
  PERSONAL_HINT_SCRIPTS,
  REFRESH_COOKIE,
} from './cookies.ts';
export { isEffectiveAdmin, ROLES, USER_STATUSES, userStatus, type Role, type UserStatus } from './roles.ts';
export { Email, LoginInput, ProfileInput, RegisterInput } from './validation.ts';
