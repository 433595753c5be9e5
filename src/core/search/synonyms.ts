/**
 * Words that mean the same to someone searching, in English and Arabic: "lawyer"
 * finds "Legal Counsel", "محامي" finds it too, "home loan" finds "Mortgage Advisory". Each group
 * is a set of phrases; a phrase of the query that is in a group matches any phrase of the group.
 * Phrases are compared folded (core/search/normalize), so spelling variants of Arabic letters and
 * accents are already one.
 */
import { foldText } from './normalize';
import { STOPWORDS } from './vocabulary';

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  [
    'lawyer',
    'lawyers',
    'legal',
    'counsel',
    'attorney',
    'advocate',
    'solicitor',
    'محامي',
    'محامين',
    'محاماة',
    'قانوني',
    'قانونية',
    'مستشار قانوني',
    'الاستشارات القانونية',
  ],
  [
    'mortgage',
    'mortgages',
    'home loan',
    'home loans',
    'home finance',
    'housing loan',
    'تمويل عقاري',
    'التمويل العقاري',
    'قرض سكني',
    'قروض سكنية',
    'رهن عقاري',
  ],
  ['photographer', 'photography', 'photos', 'photo', 'تصوير', 'مصور'],
  ['website', 'websites', 'web site', 'web design', 'موقع', 'مواقع إلكترونية', 'موقع إلكتروني'],
  ['valuation', 'valuer', 'appraisal', 'appraiser', 'تقييم', 'مثمن'],
  ['snagging', 'snag', 'handover inspection', 'inspection', 'فحص', 'فحص العيوب'],
  ['golden visa', 'residence visa', 'residency', 'الإقامة الذهبية', 'اقامه ذهبيه', 'الإقامة'],
  [
    'bank account',
    'business banking',
    'company account',
    'corporate account',
    'حساب بنكي',
    'حساب مصرفي',
    'الحسابات المصرفية',
  ],
  ['company', 'business', 'corporate', 'شركة', 'الشركات', 'أعمال'],
  ['conveyancing', 'transfer', 'title deed', 'نقل الملكية', 'تسجيل'],
  ['property management', 'property manager', 'إدارة العقارات', 'إدارة عقارات'],
  ['licence', 'license', 'licensing', 'rera', 'ترخيص', 'ريرا'],
  ['marketing', 'advertising', 'social media', 'تسويق', 'التسويق'],
  ['crm', 'customer relationship', 'إدارة علاقات العملاء'],
];

/**
 * How the same Arabic name is written in Latin letters (and in Arabic), so "Muhammad Al Kitbi"
 * and "محمد الكتبي" find Mohammed Al Ketbi. Common names and the family names of the directory.
 */
export const NAME_VARIANTS: readonly (readonly string[])[] = [
  ['mohammed', 'mohammad', 'muhammad', 'mohamed', 'mohamad', 'muhammed', 'محمد'],
  ['ahmed', 'ahmad', 'أحمد', 'احمد'],
  ['yousef', 'yousif', 'yusuf', 'youssef', 'yusef', 'يوسف'],
  ['fatima', 'fatma', 'fatimah', 'فاطمة'],
  ['hashimi', 'hashemi', 'hashmi', 'الهاشمي'],
  ['ketbi', 'kitbi', 'الكتبي'],
  ['mansoori', 'mansouri', 'mansuri', 'المنصوري'],
  ['suwaidi', 'suwaydi', 'swaidi', 'السويدي'],
  ['khalid', 'khaled', 'خالد'],
  ['omar', 'umar', 'عمر'],
  ['hassan', 'hasan', 'حسن'],
  ['tariq', 'tarik', 'tarek', 'طارق'],
  ['mahmoud', 'mahmood', 'mahmud', 'محمود'],
  ['hussain', 'hussein', 'husain', 'حسين'],
  ['abdullah', 'abdallah', 'عبدالله', 'عبد الله'],
  ['saeed', 'saed', 'سعيد'],
  ['rashid', 'rashed', 'راشد'],
  ['mariam', 'maryam', 'meriam', 'مريم'],
  ['noura', 'nora', 'nura', 'نورة'],
  ['layla', 'laila', 'leila', 'ليلى'],
  ['khalifa', 'khalifah', 'خليفة'],
  ['hamad', 'hamed'],
  ['zayed', 'zaid', 'zayid', 'زايد'],
  ['sheikha', 'shaikha', 'شيخة'],
];

const GROUPS = [...SYNONYM_GROUPS, ...NAME_VARIANTS].map((group) => group.map(foldText));
/** Longest phrases first, so "home loan" is read before "home". */
const PHRASES = GROUPS.flatMap((group, index) => group.map((phrase) => ({ phrase, index }))).sort(
  (a, b) => b.phrase.length - a.phrase.length,
);

/**
 * The terms of a free-text search: each is a list of alternatives, any of which may match; every
 * term must match. Known phrases bring their synonyms; stop words ("for", "my", "في") are dropped.
 */
export function searchTerms(words: readonly string[]): string[][] {
  return readTerms(words).map((term) => term.alternatives);
}

/** One term of a search: the words of the query it stands for, and what may match it. */
export interface SearchTerm {
  words: string[];
  alternatives: string[];
}

/** As searchTerms, keeping the query's own words of each term (a typo match needs them). */
export function readTerms(words: readonly string[]): SearchTerm[] {
  const folded = words.map((w) => foldText(w));
  const terms: SearchTerm[] = [];
  for (let i = 0; i < folded.length; ) {
    const rest = folded.slice(i).join(' ');
    const hit = PHRASES.find(({ phrase }) => rest === phrase || rest.startsWith(`${phrase} `));
    if (hit) {
      const n = hit.phrase.split(' ').length;
      terms.push({ words: words.slice(i, i + n), alternatives: [...GROUPS[hit.index]] });
      i += n;
      continue;
    }
    if (!STOPWORDS.has(folded[i])) terms.push({ words: [words[i]], alternatives: [words[i]] });
    i += 1;
  }
  return terms;
}
