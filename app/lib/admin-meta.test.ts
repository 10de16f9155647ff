/**
 * Admin page titles come from the text store through i18next: the page's language, English where
 * a key is missing there, `{{x}}` filled, the `adminshop:` namespace by prefix, and the key's last
 * part when the admin layout's data is absent.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_NAMESPACES } from '../../core/i18n/browser.ts';
import { namespaceResources } from '../../core/i18n/index.ts';
import { adminMeta, type AdminLayoutData } from './admin-meta.ts';

const layout = (lang: string, i18n = namespaceResources(lang, ADMIN_NAMESPACES)) => [{ id: 'layouts/admin', data: { lang, i18n } satisfies AdminLayoutData }];
const title = (m: readonly unknown[]) => (m.find((d) => typeof d === 'object' && d && 'title' in d) as { title: string }).title;

describe('adminMeta', () => {
  it('reads the title in the page language, placeholders filled', () => {
    expect(title(adminMeta(layout('de'), 'products.edit', { name: 'Robusto' }))).toMatch(/^Robusto bearbeiten · Verwaltung/);
    expect(title(adminMeta(layout('en'), 'products.edit', { name: 'Robusto' }))).toMatch(/^Edit Robusto · /);
  });

  it('falls back to English for a key the language lacks, and to the key without the layout', () => {
    const de = namespaceResources('de', ADMIN_NAMESPACES);
    const lacking = { ...de, de: { ...de.de, admin: {} } };
    expect(title(adminMeta(layout('de', lacking), 'products.edit', { name: 'X' }))).toMatch(/^Edit X · /);
    expect(title(adminMeta([], 'products.edit'))).toMatch(/^edit · brand/);
  });

  it('reads the adminshop namespace by its prefix', () => {
    expect(title(adminMeta(layout('de'), 'adminshop:form.save'))).toMatch(/^Speichern · Verwaltung/);
  });
});
