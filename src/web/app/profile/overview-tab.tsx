import type { PublicUser } from '../../../core/schemas/auth';
import { ProfileOverview } from '../../features/account/components/profile-overview';
import { CardAnalyticsSection } from '../../features/analytics/components/card-analytics';

/** Overview: real account facts and figures only (/api/profile/overview, no invented numbers). */
export function OverviewTab({ user }: { user: PublicUser }) {
  return (
    <div className="space-y-6">
      <ProfileOverview user={user} />
      {/* The figures over time, below the lifetime totals. */}
      <CardAnalyticsSection />
    </div>
  );
}
