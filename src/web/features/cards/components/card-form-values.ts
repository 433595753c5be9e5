/** Form values of the card form: defaults, loading a card, and the payload sent. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatPhone } from '../../../../core/phone';
import type { PublicUser } from '../../../../core/schemas/auth';
import { type Card, type CardInput, type CardInputParsed, cardInputSchema } from '../../../../core/schemas/card';
import { detectTextLanguage, otherLanguage, primaryLanguageOf } from '../../../../core/card-text';
import type { UiLanguage } from '../../../../core/enums';

/** The other language's text fields as the form edits them: every field, empty where not written. */
function translationValues(t: NonNullable<Card['translations']['en']> | undefined) {
  return {
    name: t?.name ?? '',
    profession: t?.profession ?? '',
    company: t?.company ?? '',
    officeAddress: t?.officeAddress ?? '',
    professionalBio: t?.professionalBio ?? t?.description ?? '',
    salesPitch: t?.salesPitch ?? '',
    valueProposition: t?.valueProposition ?? '',
    servicesOffered: t?.servicesOffered ?? [],
    financingSolutions: t?.financingSolutions ?? '',
    investmentProfile: t?.investmentProfile ?? '',
  };
}

/** Both languages' slots: the main language's stay empty (its text is the card's own fields). */
function formTranslations(primary: UiLanguage, written: Card['translations']) {
  const other = otherLanguage(primary);
  return { [primary]: translationValues(undefined), [other]: translationValues(written[other]) } as Record<
    UiLanguage,
    ReturnType<typeof translationValues>
  >;
}

export type CardFormValues = CardInput;

const SOCIAL_KEYS = ['linkedin', 'twitter', 'instagram', 'website'] as const;

/** A generated avatar is what an empty photo field means, so it is not shown as a link. */
const photoField = (url: string | null | undefined) => (!url || url.startsWith('/api/avatars/') ? '' : url);

/** A new card: the user's own details, emirate Dubai, English, +971. */
export function newCardValues(user: PublicUser): CardFormValues {
  const primaryLanguage = detectTextLanguage(user.firstName, user.lastName, user.position, user.company);
  return {
    primaryLanguage,
    translations: formTranslations(primaryLanguage, {}),
    name: `${user.firstName} ${user.lastName}`.trim(),
    profession: user.position ?? '',
    company: user.company ?? '',
    roleTitle: '',
    // Shown in international format; the form hands on E.164.
    phone: formatPhone(user.phone) ?? formatPhone(user.phoneNumber, user.countryCode) ?? '',
    countryCode: (user.countryCode as CardFormValues['countryCode']) || '+971',
    email: user.email,
    gender: '',
    nationality: '',
    age: null,
    yearsOfExperience: null,
    languages: ['english'],
    emirate: 'dubai',
    area: '',
    areaId: null,
    officeAddress: '',
    googleMapsLink: '',
    professionalBio: user.bio ?? '',
    salesPitch: '',
    valueProposition: '',
    propertySpecialization: [],
    bankName: '',
    servicesOffered: [],
    financingSolutions: '',
    projectPortfolioLink: '',
    investmentBudgetRange: '',
    investmentInterests: [],
    investmentProfile: '',
    regionsOfInterest: [],
    socialLinks: { linkedin: '', twitter: '', instagram: '', website: '' },
    profileImageUrl: photoField(user.profileImageUrl),
    brnNumber: '',
    ornNumber: '',
    practiceCardNumber: '',
    aiGenerated: false,
  };
}

/** An existing card in the form: nulls become empty fields. */
export function cardValues(card: Card): CardFormValues {
  const s = (v: string | null) => v ?? '';
  const primaryLanguage = primaryLanguageOf(card);
  return {
    primaryLanguage,
    translations: formTranslations(primaryLanguage, card.translations ?? {}),
    name: card.name,
    profession: card.profession,
    company: s(card.company),
    roleTitle: s(card.roleTitle) as CardFormValues['roleTitle'],
    phone: formatPhone(card.phone, card.countryCode) ?? '',
    countryCode: (card.countryCode ?? '+971') as CardFormValues['countryCode'],
    email: s(card.email),
    gender: card.gender ?? '',
    nationality: card.nationality ?? '',
    age: card.age,
    yearsOfExperience: card.yearsOfExperience,
    languages: card.languages,
    emirate: card.emirate ?? '',
    area: s(card.area),
    areaId: card.areaId,
    officeAddress: s(card.officeAddress),
    googleMapsLink: s(card.googleMapsLink),
    professionalBio: s(card.professionalBio) || s(card.description),
    salesPitch: s(card.salesPitch),
    valueProposition: s(card.valueProposition),
    propertySpecialization: card.propertySpecialization as CardFormValues['propertySpecialization'],
    bankName: s(card.bankName) as CardFormValues['bankName'],
    servicesOffered: card.servicesOffered,
    financingSolutions: s(card.financingSolutions),
    projectPortfolioLink: s(card.projectPortfolioLink),
    investmentBudgetRange: s(card.investmentBudgetRange) as CardFormValues['investmentBudgetRange'],
    investmentInterests: card.investmentInterests,
    investmentProfile: s(card.investmentProfile),
    regionsOfInterest: card.regionsOfInterest,
    socialLinks: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, card.socialLinks[k] ?? ''])),
    profileImageUrl: photoField(card.profileImageUrl),
    brnNumber: s(card.brnNumber),
    ornNumber: s(card.ornNumber),
    practiceCardNumber: s(card.practiceCardNumber),
    aiGenerated: card.aiGenerated,
  };
}

/** The payload: the one bio field also fills the card's description (used by the directory). */
export function toPayload(values: CardInputParsed): CardInputParsed {
  const primary = values.primaryLanguage ?? 'en';
  const other = otherLanguage(primary);
  const written = values.translations?.[other];
  return {
    ...values,
    description: values.professionalBio ?? '',
    // Only the other language travels as a translation; the bio is its description too.
    translations: written ? { [other]: { ...written, description: written.professionalBio ?? '' } } : {},
  };
}

export function useCardForm(defaultValues: CardFormValues) {
  return useForm<CardFormValues, unknown, CardInputParsed>({
    resolver: zodResolver(cardInputSchema),
    defaultValues,
    mode: 'onTouched',
  });
}
