import { useTranslation } from 'react-i18next';
import { CARD_VISIBILITIES, type CardVisibility } from '../../../../core/enums';
import { NOTIFICATION_KINDS, type NotificationKind, type SettingsUpdate } from '../../../../core/schemas/account';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useSettings, useUpdateSettings } from '../api/use-settings';

/** Card visibility and e-mail preferences: each change is saved at once. */
export function PrivacySettings() {
  const { t } = useTranslation('account');
  const { data } = useSettings();
  const update = useUpdateSettings();
  const onUnauthorized = useHandleUnauthorized();

  const save = (input: SettingsUpdate) =>
    update.mutate(input, {
      onSuccess: () => toast({ title: t('settings.saved') }),
      onError: (error) => {
        if (!onUnauthorized(error))
          toast({ title: t('settings.failedTitle'), description: t('settings.failedText'), variant: 'destructive' });
      },
    });

  if (!data) return <Skeleton className="h-64" />;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t('visibility.title')}</CardTitle>
          <CardDescription>{t('visibility.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="space-y-2">
            <legend className="sr-only">{t('visibility.title')}</legend>
            {CARD_VISIBILITIES.map((v: CardVisibility) => (
              <label
                key={v}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600"
              >
                <input
                  type="radio"
                  name="cardVisibility"
                  value={v}
                  className="mt-1 accent-brand-700"
                  checked={data.cardVisibility === v}
                  onChange={() => save({ cardVisibility: v })}
                />
                <span>
                  <span className="block text-sm font-medium text-slate-800">
                    {t(`cardVisibility.${v}`, { ns: 'enums' })}
                  </span>
                  <span className="block text-xs text-slate-500">{t(`visibility.help.${v}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('notifications.title')}</CardTitle>
          <CardDescription>{t('notifications.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('notifications.title')}</legend>
            {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
              <label key={kind} className="flex items-center justify-between gap-3 text-sm">
                <span>{t(`notifications.${kind}`)}</span>
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={data.notificationPrefs[kind]}
                  className="h-5 w-5 accent-brand-700"
                  checked={data.notificationPrefs[kind]}
                  onChange={(e) => save({ notificationPrefs: { [kind]: e.target.checked } })}
                />
              </label>
            ))}
          </fieldset>
        </CardContent>
      </Card>
    </>
  );
}
