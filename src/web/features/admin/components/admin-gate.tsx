/**
 * The door of every admin page: a spinner while the session loads, the second-factor enrolment
 * for an admin who must turn it on first, a non-admin told and sent home, a signed-out visitor
 * sent to the admin sign-in; an admin sees the page.
 */
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DELAYS } from '../../../../core/limits';
import { PageSpinner } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useAdminAuth, useAuth } from '../../../lib/use-auth';

export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useAuth();
  const { admin, mustEnrolTwoFactor, isLoading: adminLoading } = useAdminAuth();
  const loading = userLoading || adminLoading;
  const signedIn = !!user;
  const denied = !loading && signedIn && !admin && !mustEnrolTwoFactor;
  const loggedOut = !loading && !signedIn;

  useEffect(() => {
    if (denied) {
      // A non-admin is told and sent home after 1 s.
      toast({ title: t('admin.accessDeniedTitle'), description: t('admin.accessDeniedText'), variant: 'destructive' });
      const timer = setTimeout(() => navigate('/'), DELAYS.adminDeniedRedirect);
      return () => clearTimeout(timer);
    }
    if (loggedOut) {
      // Not logged in → the admin sign-in after 0.5 s.
      const timer = setTimeout(() => navigate('/admin-login'), DELAYS.adminLoginRedirect);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [denied, loggedOut, navigate, t]);

  if (loading) return <PageSpinner />;
  if (mustEnrolTwoFactor) {
    // The first sign-in of an admin who must use a second factor: turn it on, then come back.
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <ShieldCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold">{t('admin.enrolTitle')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('admin.enrolText')}</p>
        <Button asChild className="mt-6">
          <Link to="/profile?tab=settings">{t('admin.enrolAction')}</Link>
        </Button>
      </div>
    );
  }
  if (!admin) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">{denied ? t('admin.accessDeniedTitle') : t('admin.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{denied ? t('admin.accessDeniedText') : t('admin.notLoggedIn')}</p>
      </div>
    );
  }
  return <>{children}</>;
}
