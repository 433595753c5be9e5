import type { PublicUser } from '../../../core/schemas/auth';
import { ProfileOverview } from '../../features/account/components/profile-overview';

/** Overview: real account facts and figures only (issue 6: /api/profile/overview, no invented numbers). */
export function OverviewTab({ user }: { user: PublicUser }) {
  return <ProfileOverview user={user} />;
}
