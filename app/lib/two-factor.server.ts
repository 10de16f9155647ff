/**
 * The two-factor steps of /profile (admins): start the set-up, confirm it with the first code,
 * turn it off with a code, and require it of every admin (core/accounts/two-factor.ts).
 */
import { confirmTwoFactor, disableTwoFactor, pendingTwoFactor, setAdminTwoFactorRequired, startTwoFactor } from '../../core/accounts/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { TwoFactorAnswer } from './view-types.ts';

/**
 * Runs one step of the two-factor form.
 * @param intent `twoFactorStart`, `twoFactorConfirm`, `twoFactorDisable` or `twoFactorPolicy`.
 * @throws {import('../../core/errors.ts').DomainError} the step's errors (wrong code, not set up…).
 */
export async function twoFactorAction(shop: Shop, userId: string, intent: string, form: FormData): Promise<TwoFactorAnswer> {
  const otp = String(form.get('otp') ?? '').slice(0, 40);
  switch (intent) {
    case 'twoFactorStart': {
      const s = await startTwoFactor(shop, userId);
      return { step: 'started', secret: s.secret, qrDataUrl: qrDataUrl(s.qrSvg) };
    }
    case 'twoFactorConfirm': {
      const { recoveryCodes } = await confirmTwoFactor(shop, userId, otp);
      return { step: 'enabled', recoveryCodes };
    }
    case 'twoFactorDisable':
      await disableTwoFactor(shop, userId, otp);
      return { step: 'disabled' };
    default: {
      const required = form.get('required') === 'on';
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
