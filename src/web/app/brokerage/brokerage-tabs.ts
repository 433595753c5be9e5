/**
 * The tabs of /brokerage, in order. A feature adds its tab with one entry here (team
 * leads, team analytics); its component gets the signed-in user and their membership. Tabs with
 * `managersOnly` are shown to the owner and managers only — the server checks the same.
 */
import type { ComponentType } from 'react';
import type { PublicUser } from '../../../core/schemas/auth';
import type { MyBrokerage } from '../../../core/schemas/brokerages';
import { MembersTab } from '../../features/brokerages/components/members-tab';
import { OverviewTab } from '../../features/brokerages/components/overview-tab';
import { SettingsTab } from '../../features/brokerages/components/settings-tab';
import { SeatsTab } from '../../features/team/seats-tab';
import { TeamLeadsTab } from '../../features/team/team-leads-tab';
import { AnalyticsTab } from './analytics-tab';

export interface BrokerageTabProps {
  user: PublicUser;
  membership: NonNullable<MyBrokerage>;
}

export interface BrokerageTab {
  /** Also the ?tab= value in the URL. */
  id: string;
  /** i18n key, with its namespace (e.g. 'brokerages:tabs.members'). */
  labelKey: string;
  Component: ComponentType<BrokerageTabProps>;
  managersOnly?: boolean;
}

export const BROKERAGE_TABS: BrokerageTab[] = [
  { id: 'overview', labelKey: 'brokerages:tabs.overview', Component: OverviewTab },
  { id: 'members', labelKey: 'brokerages:tabs.members', Component: MembersTab },
  { id: 'leads', labelKey: 'team:tabs.leads', Component: TeamLeadsTab },
  { id: 'seats', labelKey: 'team:tabs.seats', Component: SeatsTab, managersOnly: true },
  { id: 'analytics', labelKey: 'analytics:tab', Component: AnalyticsTab, managersOnly: true },
  { id: 'settings', labelKey: 'brokerages:tabs.settings', Component: SettingsTab, managersOnly: true },
];
