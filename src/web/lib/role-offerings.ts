import { Building, Landmark, type LucideIcon, Briefcase, TrendingUp } from 'lucide-react';
import type { ProfessionalRole } from '../../core/enums';
import { ROLE_PRICES_AED } from '../../core/limits';

/** What each role is offered, as the landing, role selection and about pages show it. Texts live in i18n `roles.<id>.*`. */
export interface RoleOffering {
  id: ProfessionalRole;
  price: number;
  isFree: boolean;
  icon: LucideIcon;
  featureCount: number;
}

export const ROLE_OFFERINGS: RoleOffering[] = [
  {
    id: 'real_estate_broker',
    price: ROLE_PRICES_AED.real_estate_broker,
    isFree: false,
    icon: Building,
    featureCount: 5,
  },
  { id: 'banking_broker', price: ROLE_PRICES_AED.banking_broker, isFree: false, icon: Landmark, featureCount: 5 },
  {
    id: 'real_estate_developer',
    price: ROLE_PRICES_AED.real_estate_developer,
    isFree: true,
    icon: Briefcase,
    featureCount: 4,
  },
  { id: 'investor', price: ROLE_PRICES_AED.investor, isFree: true, icon: TrendingUp, featureCount: 4 },
];

/** Browser-session key that carries the role card clicked on the landing page. */
export const SELECTED_ROLE_KEY = 'selectedRole';
