/**
 * The user icon (specification section 2): a login link when anonymous; when logged in, a hover
 * menu with Profile, Influencer Profile (Influencer or Admin only), History and Log out (a form
 * post to /logout). A mouse opens it by hovering (it closes shortly after the pointer leaves);
 * touch and keyboard open it with a tap, Enter or Space. Radix DropdownMenu: keyboard reachable,
 * Escape closes, focus returns to the icon.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { Link, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';

function UserIcon() {
  return (
    <svg width="21" height="21" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M4 20.5c1.4-3.8 4.4-5.6 8-5.6s6.6 1.8 8 5.6" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
    </svg>
  );
}

/** How long a hover-opened menu stays after the mouse leaves it, ms (time to reach the menu). */
const HOVER_CLOSE_DELAY_MS = 250;

/** Whether a role may see the Influencer Profile (specification section 6). */
export function hasInfluencerProfile(role: string | undefined): boolean {
  return role === 'Influencer' || role === 'Admin';
}

export function UserMenu({ user }: { user: RootData['user'] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = () => {
    if (leaveTimer.current) clearTimeout(leaveTimer.current);
    leaveTimer.current = null;
  };
  const hover = {
    onPointerEnter: (e: React.PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      cancelClose();
      setOpen(true);
    },
    onPointerLeave: (e: React.PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      cancelClose();
      leaveTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
    },
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
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        className="icon-btn"
        aria-label={t('user.menu')}
        data-testid="user-menu-trigger"
        {...hover}
        // a click after hovering keeps the hover-opened menu open instead of toggling it shut
        onPointerDown={(e) => {
          if (e.pointerType === 'mouse' && open) e.preventDefault();
        }}
      >
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="end" data-testid="user-menu" {...hover}>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/profile">{t('user.profile')}</Link>
          </DropdownMenu.Item>
          {hasInfluencerProfile(user.role) && (
            <DropdownMenu.Item asChild className="menu-item">
              <Link to="/client/influencer">{t('user.influencer')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/client/history">{t('user.history')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-sep" />
          <DropdownMenu.Item className="menu-item" onSelect={() => submit(null, { method: 'post', action: '/logout' })} data-testid="logout">
            {t('user.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
