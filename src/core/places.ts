/**
 * Where things are: readable emirate names and the well-known areas of each emirate,
 * with the names people type in English and Arabic. The directory's `city`, the listings'
 * `city`, the smart-search parser and the demo data all read this one list.
 */
import { type Emirate, EMIRATES } from './enums';
import { foldText } from './search/normalize';

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
  /** Canonical id, stored in business_cards.area_id and properties.location_id ("dubai-marina"). */
  id: string;
  /** Canonical English name, stored beside the id in business_cards.area and properties.location. */
  name: string;
  emirate: Emirate;
  /** The Arabic name shown in the Arabic interface. */
  ar: string;
  /** Other ways to write it, English and Arabic (matched case- and accent-insensitively). */
  aliases: readonly string[];
}

/** Well-known areas; the first ten are the directory's quick-pick chips. */
export const AREAS: readonly Area[] = [
  {
    id: 'dubai-marina',
    name: 'Dubai Marina',
    ar: 'دبي مارينا',
    emirate: 'dubai',
    aliases: ['marina', 'دبي مارينا', 'مرسى دبي', 'المارينا'],
  },
  {
    id: 'downtown-dubai',
    name: 'Downtown Dubai',
    ar: 'وسط مدينة دبي',
    emirate: 'dubai',
    aliases: ['downtown', 'وسط دبي', 'داون تاون', 'داونتاون'],
  },
  {
    id: 'jbr',
    name: 'JBR',
    ar: 'جي بي آر',
    emirate: 'dubai',
    aliases: ['jumeirah beach residence', 'جي بي ار', 'مساكن شاطئ جميرا'],
  },
  {
    id: 'business-bay',
    name: 'Business Bay',
    ar: 'الخليج التجاري',
    emirate: 'dubai',
    aliases: ['الخليج التجاري', 'بزنس باي'],
  },
  {
    id: 'difc',
    name: 'DIFC',
    ar: 'مركز دبي المالي العالمي',
    emirate: 'dubai',
    aliases: ['dubai international financial centre', 'مركز دبي المالي العالمي', 'مركز دبي المالي'],
  },
  {
    id: 'jumeirah',
    name: 'Jumeirah',
    ar: 'جميرا',
    emirate: 'dubai',
    aliases: ['jumeira', 'جميرا', 'جميرة'],
  },
  {
    id: 'palm-jumeirah',
    name: 'Palm Jumeirah',
    ar: 'نخلة جميرا',
    emirate: 'dubai',
    aliases: ['the palm', 'palm', 'نخلة جميرا', 'النخلة'],
  },
  {
    id: 'emirates-hills',
    name: 'Emirates Hills',
    ar: 'تلال الإمارات',
    emirate: 'dubai',
    aliases: ['تلال الامارات'],
  },
  {
    id: 'dubai-hills',
    name: 'Dubai Hills',
    ar: 'دبي هيلز',
    emirate: 'dubai',
    aliases: ['dubai hills estate', 'دبي هيلز', 'تلال دبي'],
  },
  {
    id: 'arabian-ranches',
    name: 'Arabian Ranches',
    ar: 'المرابع العربية',
    emirate: 'dubai',
    aliases: ['المرابع العربية', 'ارابيان رانشز'],
  },
  {
    id: 'jvc',
    name: 'JVC',
    ar: 'قرية جميرا الدائرية',
    emirate: 'dubai',
    aliases: ['jumeirah village circle', 'قرية جميرا الدائرية'],
  },
  {
    id: 'jlt',
    name: 'JLT',
    ar: 'أبراج بحيرات جميرا',
    emirate: 'dubai',
    aliases: ['jumeirah lake towers', 'jumeirah lakes towers', 'ابراج بحيرات جميرا'],
  },
  {
    id: 'dubai-creek-harbour',
    name: 'Dubai Creek Harbour',
    ar: 'ميناء خور دبي',
    emirate: 'dubai',
    aliases: ['creek harbour', 'creek harbor', 'خور دبي'],
  },
  {
    id: 'dubai-silicon-oasis',
    name: 'Dubai Silicon Oasis',
    ar: 'واحة دبي للسيليكون',
    emirate: 'dubai',
    aliases: ['silicon oasis', 'dso', 'واحة دبي للسيليكون'],
  },
  {
    id: 'al-barsha',
    name: 'Al Barsha',
    ar: 'البرشاء',
    emirate: 'dubai',
    aliases: ['barsha', 'البرشاء'],
  },
  {
    id: 'mirdif',
    name: 'Mirdif',
    ar: 'مردف',
    emirate: 'dubai',
    aliases: ['mirdiff', 'مردف'],
  },
  {
    id: 'damac-hills',
    name: 'Damac Hills',
    ar: 'داماك هيلز',
    emirate: 'dubai',
    aliases: ['داماك هيلز'],
  },
  {
    id: 'meydan',
    name: 'Meydan',
    ar: 'ميدان',
    emirate: 'dubai',
    aliases: ['ميدان'],
  },
  {
    id: 'saadiyat-island',
    name: 'Saadiyat Island',
    ar: 'جزيرة السعديات',
    emirate: 'abu_dhabi',
    aliases: ['saadiyat', 'جزيرة السعديات', 'السعديات'],
  },
  {
    id: 'yas-island',
    name: 'Yas Island',
    ar: 'جزيرة ياس',
    emirate: 'abu_dhabi',
    aliases: ['yas', 'جزيرة ياس'],
  },
  {
    id: 'al-reem-island',
    name: 'Al Reem Island',
    ar: 'جزيرة الريم',
    emirate: 'abu_dhabi',
    aliases: ['reem island', 'al reem', 'جزيرة الريم'],
  },
  {
    id: 'al-raha-beach',
    name: 'Al Raha Beach',
    ar: 'شاطئ الراحة',
    emirate: 'abu_dhabi',
    aliases: ['raha beach', 'شاطئ الراحة'],
  },
  {
    id: 'khalifa-city',
    name: 'Khalifa City',
    ar: 'مدينة خليفة',
    emirate: 'abu_dhabi',
    aliases: ['مدينة خليفة'],
  },
  {
    id: 'al-majaz',
    name: 'Al Majaz',
    ar: 'المجاز',
    emirate: 'sharjah',
    aliases: ['majaz', 'المجاز'],
  },
  {
    id: 'aljada',
    name: 'Aljada',
    ar: 'الجادة',
    emirate: 'sharjah',
    aliases: ['al jada', 'الجادة'],
  },
  {
    id: 'al-khan',
    name: 'Al Khan',
    ar: 'الخان',
    emirate: 'sharjah',
    aliases: ['الخان'],
  },
  {
    id: 'al-nuaimiya',
    name: 'Al Nuaimiya',
    ar: 'النعيمية',
    emirate: 'ajman',
    aliases: ['nuaimiya', 'النعيمية'],
  },
  {
    id: 'al-rashidiya',
    name: 'Al Rashidiya',
    ar: 'الراشدية',
    emirate: 'ajman',
    aliases: ['rashidiya', 'الراشدية'],
  },
  {
    id: 'al-marjan-island',
    name: 'Al Marjan Island',
    ar: 'جزيرة المرجان',
    emirate: 'ras_al_khaimah',
    aliases: ['marjan island', 'جزيرة المرجان'],
  },
  {
    id: 'al-hamra-village',
    name: 'Al Hamra Village',
    ar: 'قرية الحمراء',
    emirate: 'ras_al_khaimah',
    aliases: ['al hamra', 'قرية الحمراء'],
  },
  // The list grows past the demo data's thirty areas (DEMO_AREAS); add new places below.
  { id: 'al-furjan', name: 'Al Furjan', ar: 'الفرجان', emirate: 'dubai', aliases: ['furjan', 'الفرجان'] },
  { id: 'arjan', name: 'Arjan', ar: 'أرجان', emirate: 'dubai', aliases: ['al barsha south', 'ارجان'] },
  { id: 'al-quoz', name: 'Al Quoz', ar: 'القوز', emirate: 'dubai', aliases: ['quoz', 'القوز'] },
  { id: 'al-sufouh', name: 'Al Sufouh', ar: 'الصفوح', emirate: 'dubai', aliases: ['sufouh', 'الصفوح'] },
  { id: 'al-wasl', name: 'Al Wasl', ar: 'الوصل', emirate: 'dubai', aliases: ['الوصل'] },
  {
    id: 'bluewaters',
    name: 'Bluewaters Island',
    ar: 'جزيرة بلوواترز',
    emirate: 'dubai',
    aliases: ['bluewaters', 'blue waters', 'بلوواترز'],
  },
  { id: 'bur-dubai', name: 'Bur Dubai', ar: 'بر دبي', emirate: 'dubai', aliases: ['بر دبي'] },
  { id: 'city-walk', name: 'City Walk', ar: 'سيتي ووك', emirate: 'dubai', aliases: ['citywalk', 'سيتي ووك'] },
  { id: 'deira', name: 'Deira', ar: 'ديرة', emirate: 'dubai', aliases: ['ديره'] },
  {
    id: 'discovery-gardens',
    name: 'Discovery Gardens',
    ar: 'ديسكفري جاردنز',
    emirate: 'dubai',
    aliases: ['ديسكفري جاردنز'],
  },
  {
    id: 'dubai-harbour',
    name: 'Dubai Harbour',
    ar: 'دبي هاربر',
    emirate: 'dubai',
    aliases: ['dubai harbor', 'emaar beachfront', 'إعمار بيتشفرونت'],
  },
  {
    id: 'dubai-investments-park',
    name: 'Dubai Investments Park',
    ar: 'مجمع دبي للاستثمار',
    emirate: 'dubai',
    aliases: ['dip'],
  },
  {
    id: 'dubai-south',
    name: 'Dubai South',
    ar: 'دبي الجنوب',
    emirate: 'dubai',
    aliases: ['dubai world central', 'dwc'],
  },
  {
    id: 'dubai-sports-city',
    name: 'Dubai Sports City',
    ar: 'مدينة دبي الرياضية',
    emirate: 'dubai',
    aliases: ['sports city'],
  },
  { id: 'dubailand', name: 'Dubailand', ar: 'دبي لاند', emirate: 'dubai', aliases: ['dubai land'] },
  { id: 'international-city', name: 'International City', ar: 'المدينة العالمية', emirate: 'dubai', aliases: [] },
  {
    id: 'jumeirah-golf-estates',
    name: 'Jumeirah Golf Estates',
    ar: 'عقارات جميرا للجولف',
    emirate: 'dubai',
    aliases: ['jge'],
  },
  { id: 'jumeirah-islands', name: 'Jumeirah Islands', ar: 'جزر جميرا', emirate: 'dubai', aliases: [] },
  { id: 'jumeirah-park', name: 'Jumeirah Park', ar: 'جميرا بارك', emirate: 'dubai', aliases: [] },
  { id: 'jvt', name: 'JVT', ar: 'مثلث قرية جميرا', emirate: 'dubai', aliases: ['jumeirah village triangle'] },
  {
    id: 'mbr-city',
    name: 'MBR City',
    ar: 'مدينة محمد بن راشد',
    emirate: 'dubai',
    aliases: ['mohammed bin rashid city', 'mohammed bin rashid al maktoum city'],
  },
  { id: 'motor-city', name: 'Motor City', ar: 'موتور سيتي', emirate: 'dubai', aliases: [] },
  { id: 'sobha-hartland', name: 'Sobha Hartland', ar: 'شوبا هارتلاند', emirate: 'dubai', aliases: [] },
  { id: 'the-greens', name: 'The Greens', ar: 'ذا جرينز', emirate: 'dubai', aliases: [] },
  { id: 'the-lakes', name: 'The Lakes', ar: 'ذا ليكس', emirate: 'dubai', aliases: [] },
  { id: 'the-meadows', name: 'The Meadows', ar: 'ذا ميدوز', emirate: 'dubai', aliases: [] },
  { id: 'the-springs', name: 'The Springs', ar: 'الينابيع', emirate: 'dubai', aliases: ['ذا سبرينجز'] },
  { id: 'the-views', name: 'The Views', ar: 'ذا فيوز', emirate: 'dubai', aliases: [] },
  { id: 'tilal-al-ghaf', name: 'Tilal Al Ghaf', ar: 'تلال الغاف', emirate: 'dubai', aliases: [] },
  { id: 'town-square', name: 'Town Square', ar: 'تاون سكوير', emirate: 'dubai', aliases: ['town square dubai'] },
  { id: 'umm-suqeim', name: 'Umm Suqeim', ar: 'أم سقيم', emirate: 'dubai', aliases: [] },
  {
    id: 'al-maryah-island',
    name: 'Al Maryah Island',
    ar: 'جزيرة المارية',
    emirate: 'abu_dhabi',
    aliases: ['maryah island'],
  },
  { id: 'al-reef', name: 'Al Reef', ar: 'الريف', emirate: 'abu_dhabi', aliases: [] },
  { id: 'al-shamkha', name: 'Al Shamkha', ar: 'الشامخة', emirate: 'abu_dhabi', aliases: ['shamkha'] },
  {
    id: 'al-khalidiyah',
    name: 'Al Khalidiyah',
    ar: 'الخالدية',
    emirate: 'abu_dhabi',
    aliases: ['khalidiya', 'al khalidiya'],
  },
  {
    id: 'corniche-abu-dhabi',
    name: 'Corniche Abu Dhabi',
    ar: 'كورنيش أبوظبي',
    emirate: 'abu_dhabi',
    aliases: ['abu dhabi corniche'],
  },
  { id: 'masdar-city', name: 'Masdar City', ar: 'مدينة مصدر', emirate: 'abu_dhabi', aliases: ['masdar'] },
  {
    id: 'mohammed-bin-zayed-city',
    name: 'Mohammed Bin Zayed City',
    ar: 'مدينة محمد بن زايد',
    emirate: 'abu_dhabi',
    aliases: ['mbz city', 'mbz'],
  },
  { id: 'al-ain', name: 'Al Ain', ar: 'العين', emirate: 'abu_dhabi', aliases: [] },
  { id: 'muwaileh', name: 'Muwaileh', ar: 'مويلح', emirate: 'sharjah', aliases: ['muwailih'] },
  { id: 'al-taawun', name: 'Al Taawun', ar: 'التعاون', emirate: 'sharjah', aliases: ['taawun'] },
  {
    id: 'al-nahda-sharjah',
    name: 'Al Nahda, Sharjah',
    ar: 'النهدة، الشارقة',
    emirate: 'sharjah',
    aliases: ['al nahda', 'النهدة'],
  },
  { id: 'tilal-city', name: 'Tilal City', ar: 'مدينة تلال', emirate: 'sharjah', aliases: [] },
  {
    id: 'sharjah-waterfront-city',
    name: 'Sharjah Waterfront City',
    ar: 'مدينة الشارقة للواجهات المائية',
    emirate: 'sharjah',
    aliases: ['waterfront city'],
  },
  { id: 'al-zorah', name: 'Al Zorah', ar: 'الزوراء', emirate: 'ajman', aliases: ['zorah'] },
  { id: 'emirates-city', name: 'Emirates City', ar: 'مدينة الإمارات', emirate: 'ajman', aliases: [] },
  {
    id: 'ajman-downtown',
    name: 'Ajman Downtown',
    ar: 'عجمان وسط المدينة',
    emirate: 'ajman',
    aliases: ['downtown ajman'],
  },
  { id: 'mina-al-arab', name: 'Mina Al Arab', ar: 'ميناء العرب', emirate: 'ras_al_khaimah', aliases: [] },
  {
    id: 'al-nakheel-rak',
    name: 'Al Nakheel, Ras Al Khaimah',
    ar: 'النخيل، رأس الخيمة',
    emirate: 'ras_al_khaimah',
    aliases: ['al nakheel', 'النخيل'],
  },
  {
    id: 'uaq-marina',
    name: 'UAQ Marina',
    ar: 'مارينا أم القيوين',
    emirate: 'umm_al_quwain',
    aliases: ['umm al quwain marina'],
  },
  { id: 'al-salam-city', name: 'Al Salam City', ar: 'مدينة السلام', emirate: 'umm_al_quwain', aliases: [] },
  { id: 'dibba', name: 'Dibba', ar: 'دبا', emirate: 'fujairah', aliases: ['dibba al fujairah'] },
  { id: 'fujairah-city', name: 'Fujairah City', ar: 'مدينة الفجيرة', emirate: 'fujairah', aliases: [] },
];

/** The thirty areas the demo data is spread over (fixed, so the demo stays the same as the list grows). */
export const DEMO_AREAS: readonly Area[] = AREAS.slice(0, 30);

/** The id stored for a place that is not in the list; its text is kept and shown as typed. */
export const OTHER_PLACE = 'other';

const byId = new Map(AREAS.map((a) => [a.id, a]));

export function areaById(id: string | null | undefined): Area | undefined {
  return id ? byId.get(id) : undefined;
}

export function areaByName(name: string): Area | undefined {
  const key = name.trim().toLowerCase();
  return AREAS.find((a) => a.name.toLowerCase() === key);
}

/** "Dubai  marina!" → "dubai marina": case, spacing, punctuation and Arabic letter forms don't matter. */
const placeKey = (value: string) =>
  foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const byKey = new Map<string, Area>();
for (const a of AREAS) {
  for (const k of [a.id, a.name, a.ar, ...a.aliases].map(placeKey)) if (!byKey.has(k)) byKey.set(k, a);
}

/** The area a text names exactly (its id, English or Arabic name, or an alias), or undefined. */
export function resolveArea(text: string | null | undefined): Area | undefined {
  if (!text) return undefined;
  return byId.get(text.trim()) ?? byKey.get(placeKey(text));
}

/**
 * Autocomplete (GET /api/places and the Area fields): areas whose name, Arabic name or alias
 * starts with what was typed, then those with a word that starts with it, then (from three
 * letters) those that contain it; list order breaks ties. `emirate` narrows the list.
 */
export function searchPlaces(query: string, options: { limit?: number; emirate?: Emirate } = {}): Area[] {
  const q = placeKey(query);
  const limit = options.limit ?? 8;
  const pool = options.emirate ? AREAS.filter((a) => a.emirate === options.emirate) : AREAS;
  if (!q) return pool.slice(0, limit);
  const ranked: { area: Area; rank: number }[] = [];
  pool.forEach((area) => {
    let rank = 3;
    for (const k of [area.name, area.ar, ...area.aliases].map(placeKey)) {
      if (k.startsWith(q)) rank = 0;
      else if (rank > 1 && k.split(' ').some((w) => w.startsWith(q))) rank = 1;
      else if (rank > 2 && q.length >= 3 && k.includes(q)) rank = 2;
    }
    if (rank < 3) ranked.push({ area, rank });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((m) => m.area);
}

/**
 * What a card or listing stores for the place chosen or typed: the canonical id and name when
 * the id or the text names a known area, else "other" with the text as typed; null when empty.
 */
export function canonicalPlace(
  text: string | null | undefined,
  id?: string | null,
): { id: string; name: string } | null {
  const known = areaById(id) ?? (id === OTHER_PLACE ? undefined : resolveArea(text));
  if (known) return { id: known.id, name: known.name };
  const typed = text?.trim();
  return typed ? { id: OTHER_PLACE, name: typed } : null;
}

export const PLACE_MESSAGES = {
  notListed: 'Choose an area from the list, or choose “Other” to keep what you typed',
  otherNeedsText: 'Type the name of the area',
  unknownId: 'Choose an area from the list',
} as const;

export type PlaceChoice = { place: { id: string; name: string } | null; error?: undefined } | { error: string };

/**
 * The rule of the Area fields (cards and listings), on the server and in the form: an id from
 * the list wins; "other" keeps the text as typed; a text alone must name a known area.
 */
export function choosePlace(text: string | null | undefined, id: string | null | undefined): PlaceChoice {
  const typed = text?.trim() || null;
  if (id && id !== OTHER_PLACE) {
    const area = areaById(id);
    return area ? { place: { id: area.id, name: area.name } } : { error: PLACE_MESSAGES.unknownId };
  }
  if (id === OTHER_PLACE)
    return typed ? { place: { id: OTHER_PLACE, name: typed } } : { error: PLACE_MESSAGES.otherNeedsText };
  if (!typed) return { place: null };
  const area = resolveArea(typed);
  return area ? { place: { id: area.id, name: area.name } } : { error: PLACE_MESSAGES.notListed };
}
