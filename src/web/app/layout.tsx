import { LogOut, Shield } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { useAuth } from '../lib/use-auth';
import { liveConnection } from '../lib/live-connection';
import { forgetPrivateCache } from '../lib/pwa/register';
import { cn } from '../lib/utils';
import { AppStatus } from './app-status';
import { LanguageToggle } from './language-toggle';
import { ThemeToggle } from './theme-toggle';
import { Logo } from './logo';
import { DESKTOP_NAV, MOBILE_NAV } from './nav-items';
import { UnreadBadge } from './unread-badge';
import { useDueFollowUps } from '../features/contacts/use-due-follow-ups';
import { useUnreadCount } from './use-unread-count';
import { useMyCards } from '../features/cards/api/use-my-cards';
import { pickHomeCard } from './home/pick-home-card';

function Header() {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const unread = useUnreadCount();
  const dueFollowUps = useDueFollowUps();
  // The header shows the face people know from the card: its photo, else the account's, else initials.
  const myCards = useMyCards(isAuthenticated && user?.role !== 'admin');
  const cardPhoto = pickHomeCard(myCards.data ?? [])?.profileImageUrl;
  return (
    <header data-site-header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        {/* The logo keeps its size; on a phone the controls beside it make room instead. */}
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={t('nav.homeAria')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.main')} className="hidden flex-1 items-center gap-1 md:flex">
          {DESKTOP_NAV.filter((i) => !('auth' in i) || isAuthenticated).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  isActive && 'bg-brand-50 text-brand-800',
                )
              }
            >
              {t(item.key)}
              {item.to === '/messages' && <UnreadBadge count={unread} />}
              {item.to === '/contacts' && <UnreadBadge count={dueFollowUps} />}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <LanguageToggle signedIn={isAuthenticated} />
          {isAuthenticated && user ? (
            <>
              {user.role === 'admin' && (
                <Button asChild variant="outline" size="sm" className="hidden sm:inline-flex">
                  <Link to="/admin">
                    <Shield className="h-4 w-4" aria-hidden="true" />
                    {t('nav.admin')}
                  </Link>
                </Button>
              )}
              <Link
                to="/profile"
                className="hidden items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:flex"
              >
                <Avatar
                  src={cardPhoto || user.profileImageUrl}
                  name={`${user.firstName} ${user.lastName}`}
                  className="h-8 w-8"
                />
                <span>{user.firstName || t('nav.userFallback')}</span>
              </Link>
              {/* Signing out is a POST from this page, never a GET a stranger's link can make. */}
              <form
                method="post"
                action="/api/logout"
                onSubmit={() => {
                  liveConnection.stop();
                  void forgetPrivateCache();
                }}
              >
                <Button type="submit" variant="ghost" size="sm" aria-label={t('nav.logout')}>
                  <LogOut className="h-4 w-4 rtl-flip" aria-hidden="true" />
                  <span className="hidden lg:inline">{t('nav.logout')}</span>
                </Button>
              </form>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link to="/signup">{t('nav.getStarted')}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The bar never covers a focused field. `scroll-padding` (styles.css) makes the
 * browser's own focus scrolling stop above the bar; a field it already counted as visible (half
 * under the bar) is brought fully into view here, still honouring the padding.
 */
function useFocusedFieldClearOfBar() {
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      if (!(el instanceof HTMLElement) || el.closest('[data-mobile-bar], [role=dialog]')) return;
      const bar = document.querySelector('[data-mobile-bar]')?.getBoundingClientRect();
      if (!bar || bar.height === 0) return; // desktop: no bar
      const header = document.querySelector('[data-site-header]')?.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      if (r.bottom > bar.top || r.top < (header?.bottom ?? 0)) el.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
}

function MobileBar() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount();
  const due = useDueFollowUps();
  const { pathname } = useLocation();
  const items = MOBILE_NAV.filter((i) => i.kind !== 'contacts' || isAuthenticated);
  return (
    <nav
      aria-label={t('nav.mobile')}
      data-mobile-bar
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 grid border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden',
        items.length === 6 ? 'grid-cols-6' : 'grid-cols-5',
      )}
    >
      {items.map(({ to, key, icon: Icon, kind }) => {
        const disabled = kind === 'messages' && !isAuthenticated;
        const target = kind === 'profile' && !isAuthenticated ? '/login' : to;
        const active = to === '/' ? pathname === '/' : pathname.startsWith(to);
        const content = (
          <>
            <span className="relative">
              <Icon className="h-5 w-5" aria-hidden="true" />
              {kind === 'messages' && <UnreadBadge count={unread} className="absolute -top-2 -end-3" />}
              {kind === 'contacts' && <UnreadBadge count={due} className="absolute -top-2 -end-3" />}
            </span>
            {/* Six cells on a 390 px phone: a two-word Arabic label wraps inside its own cell. */}
            <span className="w-full text-center leading-tight [overflow-wrap:anywhere]">{t(key)}</span>
          </>
        );
        const cls = cn(
          'flex min-w-0 flex-col items-center gap-0.5 px-0.5 py-2 text-[11px] font-medium',
          active ? 'text-brand-700' : 'text-slate-500',
          disabled && 'cursor-not-allowed opacity-40',
        );
        return disabled ? (
          <span key={to} className={cls} aria-disabled="true">
            {content}
          </span>
        ) : (
          <Link key={to} to={target} className={cls} aria-current={active ? 'page' : undefined}>
            {content}
          </Link>
        );
      })}
    </nav>
  );
}

function Footer() {
  const { t } = useTranslation();
  const columns: { title: string; links: { label: string; to: string }[] }[] = [
    {
      title: t('footer.platform'),
      links: [
        { label: t('nav.directory'), to: '/directory' },
        { label: t('nav.properties'), to: '/properties' },
        { label: t('nav.services'), to: '/services' },
      ],
    },
    {
      title: t('footer.professionals'),
      links: [
        { label: t('footer.createCard'), to: '/signup' },
        { label: t('footer.joinNetwork'), to: '/signup' },
        { label: t('footer.pricing'), to: '/about#roles' },
      ],
    },
    {
      title: t('footer.support'),
      links: [
        { label: t('nav.about'), to: '/about' },
        { label: t('footer.contact'), to: '/about#contact' },
      ],
    },
  ];
  return (
    <footer data-site-footer className="mt-16 border-t border-slate-200 bg-brand-900 pb-20 text-brand-100 md:pb-0">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-sm">{t('footer.tagline')}</p>
          <p className="text-xs">{t('footer.languagesCurrency')}</p>
        </div>
        {columns.map((col) => (
          <div key={col.title}>
            <h2 className="mb-3 text-sm font-semibold text-white">{col.title}</h2>
            <ul className="text-sm">
              {col.links.map((l) => (
                <li key={l.label}>
                  {l.to.startsWith('/api/') ? (
                    <a href={l.to} className="inline-flex min-h-11 items-center hover:text-white">
                      {l.label}
                    </a>
                  ) : (
                    <Link to={l.to} className="inline-flex min-h-11 items-center hover:text-white">
                      {l.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs">
        © {new Date().getFullYear()} {t('brand')} · {t('footer.address')}
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useFocusedFieldClearOfBar();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Header />
      <AppStatus />
      <main id="main" className="flex-1 pb-20 md:pb-0">
        {children}
      </main>
      <Footer />
      <MobileBar />
    </div>
  );
}
