/**
 * Every page of spec §2. Pages are lazy so each feature ships in its own chunk.
 * To add a page: one `lazyPage` line below and one entry in ROUTES (and the path in
 * src/core/routes.ts so the server serves the app shell for it with HTTP 200).
 */
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

function lazyPage<T extends Record<string, unknown>>(
  load: () => Promise<T>,
  name: keyof T,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = lazyPage(() => import('../features/landing/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('../features/auth/pages/signup-page'), 'SignupPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage');
const RoleSelectionPage = lazyPage(() => import('../features/auth/pages/role-selection-page'), 'RoleSelectionPage');
const AdminLoginPage = lazyPage(() => import('../features/auth/pages/admin-login-page'), 'AdminLoginPage');
const AboutPage = lazyPage(() => import('../features/about/about-page'), 'AboutPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const MessagesPage = lazyPage(() => import('../features/messaging/messages-page'), 'MessagesPage');
const SubscriptionPage = lazyPage(() => import('../features/subscription/subscription-page'), 'SubscriptionPage');
const CreateCardPage = lazyPage(() => import('../features/cards/pages/create-card-page'), 'CreateCardPage');
const EditCardPage = lazyPage(() => import('../features/cards/pages/edit-card-page'), 'EditCardPage');
const CardPage = lazyPage(() => import('../features/cards/pages/card-page'), 'CardPage');
const AdminPage = lazyPage(() => import('../features/admin/admin-page'), 'AdminPage');
const DirectoryPage = lazyPage(() => import('../features/discovery/pages/directory-page'), 'DirectoryPage');
const SearchPage = lazyPage(() => import('../features/discovery/pages/search-page'), 'SearchPage');
const PropertiesPage = lazyPage(() => import('../features/discovery/pages/properties-page'), 'PropertiesPage');
const PropertyPage = lazyPage(() => import('../features/discovery/pages/property-page'), 'PropertyPage');
const PropertyFormPage = lazyPage(() => import('../features/discovery/pages/property-form-page'), 'PropertyFormPage');
const ServicesPage = lazyPage(() => import('../features/discovery/pages/services-page'), 'ServicesPage');
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
  { path: '/profile', title: 'profile', Component: ProfilePage },
  { path: '/messages', title: 'messages', Component: MessagesPage },
  { path: '/subscription', title: 'subscription', Component: SubscriptionPage },
  { path: '/create-card', title: 'createCard', Component: CreateCardPage },
  { path: '/edit-card/:id', title: 'editCard', Component: EditCardPage },
  { path: '/cards/:id', title: 'card', Component: CardPage },
  { path: '/admin', title: 'admin', Component: AdminPage },
  { path: '/directory', title: 'directory', Component: DirectoryPage },
  { path: '/search', title: 'search', Component: SearchPage },
  { path: '/properties', title: 'properties', Component: PropertiesPage },
  { path: '/properties/new', title: 'newProperty', Component: PropertyFormPage },
  { path: '/properties/:id', title: 'property', Component: PropertyPage },
  { path: '/properties/:id/edit', title: 'editProperty', Component: PropertyFormPage },
  { path: '/services', title: 'services', Component: ServicesPage },
  { path: '*', title: 'notFound', Component: NotFoundPage },
];
