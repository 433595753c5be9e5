/**
 * Where things are (issue 4): readable emirate names and the well-known areas of each emirate,
 * with the names people type in English and Arabic. The directory's `city`, the listings'
 * `city`, the smart-search parser and the demo data all read this one list.
 */
import { type Emirate, EMIRATES } from './enums';

/** The emirate as people write it; also the value of properties.city. */
export const EMIRATE_NAMES = {
  dubai: 'Dubai',
  abu_dhabi: 'Abu Dhabi',
  sharjah: 'Sharjah',
  ajman: 'Ajman',
  ras_al_khaimah: 'Ras Al Khaimah',
  fujairah: 'Fujairah',
  umm_al_quwain: 'Umm Al Quwain',
} as const satisfies Record<Emirate, string>;
export type EmirateName = (typeof EMIRATE_NAMES)[Emirate];

/** Every readable emirate name, in the order of the emirate enumeration. */
export const EMIRATE_NAME_LIST = EMIRATES.map((e) => EMIRATE_NAMES[e]) as [EmirateName, ...EmirateName[]];

/**
 * Accepts "Dubai", "dubai", "ABU DHABI", "abu_dhabi" or "abu-dhabi"; returns the emirate code or
 * null when it names no emirate.
 */
export function emirateFromName(value: string): Emirate | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (EMIRATES as readonly string[]).includes(key) ? (key as Emirate) : null;
}

export interface Area {
  /** Canonical name, stored in business_cards.area and properties.location. */
  name: string;
  emirate: Emirate;
  /** The Arabic name shown in the Arabic interface. */
  ar: string;
  /** Other ways to write it, English and Arabic (matched case- and accent-insensitively). */
  aliases: readonly string[];
}

/** Well-known areas; the first ten are the directory's quick-pick chips (spec §9). */
export const AREAS: readonly Area[] = [
  {
    name: 'Dubai Marina',
    ar: 'دبي مارينا',
    emirate: 'dubai',
    aliases: ['marina', 'دبي مارينا', 'مرسى دبي', 'المارينا'],
  },
  {
    name: 'Downtown Dubai',
    ar: 'وسط مدينة دبي',
    emirate: 'dubai',
    aliases: ['downtown', 'وسط دبي', 'داون تاون', 'داونتاون'],
  },
  {
    name: 'JBR',
    ar: 'جي بي آر',
    emirate: 'dubai',
    aliases: ['jumeirah beach residence', 'جي بي ار', 'مساكن شاطئ جميرا'],
  },
  { name: 'Business Bay', ar: 'الخليج التجاري', emirate: 'dubai', aliases: ['الخليج التجاري', 'بزنس باي'] },
  {
    name: 'DIFC',
    ar: 'مركز دبي المالي العالمي',
    emirate: 'dubai',
    aliases: ['dubai international financial centre', 'مركز دبي المالي العالمي', 'مركز دبي المالي'],
  },
  { name: 'Jumeirah', ar: 'جميرا', emirate: 'dubai', aliases: ['jumeira', 'جميرا', 'جميرة'] },
  { name: 'Palm Jumeirah', ar: 'نخلة جميرا', emirate: 'dubai', aliases: ['the palm', 'palm', 'نخلة جميرا', 'النخلة'] },
  { name: 'Emirates Hills', ar: 'تلال الإمارات', emirate: 'dubai', aliases: ['تلال الامارات'] },
  { name: 'Dubai Hills', ar: 'دبي هيلز', emirate: 'dubai', aliases: ['dubai hills estate', 'دبي هيلز', 'تلال دبي'] },
  { name: 'Arabian Ranches', ar: 'المرابع العربية', emirate: 'dubai', aliases: ['المرابع العربية', 'ارابيان رانشز'] },
  {
    name: 'JVC',
    ar: 'قرية جميرا الدائرية',
    emirate: 'dubai',
    aliases: ['jumeirah village circle', 'قرية جميرا الدائرية'],
  },
  {
    name: 'JLT',
    ar: 'أبراج بحيرات جميرا',
    emirate: 'dubai',
    aliases: ['jumeirah lake towers', 'jumeirah lakes towers', 'ابراج بحيرات جميرا'],
  },
  {
    name: 'Dubai Creek Harbour',
    ar: 'ميناء خور دبي',
    emirate: 'dubai',
    aliases: ['creek harbour', 'creek harbor', 'خور دبي'],
  },
  {
    name: 'Dubai Silicon Oasis',
    ar: 'واحة دبي للسيليكون',
    emirate: 'dubai',
    aliases: ['silicon oasis', 'dso', 'واحة دبي للسيليكون'],
  },
  { name: 'Al Barsha', ar: 'البرشاء', emirate: 'dubai', aliases: ['barsha', 'البرشاء'] },
  { name: 'Mirdif', ar: 'مردف', emirate: 'dubai', aliases: ['mirdiff', 'مردف'] },
  { name: 'Damac Hills', ar: 'داماك هيلز', emirate: 'dubai', aliases: ['داماك هيلز'] },
  { name: 'Meydan', ar: 'ميدان', emirate: 'dubai', aliases: ['ميدان'] },
  {
    name: 'Saadiyat Island',
    ar: 'جزيرة السعديات',
    emirate: 'abu_dhabi',
    aliases: ['saadiyat', 'جزيرة السعديات', 'السعديات'],
  },
  { name: 'Yas Island', ar: 'جزيرة ياس', emirate: 'abu_dhabi', aliases: ['yas', 'جزيرة ياس'] },
  {
    name: 'Al Reem Island',
    ar: 'جزيرة الريم',
    emirate: 'abu_dhabi',
    aliases: ['reem island', 'al reem', 'جزيرة الريم'],
  },
  { name: 'Al Raha Beach', ar: 'شاطئ الراحة', emirate: 'abu_dhabi', aliases: ['raha beach', 'شاطئ الراحة'] },
  { name: 'Khalifa City', ar: 'مدينة خليفة', emirate: 'abu_dhabi', aliases: ['مدينة خليفة'] },
  { name: 'Al Majaz', ar: 'المجاز', emirate: 'sharjah', aliases: ['majaz', 'المجاز'] },
  { name: 'Aljada', ar: 'الجادة', emirate: 'sharjah', aliases: ['al jada', 'الجادة'] },
  { name: 'Al Khan', ar: 'الخان', emirate: 'sharjah', aliases: ['الخان'] },
  { name: 'Al Nuaimiya', ar: 'النعيمية', emirate: 'ajman', aliases: ['nuaimiya', 'النعيمية'] },
  { name: 'Al Rashidiya', ar: 'الراشدية', emirate: 'ajman', aliases: ['rashidiya', 'الراشدية'] },
  {
    name: 'Al Marjan Island',
    ar: 'جزيرة المرجان',
    emirate: 'ras_al_khaimah',
    aliases: ['marjan island', 'جزيرة المرجان'],
  },
  { name: 'Al Hamra Village', ar: 'قرية الحمراء', emirate: 'ras_al_khaimah', aliases: ['al hamra', 'قرية الحمراء'] },
];

export function areaByName(name: string): Area | undefined {
  const key = name.trim().toLowerCase();
  return AREAS.find((a) => a.name.toLowerCase() === key);
}
