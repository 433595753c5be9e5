/**
 * The demo listings in Arabic ("platform content in both languages"): the demo writes
 * its listings from a few pieces (an adjective, bedrooms, the type, the area, features, sale or
 * rent), so the Arabic is written from the same pieces, with the adjective agreeing with the
 * type's gender. `arabicDemoListing` also reads a listing already stored (a demo database made
 * before this), so the start-up pass gives those their Arabic; a title that is not the demo's
 * own pattern (anything a person wrote) gets nothing.
 */
import type { PropertyStatus, PropertyType } from '../../../core/enums';
import { type Area, AREAS } from '../../../core/places';
import type { PropertyTranslations } from '../../../core/schemas/properties';

export const TYPE_LABEL: Record<PropertyType, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  townhouse: 'Townhouse',
  penthouse: 'Penthouse',
  studio: 'Studio',
  office: 'Office',
  retail: 'Retail Shop',
};

const TYPE_AR: Record<PropertyType, { name: string; feminine: boolean }> = {
  apartment: { name: 'شقة', feminine: true },
  villa: { name: 'فيلا', feminine: true },
  townhouse: { name: 'تاون هاوس', feminine: false },
  penthouse: { name: 'بنتهاوس', feminine: false },
  studio: { name: 'استوديو', feminine: false },
  office: { name: 'مكتب', feminine: false },
  retail: { name: 'محل تجاري', feminine: false },
};

/** English adjective → Arabic [masculine, feminine]. */
export const ADJECTIVES_AR: Record<string, [string, string]> = {
  Bright: ['مشرق', 'مشرقة'],
  Spacious: ['واسع', 'واسعة'],
  Upgraded: ['مُجدَّد', 'مُجدَّدة'],
  Modern: ['حديث', 'حديثة'],
  Elegant: ['أنيق', 'أنيقة'],
  'Brand New': ['جديد كلياً', 'جديدة كلياً'],
  'Well-kept': ['بحالة ممتازة', 'بحالة ممتازة'],
  Luxury: ['فاخر', 'فاخرة'],
  Corner: ['على الزاوية', 'على الزاوية'],
  Vacant: ['شاغر', 'شاغرة'],
};

export const FEATURES_AR: Record<string, string> = {
  'Sea View': 'إطلالة على البحر',
  Balcony: 'شرفة',
  'Shared Pool': 'مسبح مشترك',
  Gym: 'نادٍ رياضي',
  'Covered Parking': 'موقف سيارات مغطى',
  'Built-in Wardrobes': 'خزائن مدمجة',
  'Close to Metro': 'قريب من المترو',
  Concierge: 'خدمة استقبال',
  'Chiller Free': 'تبريد مجاني',
  Furnished: 'مفروش',
  'Pets Allowed': 'يُسمح بالحيوانات الأليفة',
  'Private Pool': 'مسبح خاص',
  Garden: 'حديقة',
  "Maid's Room": 'غرفة خادمة',
  "Driver's Room": 'غرفة سائق',
  Study: 'غرفة مكتب',
  'Upgraded Kitchen': 'مطبخ مُجدَّد',
  'Landscaped Garden': 'حديقة منسقة',
  'Smart Home': 'منزل ذكي',
  'Golf Course View': 'إطلالة على ملعب الغولف',
  'Beach Access': 'وصول إلى الشاطئ',
  'Community Pool': 'مسبح المجمع',
  'Park View': 'إطلالة على الحديقة',
  'Kids Play Area': 'منطقة ألعاب للأطفال',
  'Corner Unit': 'وحدة على الزاوية',
  'Panoramic Sea View': 'إطلالة بانورامية على البحر',
  'Burj Khalifa View': 'إطلالة على برج خليفة',
  'Private Lift': 'مصعد خاص',
  'Roof Terrace': 'تراس على السطح',
  'Designer Finish': 'تشطيبات مصممة',
  Jacuzzi: 'جاكوزي',
  Fitted: 'مجهز',
  Partitioned: 'مقسم',
  Pantry: 'مطبخ صغير',
  '24/7 Access': 'دخول على مدار الساعة',
  'Meeting Rooms': 'غرف اجتماعات',
  'Street Facing': 'مطل على الشارع',
  'High Footfall': 'حركة زوار عالية',
  'Shell and Core': 'هيكل أساسي',
  Mezzanine: 'ميزانين',
  'Loading Bay': 'منطقة تحميل',
};

const EMIRATE_AR: Record<Area['emirate'], string> = {
  dubai: 'دبي',
  abu_dhabi: 'أبوظبي',
  sharjah: 'الشارقة',
  ajman: 'عجمان',
  ras_al_khaimah: 'رأس الخيمة',
  fujairah: 'الفجيرة',
  umm_al_quwain: 'أم القيوين',
};

/** "من غرفتي نوم", "من 3 غرف نوم": how many bedrooms, as a listing title says it. */
function bedroomsAr(beds: number): string {
  if (beds === 1) return 'من غرفة نوم واحدة';
  if (beds === 2) return 'من غرفتي نوم';
  if (beds <= 10) return `من ${beds} غرف نوم`;
  return `من ${beds} غرفة نوم`;
}

export interface DemoListingParts {
  adjective: string;
  type: PropertyType;
  status: PropertyStatus;
  beds: number | null;
  area: Area;
  features: string[];
}

export function writeArabic(parts: DemoListingParts): PropertyTranslations['ar'] {
  const type = TYPE_AR[parts.type];
  const g = type.feminine ? 1 : 0;
  const adjective = ADJECTIVES_AR[parts.adjective]?.[g] ?? '';
  const what = [type.name, parts.beds ? bedroomsAr(parts.beds) : ''].filter(Boolean).join(' ');
  const features = parts.features.map((f) => FEATURES_AR[f] ?? f);
  const deal =
    parts.status === 'for_rent'
      ? `${type.feminine ? 'متاحة' : 'متاح'} للإيجار بعقد سنوي`
      : `${type.feminine ? 'معروضة' : 'معروض'} للبيع`;
  return {
    title: [type.name, adjective, parts.beds ? bedroomsAr(parts.beds) : '', `في ${parts.area.ar}`]
      .filter(Boolean)
      .join(' '),
    description: [
      `${what} في ${parts.area.ar}، ${EMIRATE_AR[parts.area.emirate]}، ${deal}.`,
      `من أبرز ${type.feminine ? 'مزاياها' : 'مزاياه'}: ${features.slice(0, 3).join('، ')}.`,
      parts.status === 'for_rent'
        ? `دفعات بشيكات مرنة، ${type.feminine ? 'جاهزة' : 'جاهز'} للسكن؛ المعاينة متاحة في أي يوم من الأسبوع.`
        : 'سند الملكية جاهز؛ المساعدة في التمويل العقاري متاحة عبر شركائنا من البنوك.',
    ].join(' '),
    features,
  };
}

const TITLE = new RegExp(
  `^(${Object.keys(ADJECTIVES_AR)
    .map((a) => a.replace(/[-]/g, '\\-'))
    .join('|')}) (?:(\\d+)-Bedroom )?(${Object.values(TYPE_LABEL).join('|')}) in (.+)$`,
);

/** The Arabic of a stored demo listing, or null when its title is not one the demo writes. */
export function arabicDemoListing(row: {
  title: string;
  propertyType: PropertyType;
  status: PropertyStatus;
  bedrooms: number | null;
  location: string | null;
  features: string[];
}): PropertyTranslations['ar'] | null {
  const m = TITLE.exec(row.title);
  if (!m) return null;
  const [, adjective, , typeLabel, areaName] = m;
  const area = AREAS.find((a) => a.name === areaName && a.name === row.location);
  if (!area || TYPE_LABEL[row.propertyType] !== typeLabel) return null;
  if (row.features.some((f) => !FEATURES_AR[f])) return null;
  return writeArabic({
    adjective,
    type: row.propertyType,
    status: row.status,
    beds: row.bedrooms,
    area,
    features: row.features,
  });
}
