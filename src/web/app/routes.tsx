/**
 * Every page of the app. Pages are lazy so each feature ships in its own chunk.
 * To add a page: one `lazyPage` line below and one entry in ROUTES (and the path in
 * src/core/routes.ts so the server serves the app shell for it with HTTP 200).
 */
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { pageNamespaces } from '../../core/routes';
import i18n from '../i18n';

/**
 * A page loaded on first visit, together with (in parallel, not one after the other) the
 * translation namespaces it reads, so it paints translated at once.
 */
function lazyPage<T extends Record<string, unknown>>(
  load: () => Promise<T>,
  name: keyof T,
  namespaces: string[] = [],
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [page] = await Promise.all([load(), i18n.loadNamespaces(namespaces).catch(() => undefined)]);
    return { default: page[name] as ComponentType };
  });
}

const LandingPage = lazyPage(() => import('./landing/landing-page'), 'LandingPage', pageNamespaces('/'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage', pageNamespaces('/login'));
const SignupPage = lazyPage(
  () => import('../features/auth/pages/signup-page'),
  'SignupPage',
  pageNamespaces('/signup'),
);
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage', ['auth']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage', [
  'auth',
  'validation',
]);
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage', [
  'auth',
  'validation',
]);
const ConfirmEmailPage = lazyPage(() => import('../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage', [
  'auth',
]);
const RoleSelectionPage = lazyPage(() => import('../features/auth/pages/role-selection-page'), 'RoleSelectionPage', [
  'auth',
  'roles',
]);
const AdminLoginPage = lazyPage(() => import('../features/auth/pages/admin-login-page'), 'AdminLoginPage', [
  'auth',
  'validation',
]);
const MyQrPage = lazyPage(() => import('../features/cards/pages/my-qr-page'), 'MyQrPage', ['app', 'cards']);
const OfflinePage = lazyPage(() => import('./offline-page'), 'OfflinePage', ['app']);
const ContactsPage = lazyPage(() => import('../features/contacts/contacts-page'), 'ContactsPage', ['contacts']);
const ContactPage = lazyPage(() => import('../features/contacts/contact-page'), 'ContactPage', [
  'contacts',
  'validation',
]);
const TemplatesPage = lazyPage(() => import('../features/contacts/templates-page'), 'TemplatesPage', ['contacts']);
const AboutPage = lazyPage(() => import('../features/about/about-page'), 'AboutPage', pageNamespaces('/about'));
// The profile's tabs come from several features: all their texts load with it, so switching tabs never waits.
const ProfilePage = lazyPage(() => import('./profile/profile-page'), 'ProfilePage', [
  'profile',
  'analytics',
  'cards',
  'account',
  'inquiries',
  'discovery',
  'subscription',
  'validation',
  'roles',
]);
const MessagesPage = lazyPage(() => import('../features/messaging/messages-page'), 'MessagesPage', ['messaging']);
const SubscriptionPage = lazyPage(() => import('../features/subscription/subscription-page'), 'SubscriptionPage', [
  'subscription',
]);
const CreateCardPage = lazyPage(() => import('../features/cards/pages/create-card-page'), 'CreateCardPage', [
  'cards',
  'validation',
]);
const EditCardPage = lazyPage(() => import('../features/cards/pages/edit-card-page'), 'EditCardPage', [
  'cards',
  'validation',
]);
const CardPage = lazyPage(() => import('../features/cards/pages/card-page'), 'CardPage', ['cards', 'inquiries']);
const AdminPage = lazyPage(() => import('../features/admin/admin-page'), 'AdminPage', [
  'admin-center',
  'brokerages',
  'cards',
  'discovery',
  'validation',
]);
const RegistersPage = lazyPage(() => import('../features/admin/registers-page'), 'RegistersPage', [
  'admin-center',
  'cards',
]);
const DirectoryPage = lazyPage(
  () => import('../features/directory/directory-page'),
  'DirectoryPage',
  pageNamespaces('/directory'),
);
const SearchPage = lazyPage(() => import('../features/search/search-page'), 'SearchPage', pageNamespaces('/search'));
const PropertiesPage = lazyPage(
  () => import('../features/properties/pages/properties-page'),
  'PropertiesPage',
  pageNamespaces('/properties'),
);
const PropertyPage = lazyPage(
  () => import('../features/properties/pages/property-page'),
  'PropertyPage',
  pageNamespaces('/properties/:id'),
);
const PropertyFormPage = lazyPage(() => import('../features/properties/pages/property-form-page'), 'PropertyFormPage', [
  'discovery',
  'validation',
]);
const ServicesPage = lazyPage(
  () => import('../features/services/services-page'),
  'ServicesPage',
  pageNamespaces('/services'),
);
const BrokeragePage = lazyPage(() => import('./brokerage/brokerage-page'), 'BrokeragePage', [
  'brokerages',
  'team',
  'analytics',
  'validation',
]);
const InvitationPage = lazyPage(() => import('../features/brokerages/pages/invitation-page'), 'InvitationPage', [
  'brokerages',
]);
const BrokeragePublicPage = lazyPage(
  () => import('../features/brokerages/pages/brokerage-public-page'),
  'BrokeragePublicPage',
  ['brokerages', 'discovery'],
);
const ContactScanPage = lazyPage(() => import('../features/contact-scan/scan-page'), 'ContactScanPage', [
  'contact-scan',
]);
const ApiKeysPage = lazyPage(() => import('../features/api-keys/api-keys-page'), 'ApiKeysPage', ['api-keys']);
const IntegrationsPage = lazyPage(() => import('../features/integrations/integrations-page'), 'IntegrationsPage', [
  'integrations',
]);
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

/** `title` names the page in `<title>` and in the route announcement (common:pageTitle.*). */
export const ROUTES: { path: string; title: string; Component: LazyExoticComponent<ComponentType> }[] = [
  { path: '/', title: 'home', Component: LandingPage },
  { path: '/login', title: 'login', Component: LoginPage },
  { path: '/signup', title: 'signup', Component: SignupPage },
  { path: '/verify-email', title: 'verifyEmail', Component: VerifyEmailPage },
  { path: '/confirm-email', title: 'confirmEmail', Component: ConfirmEmailPage },
  { path: '/forgot-password', title: 'forgotPassword', Component: ForgotPasswordPage },
  { path: '/reset-password', title: 'resetPassword', Component: ResetPasswordPage },
  { path: '/role-selection', title: 'roleSelection', Component: RoleSelectionPage },
  { path: '/admin-login', title: 'adminLogin', Component: AdminLoginPage },
  { path: '/about', title: 'about', Component: AboutPage },
  { path: '/my-qr', title: 'myQr', Component: MyQrPage },
  { path: '/contacts', title: 'contacts', Component: ContactsPage },
  { path: '/contacts/new', title: 'newContact', Component: ContactPage },
  { path: '/contacts/templates', title: 'messageTemplates', Component: TemplatesPage },
  { path: '/contacts/:id', title: 'contact', Component: ContactPage },
  { path: '/offline', title: 'offline', Component: OfflinePage },
  { path: '/profile', title: 'profile', Component: ProfilePage },
  { path: '/messages', title: 'messages', Component: MessagesPage },
  { path: '/subscription', title: 'subscription', Component: SubscriptionPage },
  { path: '/create-card', title: 'createCard', Component: CreateCardPage },
  { path: '/edit-card/:id', title: 'editCard', Component: EditCardPage },
  { path: '/cards/:id', title: 'card', Component: CardPage },
  { path: '/admin', title: 'admin', Component: AdminPage },
  { path: '/admin/registers', title: 'adminRegisters', Component: RegistersPage },
  { path: '/directory', title: 'directory', Component: DirectoryPage },
  { path: '/search', title: 'search', Component: SearchPage },
  { path: '/properties', title: 'properties', Component: PropertiesPage },
  { path: '/properties/new', title: 'newProperty', Component: PropertyFormPage },
  { path: '/properties/:id', title: 'property', Component: PropertyPage },
  { path: '/properties/:id/edit', title: 'editProperty', Component: PropertyFormPage },
  { path: '/services', title: 'services', Component: ServicesPage },
  { path: '/brokerage', title: 'brokerage', Component: BrokeragePage },
  { path: '/brokerages/invitations/:token', title: 'brokerageInvitation', Component: InvitationPage },
  { path: '/brokerages/:slug', title: 'brokeragePage', Component: BrokeragePublicPage },
  { path: '/contacts/scan', title: 'contactScan', Component: ContactScanPage },
  { path: '/settings/api-keys', title: 'apiKeys', Component: ApiKeysPage },
  { path: '/settings/integrations', title: 'integrations', Component: IntegrationsPage },
  { path: '*', title: 'notFound', Component: NotFoundPage },
];
