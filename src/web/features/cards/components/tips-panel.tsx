import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

const TIPS = ['photo', 'specific', 'languages', 'license', 'ai', 'review'] as const;

/** The create-card tips panel. */
export function TipsPanel({ showLicense }: { showLicense: boolean }) {
  const { t } = useTranslation('cards');
  return (
    <Card className="bg-brand-50/60">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Lightbulb className="h-5 w-5 text-gold-500" aria-hidden="true" />
          {t('tips.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 ps-5 text-sm text-slate-700">
          {TIPS.filter((k) => showLicense || k !== 'license').map((k) => (
            <li key={k}>{t(`tips.${k}`)}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
