/**
 * The user icon (docs/product.md §2): a login link when anonymous; when logged in, a hover
 * menu with Profile, Influencer Profile (Influencer or Admin only), History and Log out (a form
 * post to /logout). A mouse opens it by hovering (it closes shortly after the pointer leaves);
 * touch and keyboard open it with a tap, Enter or Space, also before the page's scripts run (a
 * `<details>`). A disclosure ({@link useDisclosure}):
 * Tab or the arrow keys reach every item, Escape closes it and focus returns to the icon.
 */
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';
import { useDisclosure } from './dialog.tsx';
import { accountLinks, LinkItems } from './SiteLinks.tsx';
import { LineIcon } from './LineIcon.tsx';

function UserIcon() {
  return (
    <LineIcon size={21}>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4 20.5c1.4-3.8 4.4-5.6 8-5.6s6.6 1.8 8 5.6" />
    </LineIcon>
  );
}

/** How long a hover-opened menu stays after the mouse leaves it, ms (time to reach the menu). */
const HOVER_CLOSE_DELAY_MS = 250;

/** The user icon: a login link for visitors, the account menu for a logged-in user. */
export function UserMenu({ user }: { user: RootData['user'] }) {
  const { t } = useTranslation();
  const { setOpen, wrapperProps, buttonProps, panelProps } = useDisclosure('user-menu');
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPointer = useRef('');
  const cancelClose = () => {
    if (leaveTimer.current) clearTimeout(leaveTimer.current);
    leaveTimer.current = null;
  };
  useEffect(() => cancelClose, []);
  if (!user) {
    return (
      <Link to="/login" className="icon-btn" aria-label={t('user.login')} title={t('user.login')} data-testid="login-link">
        <UserIcon />
      </Link>
    );
  }
  return (
    <details
      className="menu-wrap"
      {...wrapperProps}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        leaveTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
      }}
    >
      <summary
        {...buttonProps}
        className="icon-btn"
        aria-label={t('user.menu')}
        data-testid="user-menu-trigger"
        // a mouse has opened it by hovering: its click keeps it open instead of toggling it shut
        onPointerDown={(e) => {
          lastPointer.current = e.pointerType;
        }}
        onClick={(e) => {
          if (e.detail > 0 && lastPointer.current === 'mouse') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserIcon />
      </summary>
      <div {...panelProps} className="menu menu-popup" data-testid="user-menu">
        <ul className="menu-list">
          <LinkItems links={accountLinks(user.role)} className="menu-item" onNavigate={() => setOpen(false)} />
          <li className="menu-sep" aria-hidden="true" />
          <li>
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit" className="menu-item" data-testid="logout">
                {t('user.logout')}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
