/**
 * The profile page's tabs, in order. A feature adds its tab with one entry
 * here; the component receives the signed-in user.
 */
import type { ComponentType } from 'react';
import type { PublicUser } from '../../../core/schemas/auth';
import { EditProfileTab } from '../../features/profile/components/edit-profile-tab';
import { OverviewTab } from './overview-tab';
import { SettingsWithLinks } from './settings-with-links';
import { LeadsTab } from '../../features/inquiries/components/leads-tab';
import { BusinessCardsTab } from '../../features/cards/components/business-cards-tab';
import { MyListingsTab } from '../../features/properties/components/my-listings-tab';

export interface ProfileTab {
  /** Also the ?tab= value in the URL. */
  id: string;
  /** i18n key in the `profile` namespace. */
  labelKey: string;
  Component: ComponentType<{ user: PublicUser }>;
}

export const PROFILE_TABS: ProfileTab[] = [
  { id: 'overview', labelKey: 'tabs.overview', Component: OverviewTab },
  { id: 'edit', labelKey: 'tabs.edit', Component: EditProfileTab },
  { id: 'cards', labelKey: 'tabs.cards', Component: BusinessCardsTab },
  { id: 'leads', labelKey: 'tabs.leads', Component: LeadsTab },
  { id: 'listings', labelKey: 'tabs.listings', Component: MyListingsTab },
  { id: 'settings', labelKey: 'tabs.settings', Component: SettingsWithLinks },
];
