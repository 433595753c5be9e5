import type { PublicUser } from '../../../../core/schemas/auth';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { PrivacySettings } from './privacy-settings';
import { TwoFactorSettings } from './two-factor-settings';

/** Profile → Settings: every control persists. */
/** `links`: ways to other settings pages, which the app puts here (features don't import each other). */
export function SettingsTab({ user, links }: { user: PublicUser; links?: ReactNode }) {
  return (
    <div className="space-y-6">
      <PrivacySettings />
      {links}
      <ChangePasswordForm />
      <TwoFactorSettings />
      <DeleteAccount user={user} />
    </div>
  );
}
