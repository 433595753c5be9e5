/**
 * /brokerages/invitations/{token}: what the invitation is for, then Accept or Decline.
 * Signed out, the visitor signs in first and comes back here.
 */
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { rememberReturnPath, useAuth } from '../../../lib/use-auth';
import { useAnswerInvitation, useInvitationPreview } from '../api/use-invitations';
import { BrokerageLogo } from '../components/brokerage-logo';
import { OrnBadge } from '../components/verified-badge';

export function InvitationPage() {
  const { t, i18n } = useTranslation('brokerages');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading } = useAuth();
  const preview = useInvitationPreview(token);
  const answer = useAnswerInvitation(token);
  if (isLoading || preview.isLoading) return <PageSpinner />;
  if (!preview.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card>
          <CardContent className="space-y-3 p-8 text-center">
            <h1 className="text-xl font-semibold">{t('invitation.invalidTitle')}</h1>
            <p className="text-sm text-slate-600">
              {preview.error instanceof ApiError && preview.error.status !== 404
                ? preview.error.serverMessage
                : t('invitation.invalidText')}
            </p>
          </CardContent>
        </Card>
      </div>
    );
  }
  const p = preview.data;
  const name = i18n.language === 'ar' && p.brokerage.nameAr ? p.brokerage.nameAr : p.brokerage.name;
  const here = `/brokerages/invitations/${token}`;
  const reply = (kind: 'accept' | 'decline') =>
    answer.mutate(kind, {
      onSuccess: () => {
        toast({ title: kind === 'accept' ? t('invitation.accepted', { name }) : t('invitation.declined') });
        navigate(kind === 'accept' ? '/brokerage' : '/');
      },
      onError: (error) =>
        toast({
          title: t('invitation.failed'),
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
    });
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card style={{ borderTop: `6px solid ${p.brokerage.primaryColor ?? '#0f4c81'}` }}>
        <CardContent className="space-y-5 p-8">
          <div className="flex items-center gap-4">
            <BrokerageLogo
              url={p.brokerage.logoUrl}
              name={name}
              color={p.brokerage.primaryColor}
              className="h-14 w-14"
            />
            <div>
              <h1 className="text-xl font-bold">{t('invitation.title', { name })}</h1>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span dir="ltr">{t('ornLabel', { orn: p.brokerage.ornNumber })}</span>
                <OrnBadge verified={p.brokerage.verified} />
              </div>
            </div>
          </div>
          <p className="text-sm text-slate-700">
            {t('invitation.text', { name, role: t(`invitation.asRole.${p.role}`) })}
          </p>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <MailCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              {t('invitation.for')}{' '}
              <bdi dir="ltr" data-user>
                {p.email}
              </bdi>
            </span>
          </p>
          {user ? (
            <div className="flex flex-wrap gap-3">
              <Button size="primary" disabled={answer.isPending} onClick={() => reply('accept')}>
                {t('invitation.accept')}
              </Button>
              <Button variant="outline" size="primary" disabled={answer.isPending} onClick={() => reply('decline')}>
                {t('invitation.decline')}
              </Button>
            </div>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">{t('invitation.signInText', { email: p.email })}</p>
              <div className="flex flex-wrap gap-3">
                <Button
                  size="primary"
                  onClick={() => {
                    rememberReturnPath(here);
                    navigate('/login');
                  }}
                >
                  {t('invitation.signIn')}
                </Button>
                <Button
                  variant="outline"
                  size="primary"
                  onClick={() => {
                    rememberReturnPath(here);
                    navigate('/signup');
                  }}
                >
                  {t('invitation.signUp')}
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
