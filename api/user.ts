/**
 * User calls of docs/product.md §7 (docs/api.md): `user/addClient`, `user/confirm`,
 * `user/forgot`, `user/confirm-forgot`, `user/login`, `user/getUser`; and the shop's own calls
 * for API clients: `user/resend-confirmation`, `user/logout`, `user/updateProfile`,
 * `user/changePassword`, and for admins `user/list` and `user/setRole`.
 * Never answers a password hash.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { ROLES, Email, LoginInput, ProfileInput, RegisterInput } from '../core/accounts/browser.ts';
import {
  listUsers,
  setRole,
  changePassword,
  getUser,
  updateProfile,
  type PublicUser,
  confirmEmail,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  familyOf,
  login,
  logout,
  type RequestMeta,
} from '../core/accounts/index.ts';
import { DomainError } from '../core/errors.ts';
import { requireAuth, requireSelfOrAdmin } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { ApiRouter } from './openapi.ts';
import { sessionJson } from './serializers.ts';
import type { ApiEnv } from './types.ts';
import { publicOrigin } from '../core/config/browser.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';

/** The user's data as the API shows it (docs/api.md `user/getUser`). */
function userJson(u: PublicUser) {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    dateOfBirth: u.dateOfBirth,
    address: { street: u.street, postalCode: u.postalCode, city: u.city, country: u.country },
    role: u.role,
    locale: u.locale,
    referralCode: u.referralCode,
  };
}

const UserAnswer = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  role: z.enum(ROLES),
  locale: z.string(),
  referralCode: z.string().nullable(),
});

function meta(c: Context<ApiEnv>): RequestMeta {
  const shop = c.get('shop');
  return { origin: publicOrigin(shop.env), lang: c.get('locale'), ip: clientIp(c) };
}

const id = z.string().trim().min(1).max(64);
const Message = z.object({ message: z.string() });
/** An answer whose body is just `{ message }`. */
const messageAnswer = (description: string) => ({ description, schema: Message });
const ConfirmBody = z.object({ token: z.string().min(1).max(200) });
const ForgotBody = z.object({ email: Email });
const ConfirmForgotBody = z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) });
const GetUserQuery = z.object({ userID: id });
const LogoutBody = z.object({ refreshToken: z.string().min(1).max(200) });
const UpdateProfileBody = ProfileInput.extend({ userID: id });
const ChangePasswordBody = z.object({
  userID: id,
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
  /** The caller's refresh token: its session stays signed in. */
  refreshToken: z.string().max(200).optional(),
});
const ListQuery = z.object({
  q: z.string().max(100).optional(),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).max(10000).optional(),
});
const SetRoleBody = z.object({ userID: id, role: z.enum(ROLES) });
const LoginAnswer = z.object({ accesToken: z.string(), refreshToken: z.string(), role: z.enum(ROLES), userId: z.string(), message: z.string() });

const TOO_MANY = 'Too many attempts';
const SAME_ANSWER = 'Same answer whether or not the address exists';
/** Body and answers of the operations that mail a link to an address (no telling whether it has an account). */
const MAIL_TO_ADDRESS = { body: ForgotBody, responses: { 200: messageAnswer(SAME_ANSWER), 429: TOO_MANY } };

export const userApi = new ApiRouter(['user'])
  .operation({
    method: 'post',
    path: '/addClient',
    summary: 'Registers a customer (18+, Swiss address; Liechtenstein when the shop serves it) and sends the confirmation e-mail',
    body: RegisterInput,
    responses: {
      201: messageAnswer('"A confirmation email was sent, please verify" (also for an address that has an account: its owner gets a mail)'),
      429: TOO_MANY,
    },
    handler: async (c) => {
      const r = await registerUser(c.get('shop'), c.req.valid('json'), meta(c));
      return c.json({ message: r.message }, 201);
    },
  })
  .operation({
    method: 'post',
    path: '/confirm',
    summary: 'Confirms an e-mail address with the token of the confirmation link (single use, 48 h)',
    body: ConfirmBody,
    responses: { 200: messageAnswer('The account is verified'), 400: 'Invalid, expired or used link', 429: TOO_MANY },
    handler: async (c) => {
      await confirmEmail(c.get('shop'), c.req.valid('json').token, meta(c));
      return c.json({ message: 'Your e-mail address is confirmed. You can log in now.' });
    },
  })
  .operation({
    method: 'post',
    path: '/resend-confirmation',
    summary: 'Sends a new confirmation link to an unverified account (same answer in every case)',
    ...MAIL_TO_ADDRESS,
    handler: async (c) => c.json(await resendConfirmation(c.get('shop'), c.req.valid('json').email, meta(c))),
  })
  .operation({
    method: 'post',
    path: '/forgot',
    summary: 'Sends a password-reset link (single use, 1 h) when the address has an account',
    ...MAIL_TO_ADDRESS,
    handler: async (c) => c.json(await requestPasswordReset(c.get('shop'), c.req.valid('json').email, meta(c))),
  })
  .operation({
    method: 'post',
    path: '/confirm-forgot',
    summary: "Sets a new password with the reset link's token; spends the token and revokes every session",
    body: ConfirmForgotBody,
    responses: { 200: messageAnswer('Password changed'), 400: 'Invalid, expired or used link, or a weak password', 429: TOO_MANY },
    handler: async (c) => {
      const r = await resetPassword(c.get('shop'), c.req.valid('json'), meta(c));
      return c.json({ message: r.message });
    },
  })
  .operation({
    method: 'post',
    path: '/login',
    summary: 'Logs in; answers a 15-minute access token and a rotating refresh token',
    body: LoginInput,
    responses: {
      200: { description: '"Log in successfully"', schema: LoginAnswer },
      401: 'Wrong e-mail or password: one answer for an unknown address, a wrong password and an address not confirmed yet (whatever its password); for an account with two-factor log-in and no or a wrong `otp` (TOTP code or recovery code): `{ message, twoFactorRequired: true }`',
      429: 'Too many attempts; also after 5 wrong authenticator codes for the account in 15 minutes (a recovery code still works)',
    },
    handler: async (c) => {
      const s = await login(c.get('shop'), c.req.valid('json'), meta(c));
      return c.json({ ...sessionJson(s), message: s.message });
    },
  })
  .operation({
    method: 'post',
    path: '/logout',
    summary: "Revokes the session (the refresh token's family)",
    body: LogoutBody,
    responses: { 200: messageAnswer('Logged out') },
    handler: async (c) => {
      await logout(c.get('shop'), c.req.valid('json').refreshToken);
      return c.json({ message: 'Logged out' });
    },
  })
  .operation({
    method: 'get',
    path: '/getUser',
    summary: "A user's data: the caller's own, or any for an admin; never a password hash",
    query: GetUserQuery,
    auth: 'user',
    responses: { 200: { description: 'The user', schema: UserAnswer }, 401: 'No token', 403: "Someone else's data", 417: 'Access token expired' },
    handler: async (c) => {
      const { userID } = c.req.valid('query');
      await requireSelfOrAdmin(c, userID);
      return c.json(userJson(await getUser(c.get('shop').db, userID)));
    },
  })
  .operation({
    method: 'post',
    path: '/updateProfile',
    summary: 'Updates names, phone, delivery address and language (own profile, or any for an admin)',
    body: UpdateProfileBody,
    auth: 'user',
    responses: { 200: { description: 'The updated user', schema: UserAnswer }, 403: "Someone else's profile" },
    handler: async (c) => {
      const body = c.req.valid('json');
      await requireSelfOrAdmin(c, body.userID);
      return c.json(userJson(await updateProfile(c.get('shop'), body.userID, body)));
    },
  })
  .operation({
    method: 'post',
    path: '/changePassword',
    summary: "Changes the caller's password (asks the current one); signs out every other session (all but the one of `refreshToken`, when given)",
    body: ChangePasswordBody,
    auth: 'user',
    responses: {
      200: messageAnswer('Password changed'),
      400: 'Current password wrong or new one against the policy',
      403: "Someone else's account",
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const auth = await requireAuth(c);
      if (auth.userId !== body.userID) throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
      // per address and account: the current password cannot be guessed through this call
      await consumeRateLimit(c.get('shop'), 'password', clientIp(c), auth.userId);
      const own = body.refreshToken ? await familyOf(c.get('shop').db, body.refreshToken) : null;
      await changePassword(c.get('shop'), auth.userId, body, own?.userId === auth.userId ? own.familyId : undefined);
      return c.json({ message: 'Your password was changed. Your other sessions were signed out.' });
    },
  })
  .operation({
    method: 'get',
    path: '/list',
    summary: 'Users, newest first (admin)',
    tags: ['user', 'admin'],
    query: ListQuery,
    auth: 'admin',
    responses: { 200: 'A page of users', 401: 'No token', 403: 'Not an admin' },
    handler: async (c) => {
      const { rows, total } = await listUsers(c.get('shop').db, c.req.valid('query'));
      return c.json({
        total,
        users: rows.map((u) => ({
          _id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          verified: Boolean(u.emailVerifiedAt),
          createdAt: u.createdAt.toISOString(),
        })),
      });
    },
  })
  .operation({
    method: 'post',
    path: '/setRole',
    summary: "Sets a user's role: Customer, Influencer or Admin (admin)",
    tags: ['user', 'admin'],
    body: SetRoleBody,
    auth: 'admin',
    responses: { 200: { description: 'The user', schema: UserAnswer }, 403: 'Not an admin', 404: 'Unknown user' },
    handler: async (c) => {
      const body = c.req.valid('json');
      const admin = await requireAuth(c); // checked as an admin before the body was read
      return c.json(userJson(await setRole(c.get('shop').db, body.userID, body.role, `admin:${admin.userId}`)));
    },
  });
