/**
 * Live password strength on the sign-up form: the same zxcvbn-ts rule the
 * server applies, loaded only when someone starts typing a password (the dictionaries are big).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordStrength } from '../../../../core/password-strength';

type Check = (password: string, userInputs?: string[]) => PasswordStrength;

const BAR_COLOURS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

export function PasswordStrengthHint({ password, userInputs }: { password: string; userInputs: string[] }) {
  const { t } = useTranslation('auth');
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    if (!password || check) return;
    let alive = true;
    import('../../../../core/password-strength').then((m) => {
      if (alive) setCheck(() => m.passwordStrength);
    });
    return () => {
      alive = false;
    };
  }, [password, check]);
  if (!password || !check) return null;
  const result = check(password, userInputs);
  return (
    <div className="space-y-1" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={`h-1.5 flex-1 rounded-full ${i < Math.max(1, result.score) ? BAR_COLOURS[result.score] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600" role="status">
        {t('signup.strength.label')}: {t(`signup.strength.${result.score}`)}
        {result.ok ? '' : ` — ${t('signup.strength.tooWeak')}`}
      </p>
    </div>
  );
}
