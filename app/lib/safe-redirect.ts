/**
 * The one same-origin check for every "go back to" parameter of the pages (`redirectTo` after
 * login and registration, `returnTo` of the cart and preferences forms). It lives in core, since
 * the accounts service checks the path a confirmation link returns to with the same rule.
 */
export { safeRedirect } from '../../core/safe-redirect.ts';
