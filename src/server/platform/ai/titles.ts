/**
 * Job titles of the trade in English and Arabic, for the built-in composer: a card whose English
 * title is "Senior Property Consultant" gets "مستشار عقاري أول" on its Arabic side (and the other
 * way round), where composing a fresh title would lose what the person called themselves. Arabic
 * titles come in both genders; a title the list does not know is left to the composer.
 */
import type { LabelLanguage } from './labels';

/** [English, Arabic (masculine), Arabic (feminine)]. */
const TITLES: readonly (readonly [string, string, string])[] = [
  ['Real Estate Broker', 'وسيط عقاري', 'وسيطة عقارية'],
  ['Real Estate Agent', 'وكيل عقاري', 'وكيلة عقارية'],
  ['Property Consultant', 'مستشار عقاري', 'مستشارة عقارية'],
  ['Real Estate Consultant', 'مستشار عقاري', 'مستشارة عقارية'],
  ['Property Advisor', 'مستشار عقاري', 'مستشارة عقارية'],
  ['Real Estate Advisor', 'مستشار عقاري', 'مستشارة عقارية'],
  ['Investment Consultant', 'مستشار استثمار', 'مستشارة استثمار'],
  ['Investment Advisor', 'مستشار استثماري', 'مستشارة استثمارية'],
  ['Property Investment Consultant', 'مستشار استثمار عقاري', 'مستشارة استثمار عقاري'],
  ['Off-Plan Specialist', 'أخصائي مشاريع على الخريطة', 'أخصائية مشاريع على الخريطة'],
  ['Off-Plan Property Specialist', 'أخصائي عقارات على الخريطة', 'أخصائية عقارات على الخريطة'],
  ['Off-Plan Consultant', 'مستشار مشاريع على الخريطة', 'مستشارة مشاريع على الخريطة'],
  ['Leasing Consultant', 'مستشار تأجير', 'مستشارة تأجير'],
  ['Leasing Agent', 'وكيل تأجير', 'وكيلة تأجير'],
  ['Leasing Manager', 'مدير التأجير', 'مديرة التأجير'],
  ['Sales Manager', 'مدير المبيعات', 'مديرة المبيعات'],
  ['Sales Director', 'مدير المبيعات', 'مديرة المبيعات'],
  ['Sales Consultant', 'مستشار مبيعات', 'مستشارة مبيعات'],
  ['Sales Agent', 'وكيل مبيعات', 'وكيلة مبيعات'],
  ['Sales Executive', 'تنفيذي مبيعات', 'تنفيذية مبيعات'],
  ['Head of Sales', 'رئيس المبيعات', 'رئيسة المبيعات'],
  ['Property Manager', 'مدير عقارات', 'مديرة عقارات'],
  ['Asset Manager', 'مدير أصول', 'مديرة أصول'],
  ['Brokerage Manager', 'مدير الوساطة', 'مديرة الوساطة'],
  ['Managing Director', 'المدير العام', 'المديرة العامة'],
  ['General Manager', 'المدير العام', 'المديرة العامة'],
  ['Chief Executive Officer', 'الرئيس التنفيذي', 'الرئيسة التنفيذية'],
  ['CEO', 'الرئيس التنفيذي', 'الرئيسة التنفيذية'],
  ['Founder', 'المؤسس', 'المؤسسة'],
  ['Co-Founder', 'الشريك المؤسس', 'الشريكة المؤسسة'],
  ['Founder & CEO', 'المؤسس والرئيس التنفيذي', 'المؤسسة والرئيسة التنفيذية'],
  ['Partner', 'شريك', 'شريكة'],
  ['Mortgage Advisor', 'مستشار رهن عقاري', 'مستشارة رهن عقاري'],
  ['Mortgage Consultant', 'مستشار رهن عقاري', 'مستشارة رهن عقاري'],
  ['Mortgage Broker', 'وسيط رهن عقاري', 'وسيطة رهن عقاري'],
  ['Mortgage Specialist', 'أخصائي رهن عقاري', 'أخصائية رهن عقاري'],
  ['Home Finance Advisor', 'مستشار تمويل سكني', 'مستشارة تمويل سكني'],
  ['Relationship Manager', 'مدير علاقات', 'مديرة علاقات'],
  ['Banking Broker', 'وسيط مصرفي', 'وسيطة مصرفية'],
  ['Business Development Manager', 'مدير تطوير الأعمال', 'مديرة تطوير الأعمال'],
  ['Project Manager', 'مدير المشاريع', 'مديرة المشاريع'],
  ['Development Manager', 'مدير التطوير', 'مديرة التطوير'],
  ['Property Developer', 'مطوّر عقاري', 'مطوّرة عقارية'],
  ['Real Estate Developer', 'مطوّر عقاري', 'مطوّرة عقارية'],
  ['Real Estate Investor', 'مستثمر عقاري', 'مستثمرة عقارية'],
  ['Property Investor', 'مستثمر عقاري', 'مستثمرة عقارية'],
  ['Private Investor', 'مستثمر خاص', 'مستثمرة خاصة'],
  ['Luxury Property Specialist', 'أخصائي العقارات الفاخرة', 'أخصائية العقارات الفاخرة'],
  ['Commercial Property Consultant', 'مستشار العقارات التجارية', 'مستشارة العقارات التجارية'],
  ['Residential Property Consultant', 'مستشار العقارات السكنية', 'مستشارة العقارات السكنية'],
  ['Valuation Specialist', 'أخصائي تقييم عقاري', 'أخصائية تقييم عقاري'],
  ['Property Valuer', 'مقيّم عقاري', 'مقيّمة عقارية'],
  ['Marketing Manager', 'مدير التسويق', 'مديرة التسويق'],
];

/** Seniority words before a title, and how Arabic says them after it. */
const RANKS: readonly (readonly [string, string, string])[] = [
  ['Senior', 'أول', 'أولى'],
  ['Lead', 'رئيسي', 'رئيسية'],
  ['Associate', 'مساعد', 'مساعدة'],
  ['Junior', 'مبتدئ', 'مبتدئة'],
];

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/\band\b/g, '&')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .trim();

/**
 * The title in the other language, or null when the list does not know it. `female` picks the
 * Arabic form; English titles have one.
 */
export function translateTitle(title: string, to: LabelLanguage, female = false): string | null {
  const text = title.trim();
  if (!text) return null;
  if (to === 'ar') {
    let rank: (typeof RANKS)[number] | undefined;
    let rest = text;
    for (const r of RANKS) {
      if (fold(rest).startsWith(`${fold(r[0])} `)) {
        rank = r;
        rest = rest.slice(r[0].length).trim();
        break;
      }
    }
    const hit = TITLES.find(([en]) => fold(en) === fold(rest));
    if (!hit) return null;
    const base = female ? hit[2] : hit[1];
    return rank ? `${base} ${female ? rank[2] : rank[1]}` : base;
  }
  let rank: (typeof RANKS)[number] | undefined;
  let rest = text;
  for (const r of RANKS) {
    for (const word of [r[1], r[2]]) {
      if (fold(rest).endsWith(` ${fold(word)}`)) {
        rank = r;
        rest = rest.slice(0, rest.length - word.length).trim();
      }
    }
    if (rank) break;
  }
  const hit = TITLES.find(([, m, f]) => fold(m) === fold(rest) || fold(f) === fold(rest));
  if (!hit) return null;
  return rank ? `${rank[0]} ${hit[0]}` : hit[0];
}
