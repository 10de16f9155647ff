/**
 * The mobile menu (docs/product.md §2), shown on narrow screens: the navbar's links, the
 * account links, an Admin link only for Admin, the languages and the theme toggle. A modal
 * `<dialog>`: focus stays inside while open, Escape, the backdrop or the close icon closes it, and
 * focus returns to the menu button. Language and logout are plain form posts.
 */
import { useState } from 'react';
import { Form, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, PICKER_LOCALES } from '../../core/i18n/browser.ts';
import type { RootData } from '../root.tsx';
import { dialogCommand, ModalDialog } from './dialog.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { accountLinks, LinkItems, SITE_PAGES } from './SiteLinks.tsx';
import { LineIcon } from './LineIcon.tsx';

/** The menu button of narrow screens and the menu panel it opens. */
export function MobileMenu({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // fixed ids (one menu a page): the server renders the header on its own for some pages
  // (app/personal-header.server.tsx), where useId would give other ids than the whole page's
  const uid = 'mobile-menu';
  const close = () => setOpen(false);
  const returnTo = location.pathname + location.search;
  const dialogId = `${uid}-menu`;
  // the menu's button and close icon work before the page's scripts (invoker commands); once
  // hydrated, React handles them (preventDefault cancels the native command)
  return (
    <>
      <button
        type="button"
        className="icon-btn menu-trigger"
        aria-label={t('mobile.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="mobile-menu-trigger"
        {...dialogCommand('show-modal', dialogId)}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <LineIcon size={22} weight={1.8}>
          <path d="M4 7h16M4 12h16M4 17h16" />
        </LineIcon>
      </button>
      <ModalDialog
        id={dialogId}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={close}
        labelledBy={`${uid}-title`}
        className="drawer"
        data-testid="mobile-menu"
      >
        {/* rendered while closed too (a closed dialog is not laid out): the button opens it without scripts */}
        <div className="sidecart-head">
          <h2 id={`${uid}-title`}>{t('mobile.title')}</h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('mobile.close')}
            {...dialogCommand('close', dialogId)}
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
          >
            <LineIcon weight={2}>
              <path d="M6 6l12 12M18 6L6 18" />
            </LineIcon>
          </button>
        </div>
        <MobileMenuLinks user={data.user} onNavigate={close} />
        <Form method="post" action="/preferences" reloadDocument className="drawer-langs" onSubmit={close}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <h3 className="menu-label" id={`${uid}-lang`}>
            {t('language.label')}
          </h3>
          <div role="group" aria-labelledby={`${uid}-lang`} className="chip-row">
            {PICKER_LOCALES.map((l) => (
              <button key={l} type="submit" name="lang" value={l} lang={l} className="chip" aria-pressed={data.lang === l}>
                {LOCALE_NAMES[l]}
              </button>
            ))}
          </div>
        </Form>
        <div className="drawer-foot">
          <ThemeToggle theme={data.theme} className="btn btn-ghost btn-small" withText testId="mobile-theme-toggle" />
        </div>
      </ModalDialog>
    </>
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
          <LinkItems links={SITE_PAGES.slice(0, 4)} current onNavigate={onNavigate} />
        </ul>
      </nav>
      <nav aria-label={t('user.account')}>
        <ul className="drawer-links drawer-links-small">
          {user ? (
            <>
              <LinkItems
                links={[...accountLinks(user.role), ...(user.role === 'Admin' ? [{ to: '/admin/home', label: 'nav.admin', testId: 'mobile-admin-link' }] : [])]}
                current
                onNavigate={onNavigate}
              />
              <li>
                <Form method="post" action="/logout" reloadDocument onSubmit={onNavigate}>
                  <button type="submit" className="link-btn">
                    {t('user.logout')}
                  </button>
                </Form>
              </li>
            </>
          ) : (
            <LinkItems links={[{ to: '/login', label: 'user.login' }]} current onNavigate={onNavigate} />
          )}
        </ul>
      </nav>
    </>
  );
}
