/**
 * Words that mark a line of a UAE business card as a job title, a company or an address, in
 * English and Arabic. Lists rather than a model: they are easy to read, extend and test.
 */

/** Job-title words (whole words, case-insensitive). */
export const TITLE_WORDS = [
  'agent',
  'broker',
  'consultant',
  'advisor',
  'adviser',
  'manager',
  'director',
  'executive',
  'associate',
  'specialist',
  'officer',
  'head',
  'partner',
  'founder',
  'co-founder',
  'ceo',
  'cfo',
  'coo',
  'cto',
  'chairman',
  'president',
  'vice president',
  'vp',
  'analyst',
  'engineer',
  'architect',
  'leasing',
  'sales',
  'marketing',
  'negotiator',
  'relationship',
  'representative',
  'coordinator',
  'supervisor',
  'assistant',
  'owner',
  'investor',
  'mortgage',
  'lawyer',
  'accountant',
  'developer relations',
];

/** Arabic job-title words (substring match: Arabic attaches articles and suffixes). */
export const TITLE_AR_WORDS = [
  'وسيط',
  'مستشار',
  'مدير',
  'مديرة',
  'رئيس',
  'تنفيذي',
  'مسؤول',
  'أخصائي',
  'اخصائي',
  'مساعد',
  'مهندس',
  'محلل',
  'شريك',
  'مؤسس',
  'مندوب',
  'منسق',
  'مشرف',
  'مبيعات',
  'تسويق',
  'أول',
  'تمويل',
  'تأجير',
  'تاجير',
  'عقاري',
  'عقارى',
];

/** Company suffixes and sector words, matched as whole tokens. */
export const COMPANY_SUFFIXES = [
  'LLC',
  'L.L.C',
  'L.L.C.',
  'FZ-LLC',
  'FZ LLC',
  'FZE',
  'FZCO',
  'DMCC',
  'PJSC',
  'PSC',
  'Ltd',
  'Limited',
  'Inc',
  'Group',
  'Holding',
  'Holdings',
  'Properties',
  'Property',
  'Real Estate',
  'Realty',
  'Realtors',
  'Developers',
  'Development',
  'Developments',
  'Bank',
  'Homes',
  'Estates',
  'Brokerage',
  'Investments',
  'Capital',
  'Finance',
];

/** Arabic company markers. */
export const COMPANY_AR_WORDS = [
  'ذ.م.م',
  'ذ م م',
  'ش.ذ.م.م',
  'م.د.م.س',
  'ش.م.ع',
  'للعقارات',
  'العقارية',
  'عقارات',
  'العقارات',
  'للتطوير',
  'التطوير',
  'بنك',
  'مصرف',
  'شركة',
  'مجموعة',
  'القابضة',
  'للوساطة',
  'الوساطة',
  'للاستثمار',
  // OCR often reads the final ية of العقارية as بة: the stem still marks a company.
  'العقار',
];

const ADDRESS_WORDS =
  /\b(?:P\.?\s?O\.?\s?Box|Tower|Street|St\.|Road|Rd\.|Floor|Office\s+\d|Suite|Building|Bldg|Business Bay|Downtown|Marina|JLT|JBR|DIFC|Deira|Bur Dubai|Al Barsha|Sheikh Zayed|Dubai|Abu Dhabi|Sharjah|Ajman|Ras Al Khaimah|Fujairah|Umm Al Quwain|UAE|United Arab Emirates)\b/i;
const ADDRESS_AR_WORDS = /(?:ص\.?\s?ب|برج|شارع|طابق|مكتب\s*\d|دبي|أبوظبي|ابوظبي|الشارقة|عجمان|الإمارات)/;

/** A line that reads like an address (a place, a tower, a P.O. Box). */
export function isAddressLine(text: string): boolean {
  return ADDRESS_WORDS.test(text) || ADDRESS_AR_WORDS.test(text);
}
