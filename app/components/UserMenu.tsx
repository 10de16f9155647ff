/**
 * The user icon (specification section 2): a login link when anonymous; when logged in, a menu
 * with Profile, Influencer Profile (Influencer or Admin only), History and Log out (a form post to
 * /logout). Radix DropdownMenu: keyboard reachable, Escape closes, focus returns to the icon.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
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

/** Whether a role may see the Influencer Profile (specification section 6). */
export function hasInfluencerProfile(role: string | undefined): boolean {
  return role === 'Influencer' || role === 'Admin';
}

export function UserMenu({ user }: { user: RootData['user'] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  if (!user) {
    return (
      <Link to="/login" className="icon-btn" aria-label={t('user.login')} title={t('user.login')} data-testid="login-link">
        <UserIcon />
      </Link>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-btn" aria-label={t('user.menu')} data-testid="user-menu-trigger">
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="end" data-testid="user-menu">
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
