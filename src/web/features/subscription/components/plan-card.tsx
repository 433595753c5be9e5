import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION } from '../../../../core/limits';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

export const PLAN_FEATURES = ['card', 'directory', 'ai', 'leads', 'networking'] as const;

/** The Professional Plan on the subscription page. */
export function PlanCard() {
  const { t } = useTranslation('subscription');
  return (
    <Card className="border-brand-200 bg-gradient-to-b from-brand-50 to-white" data-testid="plan-card">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-gold-400 text-brand-900">
            <Crown className="h-6 w-6" aria-hidden="true" />
          </span>
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('plan.name')}</h2>
            <p className="text-sm text-slate-500">{t('plan.subtitle')}</p>
          </div>
        </div>
        <p className="pt-3 text-3xl font-bold text-brand-800">
          {t('plan.price', { price: SUBSCRIPTION.priceAed })}
          <span className="ms-1 text-base font-medium text-slate-500">{t('plan.perYear')}</span>
        </p>
      </CardHeader>
      <CardContent>
        <h3 className="text-sm font-semibold text-slate-700">{t('plan.included')}</h3>
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {PLAN_FEATURES.map((f) => (
            <li key={f} className="flex gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {t(`plan.features.${f}`)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
