import { describe, expect, it } from 'vitest';
import { extractFields, findPhones, linesOf, looksLikeArabicName, looksLikeName } from './extract';

const read = (text: string) => extractFields(linesOf(text)).fields;

describe('card field extraction', () => {
  it('reads an English broker card', () => {
    const f = read(
      [
        'AHMED AL MANSOURI',
        'Senior Property Consultant',
        'Emaar Properties LLC',
        'M: +971 50 123 4567',
        'T: 04 321 5678',
        'E: ahmed.mansouri@emaar.ae',
        'www.emaar.com',
        'BRN: 45231',
        'Office 1204, Boulevard Plaza Tower 1, Downtown Dubai',
      ].join('\n'),
    );
    expect(f.name).toBe('Ahmed Al Mansouri');
    expect(f.title).toBe('Senior Property Consultant');
    expect(f.company).toBe('Emaar Properties LLC');
    expect(f.phones).toEqual(['+971501234567', '+97143215678']);
    expect(f.emails).toEqual(['ahmed.mansouri@emaar.ae']);
    expect(f.website).toBe('www.emaar.com');
    expect(f.brn).toBe('45231');
    expect(f.address).toContain('Boulevard Plaza');
  });

  it('reads local mobile formats, trunk zeros and OCR letter-for-digit slips', () => {
    expect(findPhones('Mob 055 987 6543')).toEqual(['+971559876543']);
    expect(findPhones('+971 (0) 52 111 2233')).toEqual(['+971521112233']);
    expect(findPhones('00971 4 555 1212')).toEqual(['+97145551212']);
    expect(findPhones('+971 5O 123 4567')).toEqual(['+971501234567']);
    expect(findPhones('٠٥٠ ١٢٣ ٤٥٦٧')).toEqual(['+971501234567']);
  });

  it('does not take the BRN or a year for a phone', () => {
    const f = read('Sara Khan\nBRN 12345\nRERA ORN 23456\n+971 56 700 8800');
    expect(f.phones).toEqual(['+971567008800']);
    expect(f.brn).toBe('12345');
    expect(f.orn).toBe('23456');
  });

  it('reads RERA numbers written in different ways', () => {
    expect(read('RERA No: 33445').brn).toBe('33445');
    expect(read('Broker Registration No. 7788').brn).toBe('7788');
    expect(read('رقم الوسيط: ٥٤٣٢١').brn).toBe('54321');
    expect(read('Office Reg No 9090').orn).toBe('9090');
  });

  it('reads an Arabic card and pairs it with the English side', () => {
    const f = read(
      [
        'محمد عبدالله الكعبي',
        'مستشار عقاري أول',
        'شركة النخبة للعقارات ذ.م.م',
        'Mohammed Abdullah Al Kaabi',
        'Property Consultant',
        'Elite Real Estate LLC',
        '+971 50 222 3344',
        'mohammed@elite-re.ae',
      ].join('\n'),
    );
    expect(f.nameAr).toBe('محمد عبدالله الكعبي');
    expect(f.name).toBe('Mohammed Abdullah Al Kaabi');
    expect(f.company).toBe('Elite Real Estate LLC');
    expect(f.title).toBe('Property Consultant');
  });

  it('uses the Arabic company when the card prints no English one', () => {
    const f = read('خالد سالم\nوسيط عقاري\nمجموعة الريم العقارية\n٠٥٥ ١١١ ٢٢٢٢');
    expect(f.company).toBe('مجموعة الريم العقارية');
    expect(f.nameAr).toBe('خالد سالم');
    expect(f.phones).toEqual(['+971551112222']);
  });

  it('tells names from titles, companies and places', () => {
    expect(looksLikeName('Fatima Al Hashimi')).toBe(true);
    expect(looksLikeName('JOHN SMITH')).toBe(true);
    expect(looksLikeName('Sales Manager')).toBe(false);
    expect(looksLikeName('Damac Properties')).toBe(false);
    expect(looksLikeName('Business Bay, Dubai')).toBe(false);
    expect(looksLikeName('Call 050 123')).toBe(false);
    expect(looksLikeArabicName('فاطمة الهاشمي')).toBe(true);
    expect(looksLikeArabicName('مدير المبيعات')).toBe(false);
  });

  it('mends e-mails and websites OCR spaced out, and does not invent a website from an e-mail', () => {
    const f = read('Omar Farouk\nomar @ bayut .com');
    expect(f.emails).toEqual(['omar@bayut.com']);
    expect(f.website).toBe('');
    expect(read('Web: https://www.allsopp.ae/team').website).toBe('www.allsopp.ae/team');
  });

  it('gives lower confidence where the OCR was unsure', () => {
    const { confidence } = extractFields([
      { text: 'Layla Haddad', confidence: 0.5 },
      { text: 'layla@haddad.ae', confidence: 0.99 },
    ]);
    expect(confidence.name).toBeLessThan(0.6);
    expect(confidence.emails).toBeGreaterThan(0.9);
    expect(confidence.company).toBe(0);
  });
});

describe('OCR noise', () => {
  it('drops direction marks and stray Latin letters from Arabic lines, and mends split e-mails', () => {
    const f = read('Le \u200fمحمد الزروني\u200e\nE: khalid. mansouri@crescentbay.com\nWWW. crescentbay.com');
    expect(f.nameAr).toBe('محمد الزروني');
    expect(f.emails).toEqual(['khalid.mansouri@crescentbay.com']);
    expect(f.website).toBe('www.crescentbay.com');
  });
});

describe('websites as OCR reads them', () => {
  it('mends doubled w and a missing dot after them', () => {
    expect(read('wwww.marinagate.com').website).toBe('www.marinagate.com');
    expect(read('www marinagate.com').website).toBe('www.marinagate.com');
  });
});

describe('the e-mail and the website check each other', () => {
  it('mends a misread letter in one domain from the other', () => {
    const f = read('ahmed.falasi@desertrosc.ae\nwww.desertrose.ae');
    expect(f.emails).toEqual(['ahmed.falasi@desertrose.ae']);
    expect(f.website).toBe('www.desertrose.ae');
  });
  it('takes the website from the e-mail when its line was read without the dot', () => {
    expect(read('huda.kaabi@palmvista.com\nwww palmvista com').website).toBe('www.palmvista.com');
  });
  it('reads an e-mail whose local part OCR split at the dot, and +971 with a space inside', () => {
    expect(read('E: david, petrova@oasishomes.ae').emails).toEqual(['david.petrova@oasishomes.ae']);
    expect(findPhones('T: +97 1 4 316 7027')).toEqual(['+97143167027']);
  });
});

describe('e-mails as OCR reads them', () => {
  it('puts back an "@" read as ©, ® or (a), and the dot read as a space', () => {
    expect(read('E: sara.khan©bluewave.ae').emails).toEqual(['sara.khan@bluewave.ae']);
    expect(read('E: sara.khan(a)bluewave.ae').emails).toEqual(['sara.khan@bluewave.ae']);
    expect(read('E: sara khan@bluewave.ae').emails).toEqual(['sara.khan@bluewave.ae']);
    expect(read('‎sara khan@bluewave ae‏ :ع').emails).toEqual(['sara.khan@bluewave.ae']);
    expect(read('sara.khan@bluewave com').emails).toEqual(['sara.khan@bluewave.com']);
    expect(read('sara.khan@bluewave.ac').emails).toEqual(['sara.khan@bluewave.ae']);
    // A label before the address is not part of it.
    expect(read('email sara@bluewave.ae').emails).toEqual(['sara@bluewave.ae']);
  });

  it('mends the domain from the company and the local part from the name printed large above them', () => {
    const f = read(
      ['Rashid Qasim', 'Falcon Crest Properties', 'rashid gasim@faiconcrest. ae', 'www falconcrest. ae'].join('\n'),
    );
    expect(f.emails).toEqual(['rashid.qasim@falconcrest.ae']);
    expect(f.website).toBe('www.falconcrest.ae');
    // A different domain (a personal address) is left as it is.
    expect(read('Rashid Qasim\nFalcon Crest Properties\nrashid@gmail.com').emails).toEqual(['rashid@gmail.com']);
  });
});

describe('phone numbers as OCR reads them', () => {
  it('reads a "+" taken for a 4 and digits taken for letters, but keeps a real +49 number', () => {
    expect(findPhones('T. +4971 4 665 2864')).toEqual(['+97146652864']);
    expect(findPhones('T: 49714477 1172')).toEqual(['+97144771172']);
    expect(findPhones('T. +971 4 BOO 6375')).toEqual(['+97148006375']);
    expect(findPhones('+49 30 1234 5678')).toEqual(['+493012345678']);
  });
});

describe('Arabic names', () => {
  it('of two readings, takes the one that sounds like the English name', () => {
    const f = extractFields([
      { text: 'ليلى صالج', height: 60 },
      { text: 'LAYLA SALEH', height: 40 },
      { text: 'ليلى صالح', height: 58 },
    ]).fields;
    expect(f.nameAr).toBe('ليلى صالح');
    expect(f.name).toBe('Layla Saleh');
  });
  it('drops a speck read as a lone letter beside the name', () => {
    expect(read('م سارة حداد\nمستشار تأجير').nameAr).toBe('سارة حداد');
  });
});
