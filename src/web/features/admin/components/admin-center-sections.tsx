import { AuditLogSection } from './audit-log-section';
import { BrokeragesSection } from './brokerages-section';
import { QuickActions } from './quick-actions';
import { ReviewQueueSection } from './review-queue-section';
import { ServicesSection } from './services-section';
import { StatsSection } from './stats-section';
import { UsersSection } from './users-section';

/** The business part of /admin: statistics, quick actions, the review queue, users, the services catalogue and the audit log. */
export function AdminCenterSections() {
  return (
    <div className="space-y-10">
      <StatsSection />
      <QuickActions />
      <ReviewQueueSection />
      <UsersSection />
      <ServicesSection />
      <BrokeragesSection />
      <AuditLogSection />
    </div>
  );
}
