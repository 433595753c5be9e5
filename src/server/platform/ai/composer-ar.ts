/** Arabic copy of the built-in composer (see composer.ts). */
import type { CardContent } from './types';
import type { ComposeFacts, Picker } from './composer';
import { joinList } from './labels';

type Line = (f: ComposeFacts) => string;

interface Profile {
  titles: string[];
  clients: string[];
  expertise: Line[];
  pitch: Line[];
  value: Line[];
}

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

const BROKER: Record<string, Profile> = {
  residential_sales: {
    titles: ['مستشار مبيعات عقارية سكنية', 'أخصائي مبيعات العقارات السكنية', 'مستشار عقاري – المبيعات السكنية'],
    clients: ['المشترين والبائعين للشقق والفلل والتاون هاوس', 'العائلات الباحثة عن منزلها القادم'],
    expertise: [
      (f) =>
        `يتولى كل خطوة بنفسه، من تقييم العقار وفق أحدث الصفقات في ${where(f)} إلى التفاوض على العرض وإتمام نقل الملكية لدى أمين التسجيل.`,
      (f) => `يعرف مباني ومجتمعات ${where(f)} ورسوم الخدمات فيها بالتفصيل، ويرشّح لكل مشترٍ ما يناسب ميزانيته وخططه.`,
      () => 'يقدّم تقييمات دقيقة، ويسوّق العقارات بتصوير احترافي، ويُطلع البائع على نتائج كل معاينة.',
    ],
    pitch: [
      (f) => `تبحث عن شراء أو بيع منزل في ${where(f)}؟ احصل على تقييم صادق وقائمة مختارة تناسب ميزانيتك خلال 24 ساعة.`,
      () => 'أخبرني بالمنزل الذي تبحث عنه، وسأعرض عليك خيارات تستحق المعاينة دون إضاعة وقتك.',
    ],
    value: [
      () => 'نصيحة شفافة وتسعير واقعي وانتقال سلس من العرض حتى استلام المفاتيح.',
      () => 'قرارات مبنية على بيانات السوق لا على التخمين.',
    ],
  },
  residential_leasing: {
    titles: ['مستشار تأجير سكني', 'أخصائي تأجير العقارات السكنية'],
    clients: ['المستأجرين والملاك', 'المنتقلين حديثًا إلى الإمارات'],
    expertise: [
      (f) => `يجد للمستأجرين المنزل المناسب في ${where(f)} بسرعة، ويتولى تسجيل إيجاري والشيكات وترتيبات الانتقال.`,
      () => 'يساعد الملاك على تحديد الإيجار المناسب واختيار المستأجرين وتجديد العقود دون فترات شغور.',
      () => 'ملمّ بقوانين الإيجار لدى ريرا ومؤشر الإيجارات، ليكون كل عقد عادلًا ومتوافقًا.',
    ],
    pitch: [(f) => `تنتقل إلى ${where(f)}؟ أرسل ميزانيتك وموعد الانتقال واحصل اليوم على قائمة بالمنازل المتاحة.`],
    value: [() => 'تأجير سريع ومتوافق مع الأنظمة، مع إنجاز إيجاري والعقود من البداية إلى النهاية.'],
  },
  commercial_sales: {
    titles: ['مستشار عقارات تجارية', 'أخصائي مبيعات العقارات التجارية'],
    clients: ['الشركات والمستثمرين الراغبين في شراء المكاتب والمحلات والمستودعات'],
    expertise: [
      (f) => `يقدّم المشورة في المكاتب والمحلات والمستودعات في ${where(f)} مع تحليل العائد ورسوم الخدمات لكل خيار.`,
    ],
    pitch: [() => 'تشتري مساحة تجارية؟ قارن العائد ورسوم الخدمات والمواقع جنبًا إلى جنب قبل أن تقرر.'],
    value: [() => 'صفقات تجارية مدعومة بأرقام واضحة: العائد والإشغال وقيمة التخارج.'],
  },
  commercial_leasing: {
    titles: ['مستشار تأجير تجاري', 'أخصائي تأجير المكاتب والمحلات'],
    clients: ['الشركات الناشئة والشركات المتنامية'],
    expertise: [
      (f) =>
        `يساعد الشركات على استئجار المكاتب والمعارض والمستودعات في ${where(f)} بشروط تناسب خطط نموها، ويتفاوض على فترات السماح وشروط التجهيز.`,
    ],
    pitch: [() => 'تحتاج مكتبًا أو محلًا يناسب فريقك وميزانيتك؟ احصل على قائمة بالمساحات والشروط هذا الأسبوع.'],
    value: [() => 'المساحة التجارية المناسبة بالشروط المناسبة، دون عناء البحث.'],
  },
  off_plan_projects: {
    titles: ['أخصائي مشاريع على الخارطة', 'مستشار مبيعات المشاريع الجديدة'],
    clients: ['المستثمرين والمشترين في مشاريع على الخارطة لدى كبار المطورين'],
    expertise: [
      (f) => `يتابع الإطلاقات الجديدة في ${where(f)} ويقارن خطط السداد ومواعيد التسليم وسجل المطورين لكل عميل.`,
      () =>
        'يوفّر وصولًا مبكرًا إلى إطلاقات كبار المطورين، ويشرح حسابات الضمان وخطط السداد والتسجيل لدى دائرة الأراضي بوضوح.',
    ],
    pitch: [() => 'احصل على أولوية الوصول إلى أفضل المشاريع على الخارطة بخطط سداد مرنة قبل طرحها في السوق.'],
    value: [() => 'وصول مبكر إلى الإطلاقات، ومقارنات صادقة بين المطورين، ومتابعة حتى التسليم.'],
  },
  investment_advisory: {
    titles: ['مستشار استثمار عقاري', 'مستشار استثمارات عقارية'],
    clients: ['المستثمرين المحليين والدوليين'],
    expertise: [
      (f) =>
        `يبني محافظ عقارية للمستثمرين في ${where(f)}، مقارنًا العائد الإيجاري ونمو رأس المال وأهلية الإقامة الذهبية.`,
    ],
    pitch: [
      () => 'استثمر في عقارات الإمارات بخطة واضحة: العائد المستهدف والميزانية واستراتيجية التخارج متفق عليها مسبقًا.',
    ],
    value: [() => 'استشارات استثمارية مبنية على البيانات تركّز على العائد والنمو والقيمة طويلة الأجل.'],
  },
  property_management: {
    titles: ['مدير عقارات', 'مستشار إدارة العقارات'],
    clients: ['الملاك داخل الدولة وخارجها'],
    expertise: [
      (f) => `يدير العقارات في ${where(f)} نيابة عن الملاك: البحث عن المستأجرين، وتحصيل الإيجار، والصيانة، والتجديد.`,
    ],
    pitch: [() => 'تملك عقارًا في الإمارات؟ اترك لنا الإدارة اليومية واستلم إيجارك في موعده دائمًا.'],
    value: [() => 'ملكية بلا عناء: مستأجرون موثوقون وعقار بحالة ممتازة وإيجار في موعده.'],
  },
};

const BROKER_DEFAULT: Profile = {
  titles: ['مستشار عقاري', 'وسيط عقاري'],
  clients: ['المشترين والبائعين والملاك والمستأجرين'],
  expertise: [(f) => `يغطي البيع والتأجير في ${where(f)} مع معرفة واضحة بالأسعار والمجتمعات والمشاريع القادمة.`],
  pitch: [(f) => `تشتري أو تبيع أو تستأجر في ${where(f)}؟ لنجد العقار المناسب معًا.`],
  value: [() => 'معرفة محلية ونصيحة صادقة وصفقة تُدار من أول معاينة حتى التوقيع.'],
};

const LOANS: Record<string, Profile> = {
  home_loans: {
    titles: ['مستشار تمويل عقاري', 'مستشار قروض سكنية'],
    clients: ['المشترين لأول مرة والمقيمين وغير المقيمين'],
    expertise: [
      () =>
        'يقارن عروض الرهن العقاري الثابتة والمتغيرة لدى بنوك الإمارات، بما فيها التمويل الإسلامي، ويحصل على الموافقة المبدئية بسرعة.',
      () => 'يشرح نسب التمويل والرسوم وتعليمات المصرف المركزي بوضوح، فلا مفاجآت عند نقل الملكية.',
    ],
    pitch: [
      () => 'احصل على موافقة مبدئية على التمويل خلال أيام وقارن أفضل الأسعار لدى كبرى بنوك الإمارات دون أي تكلفة عليك.',
    ],
    value: [() => 'أفضل سعر تمويل متاح، وموافقة مبدئية خلال أيام، ومتابعة حتى نقل الملكية.'],
  },
  personal_loans: {
    titles: ['مستشار قروض شخصية'],
    clients: ['الموظفين وأصحاب الأعمال الحرة'],
    expertise: [() => 'يجد قروضًا شخصية وحلول توحيد الديون بأسعار ورسوم واضحة تناسب الراتب وجهة العمل.'],
    pitch: [() => 'تحتاج قرضًا شخصيًا؟ قارن عروضًا واضحة وتنافسية واحصل على قرار سريع.'],
    value: [() => 'تمويل شخصي تنافسي مع توضيح كل الرسوم مسبقًا.'],
  },
  business_loans: {
    titles: ['مستشار تمويل الأعمال', 'مستشار تمويل الشركات الصغيرة والمتوسطة'],
    clients: ['الشركات الصغيرة والمتوسطة ورواد الأعمال'],
    expertise: [
      () => 'يهيكل تمويل رأس المال العامل والتمويل التجاري وقروض المقرات للشركات، ويجهّز الملف الذي تطلبه البنوك.',
    ],
    pitch: [() => 'نمِّ أعمالك بالتمويل المناسب: رأس مال عامل أو تمويل تجاري أو قرض لمقر شركتك.'],
    value: [() => 'تمويل أعمال مصمم حول تدفقاتك النقدية.'],
  },
  car_loans: {
    titles: ['مستشار تمويل السيارات'],
    clients: ['المقيمين الراغبين في تمويل سيارة جديدة أو مستعملة'],
    expertise: [() => 'يرتّب تمويل السيارات الجديدة والمستعملة بأسعار تنافسية وموافقات سريعة.'],
    pitch: [() => 'موافقات سريعة على تمويل السيارات بأقساط شهرية واضحة.'],
    value: [() => 'تمويل سيارات بسيط وشفاف وسريع.'],
  },
  investment_loans: {
    titles: ['مستشار تمويل استثماري'],
    clients: ['المستثمرين في العقارات المؤجرة والمشاريع على الخارطة'],
    expertise: [
      () => 'يموّل شراء العقارات الاستثمارية والمحافظ، بما في ذلك تسييل قيمة العقارات القائمة، لتعظيم عوائد المستثمرين.',
    ],
    pitch: [() => 'موّل استثمارك القادم بحكمة: تمويل مصمم للعائد والنمو.'],
    value: [() => 'تمويل استثماري يرفع العائد مع إبقاء المخاطر تحت السيطرة.'],
  },
  all_loans: {
    titles: ['مستشار مصرفي وتمويلي', 'مستشار قروض وتمويل عقاري'],
    clients: ['الأفراد والشركات بمختلف احتياجاتهم التمويلية'],
    expertise: [
      () => 'يغطي التمويل العقاري والقروض الشخصية وقروض السيارات والأعمال، ويقارن عروض البنوك لإيجاد الأنسب.',
    ],
    pitch: [() => 'مستشار واحد لكل أنواع التمويل: نقارن لك العروض جنبًا إلى جنب.'],
    value: [() => 'جهة تواصل واحدة لكل احتياجاتك التمويلية مع أفضل العروض.'],
  },
};

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

const assemble = (parts: (string | null)[]) => parts.filter(Boolean).join(' ');

function fromProfile(f: ComposeFacts, p: Picker, profile: Profile, org?: string): CardContent {
  const title = p.pick(profile.titles);
  return {
    profession: title,
    description: assemble([
      opener(f, p, title, p.pick(profile.clients), org),
      p.pick(profile.expertise)(f),
      languagesLine(f, p),
      p.pick(CLOSERS),
    ]),
    salesPitch: p.pick(profile.pitch)(f),
    valueProposition: p.pick(profile.value)(f),
  };
}

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
  switch (f.role) {
    case 'real_estate_broker':
      return fromProfile(f, p, (f.specialization && BROKER[f.specialization]) || BROKER_DEFAULT);
    case 'banking_broker': {
      const out = fromProfile(
        f,
        p,
        (f.specialization && LOANS[f.specialization]) || LOANS.all_loans,
        f.company ?? f.bank,
      );
      return f.company || !f.bank ? out : { ...out, suggestedCompany: f.bank };
    }
    case 'real_estate_developer':
      return developer(f, p);
    default:
      return investor(f, p);
  }
}
