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
  /** Other ways to write it, English and Arabic (matched case- and accent-insensitively). */
  aliases: readonly string[];
}

/** Well-known areas; the first ten are the directory's quick-pick chips (spec §9). */
export const AREAS: readonly Area[] = [
  { name: 'Dubai Marina', emirate: 'dubai', aliases: ['marina', 'دبي مارينا', 'مرسى دبي', 'المارينا'] },
  { name: 'Downtown Dubai', emirate: 'dubai', aliases: ['downtown', 'وسط دبي', 'داون تاون', 'داونتاون'] },
  { name: 'JBR', emirate: 'dubai', aliases: ['jumeirah beach residence', 'جي بي ار', 'مساكن شاطئ جميرا'] },
  { name: 'Business Bay', emirate: 'dubai', aliases: ['الخليج التجاري', 'بزنس باي'] },
  {
    name: 'DIFC',
    emirate: 'dubai',
    aliases: ['dubai international financial centre', 'مركز دبي المالي العالمي', 'مركز دبي المالي'],
  },
  { name: 'Jumeirah', emirate: 'dubai', aliases: ['jumeira', 'جميرا', 'جميرة'] },
  { name: 'Palm Jumeirah', emirate: 'dubai', aliases: ['the palm', 'palm', 'نخلة جميرا', 'النخلة'] },
  { name: 'Emirates Hills', emirate: 'dubai', aliases: ['تلال الامارات'] },
  { name: 'Dubai Hills', emirate: 'dubai', aliases: ['dubai hills estate', 'دبي هيلز', 'تلال دبي'] },
  { name: 'Arabian Ranches', emirate: 'dubai', aliases: ['المرابع العربية', 'ارابيان رانشز'] },
  { name: 'JVC', emirate: 'dubai', aliases: ['jumeirah village circle', 'قرية جميرا الدائرية'] },
  { name: 'JLT', emirate: 'dubai', aliases: ['jumeirah lake towers', 'jumeirah lakes towers', 'ابراج بحيرات جميرا'] },
  { name: 'Dubai Creek Harbour', emirate: 'dubai', aliases: ['creek harbour', 'creek harbor', 'خور دبي'] },
  { name: 'Dubai Silicon Oasis', emirate: 'dubai', aliases: ['silicon oasis', 'dso', 'واحة دبي للسيليكون'] },
  { name: 'Al Barsha', emirate: 'dubai', aliases: ['barsha', 'البرشاء'] },
  { name: 'Mirdif', emirate: 'dubai', aliases: ['mirdiff', 'مردف'] },
  { name: 'Damac Hills', emirate: 'dubai', aliases: ['داماك هيلز'] },
  { name: 'Meydan', emirate: 'dubai', aliases: ['ميدان'] },
  { name: 'Saadiyat Island', emirate: 'abu_dhabi', aliases: ['saadiyat', 'جزيرة السعديات', 'السعديات'] },
  { name: 'Yas Island', emirate: 'abu_dhabi', aliases: ['yas', 'جزيرة ياس'] },
  { name: 'Al Reem Island', emirate: 'abu_dhabi', aliases: ['reem island', 'al reem', 'جزيرة الريم'] },
  { name: 'Al Raha Beach', emirate: 'abu_dhabi', aliases: ['raha beach', 'شاطئ الراحة'] },
  { name: 'Khalifa City', emirate: 'abu_dhabi', aliases: ['مدينة خليفة'] },
  { name: 'Al Majaz', emirate: 'sharjah', aliases: ['majaz', 'المجاز'] },
  { name: 'Aljada', emirate: 'sharjah', aliases: ['al jada', 'الجادة'] },
  { name: 'Al Khan', emirate: 'sharjah', aliases: ['الخان'] },
  { name: 'Al Nuaimiya', emirate: 'ajman', aliases: ['nuaimiya', 'النعيمية'] },
  { name: 'Al Rashidiya', emirate: 'ajman', aliases: ['rashidiya', 'الراشدية'] },
  { name: 'Al Marjan Island', emirate: 'ras_al_khaimah', aliases: ['marjan island', 'جزيرة المرجان'] },
  { name: 'Al Hamra Village', emirate: 'ras_al_khaimah', aliases: ['al hamra', 'قرية الحمراء'] },
];

export function areaByName(name: string): Area | undefined {
  const key = name.trim().toLowerCase();
  return AREAS.find((a) => a.name.toLowerCase() === key);
}
