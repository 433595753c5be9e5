import { TeamAnalytics } from '../../features/analytics/components/team-analytics';
import type { BrokerageTabProps } from './brokerage-tabs';

/** Team analytics as a /brokerage tab: the feature's dashboard for this brokerage. */
export function AnalyticsTab({ membership }: BrokerageTabProps) {
  return <TeamAnalytics brokerageId={membership.brokerage.id} />;
}
