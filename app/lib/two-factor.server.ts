/**
 * The two-factor steps of /profile (admins): start the set-up and turn it off (each asks for the
 * current password again: a session alone must not swap the second factor), confirm the set-up
 * with the first code, and require it of every admin (core/accounts/two-factor.ts).
 */
import { data } from 'react-router';
import { z } from 'zod';
import {
  assertCurrentPassword,
  confirmTwoFactor,
  disableTwoFactor,
  isEffectiveAdmin,
  pendingTwoFactor,
  setAdminTwoFactorRequired,
  startTwoFactor,
  type AuthUser,
} from '../../core/accounts/index.ts';
import { LoginInput } from '../../core/accounts/browser.ts';
import type { Shop } from '../../core/shop.ts';
import { readForm } from './page-action.server.ts';
import type { TwoFactorAnswer } from './view-types.ts';

/** The two-factor forms' fields: the code as the log-in takes it, the password asked again, the policy's box. */
const TwoFactorForm = z.object({ otp: LoginInput.shape.otp, currentPassword: z.string().optional(), required: z.string().optional() });

/**
 * Runs one step of the two-factor form.
 * @param auth the signed-in admin (an admin still to set up the two-factor log-in the shop
 *   requires may set it up, but not change the policy).
 * @param intent `twoFactorStart`, `twoFactorConfirm`, `twoFactorDisable` or `twoFactorPolicy`.
 * @param keepFamilyId the caller's own session family: turning two-factor log-in on or off ends
 *   every other session of the account.
 * @throws {import('../../core/errors.ts').DomainError} the step's errors (wrong password or code,
 *   not set up…; a code longer than the log-in takes is `invalid`); a 403 response for the policy
 *   from an admin without two-factor log-in.
 */
export async function twoFactorAction(shop: Shop, auth: AuthUser, intent: string, form: FormData, keepFamilyId?: string): Promise<TwoFactorAnswer> {
  const userId = auth.userId;
  const f = readForm(TwoFactorForm, form);
  const otp = f.otp ?? '';
  switch (intent) {
    case 'twoFactorStart': {
      await assertCurrentPassword(shop.db, userId, f.currentPassword);
      const s = await startTwoFactor(shop, userId);
      return { step: 'started', secret: s.secret, qrDataUrl: qrDataUrl(s.qrSvg) };
    }
    case 'twoFactorConfirm': {
      const { recoveryCodes } = await confirmTwoFactor(shop, userId, otp, new Date(), { keepFamilyId });
      return { step: 'enabled', recoveryCodes };
    }
    case 'twoFactorDisable':
      await assertCurrentPassword(shop.db, userId, f.currentPassword);
      await disableTwoFactor(shop, userId, otp, { keepFamilyId });
      return { step: 'disabled' };
    default: {
      if (!isEffectiveAdmin(auth)) throw data({ forbidden: true }, { status: 403 });
      const required = f.required === 'on';
      await setAdminTwoFactorRequired(shop.db, userId, required);
      return { step: required ? 'required' : 'optional' };
    }
  }
}

const qrDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** After a wrong first code: the set-up still waiting, to show its QR code again (null when none). */
export async function pendingSetupAnswer(shop: Shop, userId: string): Promise<TwoFactorAnswer | null> {
  const s = await pendingTwoFactor(shop, userId);
  return s ? { step: 'started', secret: s.secret, qrDataUrl: qrDataUrl(s.qrSvg) } : null;
}
