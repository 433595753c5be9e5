import { Building2, ContactRound, Home, type LucideIcon, MessageSquare, User, Users } from 'lucide-react';

/** Desktop navigation. `auth` items show only when signed in. */
export const DESKTOP_NAV = [
  { to: '/directory', key: 'nav.directory' },
  { to: '/properties', key: 'nav.properties' },
  { to: '/messages', key: 'nav.messages', auth: true },
  { to: '/contacts', key: 'nav.contacts', auth: true },
  { to: '/services', key: 'nav.services' },
  { to: '/about', key: 'nav.about' },
] as const;

/** Mobile bottom bar: Home, Directory, Messages, Properties, Profile. */
export const MOBILE_NAV: { to: string; key: string; icon: LucideIcon; kind?: 'messages' | 'profile' | 'contacts' }[] = [
  { to: '/', key: 'nav.home', icon: Home },
  { to: '/directory', key: 'nav.directory', icon: Users },
  { to: '/messages', key: 'nav.messages', icon: MessageSquare, kind: 'messages' },
  { to: '/properties', key: 'nav.properties', icon: Building2 },
  // Signed in only: the contact book, with the follow-ups due today.
  // A one-word label: six cells share a 390 px phone, and "جهات الاتصال" ran into its neighbour.
  { to: '/contacts', key: 'nav.contactsShort', icon: ContactRound, kind: 'contacts' },
  { to: '/profile', key: 'nav.profile', icon: User, kind: 'profile' },
];
