/**
 * The professional details of a card as labelled rows, shared by the live preview, the public
 * page and the admin preview, so every enum value is shown with its readable label.
 */
import { useTranslation } from 'react-i18next';

type Text = string | null | undefined;
type List = readonly (string | undefined)[] | undefined;

/** What the form values and the API's card have in common: enough to draw a card. */
export interface CardLike {
  name?: Text;
  profession?: Text;
  company?: Text;
  roleTitle?: Text;
  phone?: Text;
  countryCode?: Text;
  email?: Text;
  nationality?: Text;
  yearsOfExperience?: number | null;
  languages?: List;
  emirate?: Text;
  area?: Text;
  officeAddress?: Text;
  professionalBio?: Text;
  description?: Text;
  propertySpecialization?: List;
  bankName?: Text;
  investmentBudgetRange?: Text;
  investmentInterests?: List;
  profileImageUrl?: Text;
  brnNumber?: Text;
  ornNumber?: Text;
  practiceCardNumber?: Text;
  licenseVerified?: boolean;
  aiGenerated?: boolean;
  user?: { profileImageUrl?: Text };
}

export interface Fact {
  key: string;
  label: string;
  value: string;
}

const LOANS = new Set(['home_loans', 'personal_loans', 'business_loans', 'car_loans', 'investment_loans', 'all_loans']);

export function useCardFacts(card: CardLike, role: string | undefined): Fact[] {
  const { t } = useTranslation('cards');
  const e = (group: string, value: string) => t(`${group}.${value}`, { ns: 'enums', defaultValue: value });
  const list = (group: string, values: List) =>
    (values ?? [])
      .filter((v): v is string => !!v)
      .map((v) => e(group, v))
      .join(t('listSeparator', { ns: 'cards', defaultValue: ', ' }));
  const facts: Fact[] = [];
  const add = (key: string, label: string, value: string | null | undefined) => {
    if (value) facts.push({ key, label, value });
  };
  const place = [card.area ? e('location', card.area) : null, card.emirate ? e('emirate', card.emirate) : null]
    .filter(Boolean)
    .join(t('listSeparator', { defaultValue: ', ' }));
  add('location', t('public.location'), place);
  if (card.yearsOfExperience != null)
    add('experience', t('public.experience'), t('public.experienceYears', { count: card.yearsOfExperience }));
  add('languages', t('public.languages'), list('language', card.languages));
  add('nationality', t('public.nationality'), card.nationality ? e('nationality', card.nationality) : null);
  if (card.roleTitle) {
    const loan = role === 'banking_broker' || LOANS.has(card.roleTitle);
    add(
      'specialization',
      loan ? t('public.loans') : t('public.specialization'),
      e(loan ? 'loanSpecialization' : 'brokerSpecialization', card.roleTitle),
    );
  }
  add('bank', t('public.bank'), card.bankName ? e('bank', card.bankName) : null);
  add('projectTypes', t('public.projectTypes'), list('developerProjectType', card.propertySpecialization));
  add(
    'budget',
    t('public.budget'),
    card.investmentBudgetRange ? e('investorBudget', card.investmentBudgetRange) : null,
  );
  add('interests', t('public.interests'), list('investmentInterest', card.investmentInterests));
  add('brn', t('public.brn'), card.brnNumber);
  add('orn', t('public.orn'), card.ornNumber);
  add('practiceCard', t('public.practiceCard'), card.practiceCardNumber);
  return facts;
}
