/**
 * The mobile menu (specification section 2), shown on narrow screens: the navbar's links, the
 * account links, an Admin link only for Admin, the languages and the theme toggle. Radix Dialog:
 * focus trapped while open, Escape or the close icon closes, focus returns to the menu button.
 * Language and logout are plain form posts, so they also work before JavaScript has loaded.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Form, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, PICKER_LOCALES } from '../i18n/locales.ts';
import type { RootData } from '../root.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { hasInfluencerProfile } from './UserMenu.tsx';

export function MobileMenu({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const close = () => setOpen(false);
  const returnTo = location.pathname + location.search;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="icon-btn menu-trigger" aria-label={t('mobile.open')} data-testid="mobile-menu-trigger">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sidecart-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined} data-testid="mobile-menu">
          <div className="sidecart-head">
            <Dialog.Title asChild>
              <h2>{t('mobile.title')}</h2>
            </Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('mobile.close')}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <MobileMenuLinks user={data.user} onNavigate={close} />
          <Form method="post" action="/preferences" className="drawer-langs" onSubmit={close}>
            <input type="hidden" name="returnTo" value={returnTo} />
            <h3 className="menu-label" id="drawer-lang-h">
              {t('language.label')}
            </h3>
            <div role="group" aria-labelledby="drawer-lang-h" className="chip-row">
              {PICKER_LOCALES.map((l) => (
                <button key={l} type="submit" name="lang" value={l} lang={l} className="chip" aria-pressed={data.lang === l}>
                  {LOCALE_NAMES[l]}
                </button>
              ))}
            </div>
          </Form>
          <div className="drawer-foot">
            <ThemeToggle theme={data.theme} className="btn btn-ghost btn-small" withText />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The mobile menu's links: the navbar's pages, then the account links for the visitor (login, or
 * profile / influencer profile / history / admin / log out by role). Admin link only for Admin.
 */
export function MobileMenuLinks({ user, onNavigate }: { user: RootData['user']; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('nav.main')}>
        <ul className="drawer-links">
          <li>
            <NavLink to="/" end onClick={onNavigate}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/client/products" onClick={onNavigate}>
              {t('nav.products')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/contact" onClick={onNavigate}>
              {t('nav.contact')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/about" onClick={onNavigate}>
              {t('nav.about')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <nav aria-label={t('user.account')}>
        <ul className="drawer-links drawer-links-small">
          {user ? (
            <>
              <li>
                <NavLink to="/profile" onClick={onNavigate}>
                  {t('user.profile')}
                </NavLink>
              </li>
              {hasInfluencerProfile(user.role) && (
                <li>
                  <NavLink to="/client/influencer" onClick={onNavigate}>
                    {t('user.influencer')}
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/client/history" onClick={onNavigate}>
                  {t('user.history')}
                </NavLink>
              </li>
              {user.role === 'Admin' && (
                <li>
                  <NavLink to="/admin/home" onClick={onNavigate} data-testid="mobile-admin-link">
                    {t('nav.admin')}
                  </NavLink>
                </li>
              )}
              <li>
                <Form method="post" action="/logout" onSubmit={onNavigate}>
                  <button type="submit" className="link-btn">
                    {t('user.logout')}
                  </button>
                </Form>
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/login" onClick={onNavigate}>
                {t('user.login')}
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}
