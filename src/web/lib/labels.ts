/** Readable labels for places and specializations in the current language. */
import type { TFunction } from 'i18next';
import { BROKER_SPECIALIZATIONS, DEVELOPER_PROJECT_TYPES, LOAN_SPECIALIZATIONS } from '../../core/enums';
import { AREAS, emirateFromName } from '../../core/places';
import { e164Digits } from '../../core/phone-digits';

/** "Dubai Marina" → "دبي مارينا" in Arabic. */
export function areaLabel(name: string | null | undefined, language: string): string {
  if (!name) return '';
  const area = AREAS.find((a) => a.name.toLowerCase() === name.toLowerCase());
  return area && language === 'ar' ? area.ar : name;
}

/** "Abu Dhabi" or "abu_dhabi" → the emirate's name in the current language. */
export function cityLabel(t: TFunction, name: string | null | undefined): string {
  if (!name) return '';
  const code = emirateFromName(name);
  return code ? t(`emirate.${code}`, { ns: 'enums' }) : name;
}

/** "Dubai Marina, Dubai" with the parts that exist. */
export function placeLabel(
  t: TFunction,
  language: string,
  area: string | null | undefined,
  city: string | null | undefined,
): string {
  return [areaLabel(area, language), cityLabel(t, city)].filter(Boolean).join(language === 'ar' ? '، ' : ', ');
}

export function specializationLabel(t: TFunction, value: string | null | undefined): string {
  if (!value) return '';
  const group = (BROKER_SPECIALIZATIONS as readonly string[]).includes(value)
    ? 'brokerSpecialization'
    : (LOAN_SPECIALIZATIONS as readonly string[]).includes(value)
      ? 'loanSpecialization'
      : (DEVELOPER_PROJECT_TYPES as readonly string[]).includes(value)
        ? 'developerProjectType'
        : null;
  return group ? t(`${group}.${value}`, { ns: 'enums', defaultValue: value }) : value;
}

/** Digits for wa.me links, from the stored E.164 number; '' when it is not one. */
export function whatsappNumber(phone: string | null | undefined): string {
  return e164Digits(phone);
}
