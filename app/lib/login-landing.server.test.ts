import { describe, expect, it } from 'vitest';
import { loginLanding } from './login-landing.server.ts';
import { TWO_FACTOR_SETUP } from './auth.server.ts';

const admin = { role: 'Admin' };
const customer = { role: 'Customer' };
// how the request check answers an admin who must still set up two-factor log-in
const pendingAdmin = { role: 'Customer', twoFactorSetupPending: true };

describe('loginLanding', () => {
  it('sends an admin without redirectTo to the back office', () => {
    expect(loginLanding(admin, '')).toBe('/admin/home');
    expect(loginLanding(admin, undefined)).toBe('/admin/home');
  });

  it('sends a customer without redirectTo to the storefront, as before', () => {
    expect(loginLanding(customer, '')).toBe('/');
    expect(loginLanding(customer, undefined)).toBe('/');
  });

  it('lets an explicit same-site redirectTo win for every role', () => {
    expect(loginLanding(admin, '/payment?x=1')).toBe('/payment?x=1');
    expect(loginLanding(customer, '/client/history')).toBe('/client/history');
    expect(loginLanding(pendingAdmin, '/shopcart')).toBe('/shopcart');
  });

  it('treats a redirectTo that leaves the shop as none', () => {
    expect(loginLanding(admin, '//evil.example')).toBe('/admin/home');
    expect(loginLanding(customer, 'https://evil.example/')).toBe('/');
    expect(loginLanding(admin, '/\\evil.example')).toBe('/admin/home');
  });

  it('sends an admin who must still set up two-factor log-in to the set-up, not to the back office', () => {
    expect(loginLanding(pendingAdmin, '')).toBe(TWO_FACTOR_SETUP);
  });
});
