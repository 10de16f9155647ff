/**
 * Social links in the settings (SECURITY.md, first review, finding 10): only https URLs (or nothing)
 * are accepted, with a translated field message, from the admin form and from core.
 */
import { describe, expect, it } from 'vitest';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { formPost, userWithCookie } from '../helpers/http.ts';
import { settingsForm } from '../helpers/settings.ts';
import { useHttpShop } from '../helpers/suite.ts';

describe('social links in the settings', () => {
  const t = useHttpShop({ catalogue: null });

  it('accepts only https URLs (or nothing), with a translated field message', async () => {
    const admin = await userWithCookie(t.shop, 'Admin');
    const s = await getSettings(t.shop.db);
    const form = (links: Record<string, string>) => ({ ...settingsForm(s), ...links });
    for (const bad of ['javascript:alert(1)', 'http://t.me/casa', '@casadeltabaco', '//evil.example/x', 'https://user:pw@evil.example/']) {
      const res = await formPost(t.app, 'http://shop.test/admin/settings', form({ telegram: bad }), {
        origin: 'http://shop.test',
        cookie: `${admin.cookie}; lang=de`,
      });
      expect(res.status, bad).toBe(400);
      expect(await res.text(), bad).toContain('Geben Sie eine https://-Adresse ein');
    }
    expect((await getSettings(t.shop.db)).telegram).toBe(s.telegram);
    const ok = await formPost(t.app, 'http://shop.test/admin/settings', form({ telegram: 'https://t.me/casa_new', instagram: '' }), {
      origin: 'http://shop.test',
      cookie: admin.cookie,
    });
    expect(ok.status).toBe(200);
    expect(await getSettings(t.shop.db)).toMatchObject({ telegram: 'https://t.me/casa_new', instagram: '' });
    await expect(updateSettings(t.shop.db, { facebook: 'javascript:alert(1)' })).rejects.toThrow(/https/);
  });
});
