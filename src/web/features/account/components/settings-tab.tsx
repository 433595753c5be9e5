import type { PublicUser } from '../../../../core/schemas/auth';
import { IntegrationsLink } from '../../integrations/integrations-link';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { PrivacySettings } from './privacy-settings';
import { TwoFactorSettings } from './two-factor-settings';

/** Profile → Settings (spec §2 Profile; issue 6: every control persists). */
export function SettingsTab({ user }: { user: PublicUser }) {
  return (
    <div className="space-y-6">
      <PrivacySettings />
      <IntegrationsLink />
      <ChangePasswordForm />
      <TwoFactorSettings />
      <DeleteAccount user={user} />
    </div>
  );
}
