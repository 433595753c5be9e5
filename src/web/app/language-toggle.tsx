import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { markLanguageChosen } from '../i18n';
import { apiRequest } from '../lib/api';
import { cn } from '../lib/utils';

/** EN | عربي: switches the language and the page direction, remembered per browser. */
export function LanguageToggle({ className, signedIn }: { className?: string; signedIn?: boolean }) {
  const { i18n, t } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      onClick={() => {
        markLanguageChosen();
        void i18n.changeLanguage(next);
        // Remember it on the account too, so e-mails and other devices follow.
        if (signedIn)
          void apiRequest('PATCH', '/api/auth/preferences', { preferredLanguage: next }).catch(() => undefined);
      }}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50',
        className,
      )}
      aria-label={t('nav.switchLanguage')}
      data-testid="language-toggle"
    >
      {/* The two language names say what the button does; a phone's header has no room for the icon too. */}
      <Languages className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      <span className={i18n.language === 'en' ? 'font-bold text-brand-800' : ''}>EN</span>
      <span aria-hidden="true">|</span>
      <span className={i18n.language === 'ar' ? 'font-bold text-brand-800' : ''} lang="ar">
        عربي
      </span>
    </button>
  );
}
