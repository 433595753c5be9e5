/** Arabic copy of the built-in composer (see composer.ts). */
import type { CardContent } from './types';
import type { ComposeFacts, Picker } from './composer';
import { assemble, composeWith, type Copy } from './composer-kit';
import copy from './copy/ar.json';
import { joinList } from './labels';

const where = (f: ComposeFacts) => f.place ?? 'الإمارات';
const at = (f: ComposeFacts, org = f.company) => (org ? ` لدى ${org}` : '');

/** Arabic counting of years: عام واحد، عامان، 3–10 أعوام، 11+ عامًا. */
export function arabicYears(y: number): string {
  if (y === 1) return 'عام واحد';
  if (y === 2) return 'عامين';
  if (y >= 3 && y <= 10) return `${y} أعوام`;
  return `${y} عامًا`;
}

const FEMININE_WORDS: Record<string, string> = {
  يتولى: 'تتولى',
  بنفسه: 'بنفسها',
  يعرف: 'تعرف',
  يرشّح: 'ترشّح',
  يقدّم: 'تقدّم',
  يسوّق: 'تسوّق',
  يُطلع: 'تُطلع',
  يجد: 'تجد',
  يساعد: 'تساعد',
  يغطي: 'تغطي',
  يهيكل: 'تهيكل',
  يجهّز: 'تجهّز',
  يرتّب: 'ترتّب',
  يموّل: 'تموّل',
  يقارن: 'تقارن',
  يحصل: 'تحصل',
  يشرح: 'تشرح',
  يتابع: 'تتابع',
  يوفّر: 'توفّر',
  يبني: 'تبني',
  يدير: 'تدير',
  يخدم: 'تخدم',
  يعمل: 'تعمل',
  يتواصل: 'تتواصل',
  عملائه: 'عملائها',
  معه: 'معها',
  مقره: 'مقرها',
  يقود: 'تقود',
  يطوّر: 'تطوّر',
  يشرف: 'تشرف',
  بنى: 'بنت',
  يرحّب: 'ترحّب',
  يستثمر: 'تستثمر',
  يركّز: 'تركّز',
  يبحث: 'تبحث',
  يفضّل: 'تفضّل',
  ملمّ: 'ملمّة',
  نشط: 'نشطة',
  مستثمر: 'مستثمرة',
  موثوق: 'موثوقة',
  يتخذ: 'تتخذ',
  قراره: 'قرارها',
  يبقى: 'تبقى',
  شريكًا: 'شريكة',
  يتفاوض: 'تتفاوض',
  يسعده: 'يسعدها',
};
const WORD_RE = new RegExp(`(^|[\\s،(])(و?)(${Object.keys(FEMININE_WORDS).join('|')})(?=$|[\\s،.:])`, 'gu');

/** Third-person verbs and pronouns in the feminine, for a woman's card. */
export function feminize(text: string): string {
  return text.replace(WORD_RE, (_m, pre: string, wa: string, word: string) => `${pre}${wa}${FEMININE_WORDS[word]}`);
}

const TITLE_HEADS: Record<string, string> = {
  مستشار: 'مستشارة',
  أخصائي: 'أخصائية',
  مدير: 'مديرة',
  وسيط: 'وسيطة',
  مستثمر: 'مستثمرة',
  رئيس: 'رئيسة',
};
/** Adjectives that describe the person (not the field) and so agree with her. */
const PERSON_ADJECTIVES = new Set(['عقاري', 'خاص', 'مصرفي']);

export function feminineTitle(title: string): string {
  const words = title.split(' ');
  if (TITLE_HEADS[words[0]]) words[0] = TITLE_HEADS[words[0]];
  if (words[1] && PERSON_ADJECTIVES.has(words[1])) words[1] = `${words[1]}ة`;
  if (words[2] === 'وتمويلي') words[2] = 'وتمويلية';
  return words.join(' ');
}

const COPY = copy as Copy;

function opener(f: ComposeFacts, p: Picker, title: string, clients: string, org?: string): string {
  const options = [`${f.name}، ${title}${at(f, org)}، يخدم ${clients} في ${where(f)}.`];
  if (f.years !== undefined && f.years > 0) {
    options.push(
      `بخبرة ${arabicYears(f.years)} في سوق ${f.emirate ?? 'الإمارات'}، يساعد ${f.name} ${clients}${f.area ? ` في ${f.area}` : ''}.`,
      `يقدّم ${f.name}${at(f, org)} خبرة عملية تمتد ${arabicYears(f.years)} في خدمة ${clients}.`,
    );
  } else {
    options.push(`من مقره في ${where(f)}، يعمل ${f.name} مع ${clients}${at(f, org)}.`);
  }
  return p.pick(options);
}

function languagesLine(f: ComposeFacts, p: Picker): string | null {
  if (!f.languages.length) return null;
  const list = joinList('ar', f.languages);
  return p.pick([`يتواصل مع عملائه باللغات: ${list}.`, `يمكنك التواصل معه ب${list}.`]);
}

const CLOSERS = [
  'يسعده تواصلك لمحادثة دون أي التزام.',
  'للتواصل: الهاتف أو واتساب أو البريد الإلكتروني، والرد في اليوم نفسه.',
];

function developer(f: ComposeFacts, p: Picker): CardContent {
  const types = f.projectTypes.length ? joinList('ar', f.projectTypes) : 'مجتمعات سكنية ومتعددة الاستخدامات';
  const org = f.company ?? 'شركة تطوير إماراتية';
  return {
    profession: p.pick(['مدير تطوير الأعمال', 'مدير المشاريع', 'رئيس المبيعات – التطوير العقاري']),
    description: assemble([
      p.pick([
        `يقود ${f.name} المشاريع لدى ${org}، ويطوّر ${types} في ${where(f)}.`,
        `لدى ${org}، يشرف ${f.name} على ${types} من الاستحواذ على الأرض والتصميم حتى التسليم في ${where(f)}.`,
      ]),
      f.years !== undefined && f.years > 0
        ? `خلال ${arabicYears(f.years)} في التطوير العقاري بالإمارات، بنى علاقات متينة مع المقاولين والاستشاريين والوسطاء والجهات الرسمية.`
        : 'يعمل عن قرب مع الوسطاء والبنوك والمشترين لطرح كل مشروع بخطط سداد واضحة ومدفوعات محمية في حسابات الضمان.',
      languagesLine(f, p),
      p.pick([
        'يرحّب بتواصل الوسطاء والمستثمرين للحصول على تفاصيل المشاريع والمخصصات.',
        'تواصل للحصول على الكتيبات والمخططات وخطط السداد.',
      ]),
    ]),
    salesPitch: p.pick([
      `اكتشف ${types} صُممت لأسلوب الحياة والعمل في ${where(f)}، بخطط سداد تناسب المشترين.`,
      'شارك مطورًا يلتزم بمواعيد التسليم ويدعم الوسطاء بالإطلاقات والعمولات والتسويق.',
    ]),
    valueProposition: p.pick([
      'جودة في البناء، ومدفوعات محمية في حسابات الضمان، وتسليم في الموعد.',
      'مجتمعات مدروسة التصميم بخطط سداد مرنة وقيمة طويلة الأجل.',
    ]),
  };
}

function investor(f: ComposeFacts, p: Picker): CardContent {
  const interests = f.interests.length ? f.interests : ['العقارات'];
  const list = joinList('ar', interests);
  const budget = f.budget ? ` بميزانية استثمار تتراوح ${f.budget}` : '';
  return {
    profession: p.pick(['مستثمر عقاري', 'مستثمر خاص', 'مستثمر في العقارات والمشاريع']),
    description: assemble([
      p.pick([
        `يستثمر ${f.name} في ${list} في ${where(f)}${budget}.`,
        `${f.name} مستثمر نشط في ${list}${budget}، ويركّز على الفرص في ${where(f)}.`,
      ]),
      p.pick([
        'يبحث عن أصول في مواقع مميزة بعوائد قوية وخيارات تخارج واضحة، وعن مؤسسين يملكون خطة حقيقية.',
        'يفضّل الشراكات طويلة الأجل والأرقام الشفافة والفرق التي تفي بوعودها.',
      ]),
      languagesLine(f, p),
      'يرحّب بتواصل الوسطاء والمطورين ورواد الأعمال أصحاب المقترحات الجادة.',
    ]),
    salesPitch: p.pick([
      `لديك فرصة في ${list}؟ أرسل الأرقام الأساسية ولنتحدث.`,
      'تبحث عن مستثمر ملتزم؟ أردّ على كل مقترح مُعدّ جيدًا.',
    ]),
    valueProposition: p.pick([
      'رأس مال صبور وقرارات سريعة وشريك يفهم سوق الإمارات.',
      'مستثمر موثوق يتخذ قراره بسرعة ويبقى شريكًا على المدى الطويل.',
    ]),
  };
}

export function composeArabic(f: ComposeFacts, p: Picker): CardContent {
  const out = composeMasculine(f, p);
  if (!f.female) return out;
  const title = feminineTitle(out.profession);
  return {
    ...out,
    profession: title,
    description: feminize(out.description.replace(out.profession, title)),
    salesPitch: out.salesPitch && feminize(out.salesPitch),
    valueProposition: out.valueProposition && feminize(out.valueProposition),
  };
}

function composeMasculine(f: ComposeFacts, p: Picker): CardContent {
  return composeWith(
    {
      ...COPY,
      defaultPlace: where({} as ComposeFacts),
      closers: CLOSERS,
      opener,
      languagesLine,
      developer,
      investor,
    },
    f,
    p,
  );
}
