/** Chip labels for directory filters and smart-search filters, in the current language. */
import type { TFunction } from 'i18next';
import { formatPriceAed } from '../../core/format';
import type { SearchFilters } from '../../core/search/parse';
import type { Chip } from '../components/filter-chips';
import { type ChipKey, CHIP_KEYS, type DirectoryFilters } from './directory-filters';
import { areaLabel, cityLabel, specializationLabel } from './labels';

const ROLE_ENUM: Record<string, string> = {
  broker: 'real_estate_broker',
  banking_broker: 'banking_broker',
  developer: 'real_estate_developer',
  investor: 'investor',
};

export function directoryChips(t: TFunction, language: string, f: DirectoryFilters): Chip[] {
  const label = (key: ChipKey, value: string): string => {
    switch (key) {
      case 'role':
        return t(`role.${ROLE_ENUM[value]}`, { ns: 'enums' });
      case 'language':
        return t('chips.speaks', { language: t(`language.${value}`, { ns: 'enums' }) });
      case 'city':
        return cityLabel(t, value);
      case 'location':
        return areaLabel(value, language);
      case 'specialization':
        return specializationLabel(t, value);
      case 'bank':
        return t(`bank.${value}`, { ns: 'enums', defaultValue: value });
      case 'nationality':
        return t(`nationality.${value}`, { ns: 'enums', defaultValue: value });
      case 'verified':
        return t('chips.verified');
      case 'brokerage':
        return t('chips.brokerage', { name: value.replace(/-/g, ' ') });
      default:
        return `“${value}”`;
    }
  };
  return CHIP_KEYS.flatMap((key) => {
    const v = f[key];
    return v === undefined ? [] : [{ key, label: label(key, v) }];
  });
}

/** Chips for what GET /api/search understood. */
export function searchChips(t: TFunction, language: string, f: SearchFilters): Chip[] {
  const chips: Chip[] = [];
  const add = (key: keyof SearchFilters, label: string) => chips.push({ key, label });
  if (f.role) add('role', t(`role.${ROLE_ENUM[f.role]}`, { ns: 'enums' }));
  if (f.specialization) add('specialization', specializationLabel(t, f.specialization));
  if (f.bank) add('bank', t(`bank.${f.bank}`, { ns: 'enums', defaultValue: f.bank }));
  if (f.language) add('language', t('chips.speaks', { language: t(`language.${f.language}`, { ns: 'enums' }) }));
  if (f.nationality)
    add('nationality', t(`nationality.${f.nationality}`, { ns: 'enums', defaultValue: f.nationality }));
  if (f.verified) add('verified', t('chips.verified'));
  if (f.gender) add('gender', t(`chips.${f.gender}`));
  if (f.area) add('area', areaLabel(f.area, language));
  if (f.city) add('city', cityLabel(t, f.city));
  if (f.propertyType) add('propertyType', t(`propertyType.${f.propertyType}`, { ns: 'enums' }));
  if (f.bedrooms !== undefined)
    add('bedrooms', f.bedrooms === 0 ? t('property.studioBeds') : t('property.beds', { count: f.bedrooms }));
  if (f.status) add('status', t(`propertyStatus.${f.status}`, { ns: 'enums' }));
  if (f.minPrice !== undefined)
    add('minPrice', t('chips.minPrice', { price: formatPriceAed(f.minPrice, { locale: language }) }));
  if (f.maxPrice !== undefined)
    add('maxPrice', t('chips.maxPrice', { price: formatPriceAed(f.maxPrice, { locale: language }) }));
  if (f.text) add('text', `“${f.text}”`);
  return chips;
}
