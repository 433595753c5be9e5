import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProfessionalRole } from '../../../../core/enums';
import { DELAYS } from '../../../../core/limits';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { apiJson, isUnauthorizedError, queryClient } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { AccessDenied } from '../../../components/access-denied';
import { AUTH_USER_KEY, takeReturnPath, useAuth } from '../../../lib/use-auth';
import { ROLE_OFFERINGS, SELECTED_ROLE_KEY } from '../../../lib/role-offerings';

function initialRole(current?: string, chosen?: boolean): ProfessionalRole | null {
  const stored = typeof window !== 'undefined' ? window.sessionStorage.getItem(SELECTED_ROLE_KEY) : null;
  const match = ROLE_OFFERINGS.find((r) => r.id === stored);
  if (match) return match.id;
  if (chosen) return ROLE_OFFERINGS.find((r) => r.id === current)?.id ?? null;
  return null;
}

export function RoleSelectionPage() {
  const { t } = useTranslation('auth');
  const { t: tr } = useTranslation('roles');
  const navigate = useNavigate();
  const { user, isLoading } = useAuth();
  const [selected, setSelected] = useState<ProfessionalRole | null>(() => initialRole(user?.role, user?.roleChosen));

  const setRole = useMutation({
    mutationFn: (role: ProfessionalRole) => apiJson('POST', '/api/auth/update-role', { role }),
    onSuccess: async () => {
      window.sessionStorage.removeItem(SELECTED_ROLE_KEY);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      toast({ title: t('role.completeTitle') });
      // Back to a page they were opening (a conversation, an invitation), else on to their card.
      navigate(takeReturnPath() ?? '/create-card');
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({
          title: t('errors.unauthorizedTitle', { ns: 'common' }),
          description: t('errors.unauthorizedText', { ns: 'common' }),
          variant: 'destructive',
        });
        setTimeout(() => navigate('/login'), DELAYS.unauthorizedRedirect);
        return;
      }
      toast({ title: t('role.failedTitle'), description: t('role.failedText'), variant: 'destructive' });
    },
  });

  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold text-brand-800">{t('role.title')}</h1>
        <p className="mt-2 text-slate-600">{t('role.subtitle')}</p>
      </header>
      <div role="radiogroup" aria-label={t('role.title')} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ROLE_OFFERINGS.map((role) => {
          const active = selected === role.id;
          const Icon = role.icon;
          return (
            <button
              key={role.id}
              type="button"
              role="radio"
              aria-checked={active}
              data-testid={`role-${role.id}`}
              onClick={() => setSelected(role.id)}
              className={cn(
                'flex h-full flex-col rounded-2xl border-2 bg-white p-5 text-start shadow-sm transition hover:border-brand-300',
                active ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200',
              )}
            >
              <div className="flex items-center justify-between">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                {active && <Check className="h-5 w-5 text-brand-700" aria-hidden="true" />}
              </div>
              <h2 className="mt-4 text-lg font-semibold">{tr(`${role.id}.title`)}</h2>
              <p className="text-sm text-slate-500">{tr(`${role.id}.subtitle`)}</p>
              <p className="mt-3 text-2xl font-bold text-brand-800">
                {role.isFree ? tr('free') : tr('pricePerYear', { price: role.price })}
              </p>
              <ul className="mt-3 space-y-1.5 text-sm text-slate-600">
                {Array.from({ length: role.featureCount }, (_, i) => (
                  <li key={i} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
                    {tr(`${role.id}.features.${i}`)}
                  </li>
                ))}
              </ul>
            </button>
          );
        })}
      </div>
      <p className="mt-6 text-center text-sm text-slate-500">{t('role.paidNote')}</p>
      <div className="mt-6 flex justify-center">
        <Button
          size="lg"
          disabled={setRole.isPending}
          onClick={() => {
            if (!selected) {
              toast({ title: t('role.requiredTitle'), description: t('role.requiredText'), variant: 'destructive' });
              return;
            }
            setRole.mutate(selected);
          }}
        >
          {setRole.isPending ? t('role.saving') : t('role.continue')}
        </Button>
      </div>
    </div>
  );
}
