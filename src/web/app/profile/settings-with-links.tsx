import type { PublicUser } from '../../../core/schemas/auth';
import { SettingsTab } from '../../features/account/components/settings-tab';
import { IntegrationsLink } from '../../features/integrations/integrations-link';

/** Profile → Settings, with the way to the integrations page among the account's own settings. */
export function SettingsWithLinks({ user }: { user: PublicUser }) {
  return <SettingsTab user={user} links={<IntegrationsLink />} />;
}
