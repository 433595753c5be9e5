/**
 * Demo contact books: the named demo brokers start with the people a busy Dubai broker meets in a
 * few weeks (English and Arabic names, investors and tenants, Cityscape and viewings; scanned cards,
 * exchanges, saved cards and typed-in ones), tagged and noted, with one follow-up due today and one
 * overdue, so /contacts shows its search, filters and reminders on the first start. A book that
 * already holds contacts is left alone, so running it again adds nothing.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { ContactSource } from '../../../core/schemas/contacts';
import type { AppContext } from '../../context';
import { dubaiDay } from '../../modules/contacts/service';
import { contacts, users } from '../schema';
import type { SeedState } from './index';
import { NAMED_DEMO_ACCOUNTS } from './users';

interface DemoContact {
  name: string;
  nameAr?: string;
  title?: string;
  company?: string;
  phones: string[];
  emails?: string[];
  website?: string;
  tags: string[];
  event?: string;
  source: ContactSource;
  notes?: string;
  brn?: string;
  /** Days before today it was added. */
  daysAgo: number;
  /** Days from today of the follow-up (negative: overdue). */
  followUp?: { in: number; note: string };
}

const CITYSCAPE = 'Cityscape 2026';
const SHOW = 'Dubai Property Show';
const BREAKFAST = 'Business Bay Breakfast';

export const DEMO_CONTACTS: readonly DemoContact[] = [
  {
    name: 'Omar Haddad',
    nameAr: 'عمر حداد',
    title: 'Managing Director',
    company: 'Haddad Holdings',
    phones: ['+971501234567'],
    emails: ['omar@haddadholdings.ae'],
    tags: ['investor', 'off-plan'],
    event: CITYSCAPE,
    source: 'scan',
    notes: 'Looking at two off-plan towers in Dubai Creek Harbour; budget around AED 6M.',
    daysAgo: 3,
    followUp: { in: 0, note: 'Send the Creek Harbour payment plan' },
  },
  {
    name: 'Fatima Al Nuaimi',
    nameAr: 'فاطمة النعيمي',
    title: 'Investment Manager',
    company: 'Gulf Family Office',
    phones: ['+971552345678'],
    emails: ['fatima.alnuaimi@gulffo.ae'],
    tags: ['investor', 'VIP'],
    event: CITYSCAPE,
    source: 'exchange',
    notes: 'Prefers Arabic. Wants yields above 7 % in JVC or Arjan.',
    daysAgo: 3,
    followUp: { in: -2, note: 'Call back about the JVC portfolio' },
  },
  {
    name: 'Daniel Whitmore',
    title: 'Relocation Consultant',
    company: 'Harbour Relocations',
    phones: ['+971504567812'],
    emails: ['d.whitmore@harbourrelo.ae'],
    website: 'www.harbourrelo.ae',
    tags: ['partner', 'tenant leads'],
    event: CITYSCAPE,
    source: 'scan',
    daysAgo: 4,
  },
  {
    name: 'Khalid Al Kaabi',
    nameAr: 'خالد الكعبي',
    title: 'Owner',
    phones: ['+971506781234'],
    tags: ['landlord', 'Palm Jumeirah'],
    source: 'manual',
    notes: 'Owns three apartments on the Shoreline; one is vacant from January.',
    daysAgo: 6,
    followUp: { in: 5, note: 'Viewing photos for the vacant unit' },
  },
  {
    name: 'Priya Nair',
    title: 'HR Director',
    company: 'Axis Logistics FZE',
    phones: ['+971529876543'],
    emails: ['priya.nair@axislogistics.ae'],
    tags: ['corporate', 'tenant leads'],
    event: SHOW,
    source: 'scan',
    notes: 'Needs 12 two-bedroom flats near JAFZA for staff.',
    daysAgo: 9,
  },
  {
    name: 'Mariam Al Falasi',
    nameAr: 'مريم الفلاسي',
    title: 'Mortgage Advisor',
    company: 'Gulf Crescent Bank',
    phones: ['+971543216789'],
    emails: ['mariam.alfalasi@gulfcrescentbank.ae'],
    tags: ['partner', 'mortgage'],
    source: 'saved_card',
    daysAgo: 10,
  },
  {
    name: 'Sergei Volkov',
    phones: ['+971585551212'],
    emails: ['sergei.volkov@example.com'],
    tags: ['investor', 'buyer'],
    event: SHOW,
    source: 'exchange',
    notes: 'Cash buyer, villa in Dubai Hills, 4+ bedrooms.',
    daysAgo: 11,
  },
  {
    name: 'Aisha Saleh',
    nameAr: 'عائشة صالح',
    phones: ['+971561112233'],
    tags: ['tenant'],
    source: 'manual',
    notes: 'Two-bedroom in Al Barsha, up to AED 110k a year, moving in March.',
    daysAgo: 12,
  },
  {
    name: 'James O’Connor',
    title: 'Partner',
    company: 'Bayside Capital Ltd',
    phones: ['+971507788990', '+442071234567'],
    emails: ['james@baysidecapital.co.uk'],
    website: 'www.baysidecapital.co.uk',
    tags: ['investor', 'off-plan'],
    event: CITYSCAPE,
    source: 'scan',
    daysAgo: 14,
  },
  {
    name: 'Yousef Al Zarooni',
    nameAr: 'يوسف الزروني',
    title: 'Senior Property Consultant',
    company: 'Zarooni Real Estate LLC',
    phones: ['+971554433221'],
    emails: ['yousef@zarooni-re.ae'],
    tags: ['broker', 'co-broking'],
    event: BREAKFAST,
    source: 'exchange',
    brn: '48213',
    daysAgo: 15,
  },
  {
    name: 'Layla Khoury',
    nameAr: 'ليلى خوري',
    title: 'Interior Designer',
    company: 'Studio Khoury',
    phones: ['+971502223344'],
    emails: ['layla@studiokhoury.com'],
    website: 'www.studiokhoury.com',
    tags: ['partner'],
    event: BREAKFAST,
    source: 'scan',
    daysAgo: 17,
  },
  {
    name: 'Chen Wei',
    company: 'Pacific Bridge Investments',
    phones: ['+971523334455'],
    emails: ['chen.wei@pacificbridge.hk'],
    tags: ['investor', 'VIP'],
    event: CITYSCAPE,
    source: 'scan',
    notes: 'Interested in a full floor in Business Bay for a family office.',
    daysAgo: 18,
  },
  {
    name: 'Rashid Al Hashimi',
    nameAr: 'راشد الهاشمي',
    phones: ['+971506667788'],
    tags: ['landlord'],
    source: 'manual',
    notes: 'Townhouse in Arabian Ranches 2, wants to sell before the summer.',
    daysAgo: 20,
  },
  {
    name: 'Elena Rossi',
    title: 'Expat Services Lead',
    company: 'Dune Relocation',
    phones: ['+971589990011'],
    emails: ['elena.rossi@dunerelo.ae'],
    tags: ['partner', 'tenant leads'],
    event: SHOW,
    source: 'saved_card',
    daysAgo: 22,
  },
  {
    name: 'Noura Al Mansouri',
    nameAr: 'نورة المنصوري',
    phones: ['+971567778899'],
    emails: ['noura.m@example.com'],
    tags: ['buyer', 'first home'],
    source: 'exchange',
    notes: 'First home, one-bedroom in Dubai Marina; has a mortgage pre-approval.',
    daysAgo: 24,
  },
  {
    name: 'Hassan Nasser',
    nameAr: 'حسن ناصر',
    title: 'Project Manager',
    company: 'Nasser Contracting LLC',
    phones: ['+97142345678', '+971503334455'],
    emails: ['hassan@nassercontracting.ae'],
    tags: ['partner', 'contractor'],
    event: BREAKFAST,
    source: 'scan',
    daysAgo: 26,
  },
  {
    name: 'Anna Kowalski',
    phones: ['+971528887766'],
    emails: ['anna.kowalski@example.com'],
    tags: ['tenant'],
    source: 'saved_card',
    notes: 'Studio in JLT, pet friendly.',
    daysAgo: 28,
  },
  {
    name: 'Saeed Al Ketbi',
    nameAr: 'سعيد الكتبي',
    title: 'Chief Executive Officer',
    company: 'Ketbi Group',
    phones: ['+971501119999'],
    emails: ['saeed@ketbigroup.ae'],
    website: 'www.ketbigroup.ae',
    tags: ['investor', 'VIP', 'commercial'],
    event: CITYSCAPE,
    source: 'scan',
    notes: 'Wants warehouses in Dubai South; introduce to the developer’s sales team.',
    daysAgo: 30,
  },
  {
    name: 'Ravi Menon',
    title: 'Finance Manager',
    company: 'Al Noor Motors',
    phones: ['+971554445566'],
    emails: ['ravi.menon@alnoormotors.ae'],
    tags: ['buyer'],
    event: SHOW,
    source: 'exchange',
    daysAgo: 33,
  },
  {
    name: 'Huda Al Suwaidi',
    nameAr: 'هدى السويدي',
    phones: ['+971565556677'],
    tags: ['landlord', 'Downtown'],
    source: 'manual',
    notes: 'Two units in the Burj Views; renewals due in April.',
    daysAgo: 36,
  },
  {
    name: 'Thomas Becker',
    company: 'Becker & Partner GmbH',
    phones: ['+971509871234', '+4930123456789'],
    emails: ['t.becker@becker-partner.de'],
    tags: ['investor'],
    event: CITYSCAPE,
    source: 'scan',
    daysAgo: 40,
  },
  {
    name: 'Tariq Al Marri',
    nameAr: 'طارق المري',
    title: 'Property Manager',
    company: 'Marri Properties',
    phones: ['+971502220011'],
    emails: ['tariq@marriproperties.ae'],
    tags: ['co-broking', 'broker'],
    source: 'exchange',
    daysAgo: 45,
  },
  {
    name: 'Sophie Laurent',
    phones: ['+971586543210'],
    emails: ['sophie.laurent@example.com'],
    tags: ['tenant', 'villa'],
    source: 'saved_card',
    notes: 'Family of five, villa in Jumeirah Park, schools nearby matter most.',
    daysAgo: 50,
  },
  {
    name: 'Abdullah Bin Rashid',
    nameAr: 'عبدالله بن راشد',
    phones: ['+971507770077'],
    tags: ['investor', 'Palm Jumeirah'],
    event: SHOW,
    source: 'manual',
    daysAgo: 55,
  },
  {
    name: 'Grace Mensah',
    title: 'Conveyancing Officer',
    company: 'Bay Trustee Office',
    phones: ['+97143219876'],
    emails: ['grace.mensah@baytrustee.ae'],
    tags: ['partner'],
    source: 'scan',
    daysAgo: 60,
  },
];

/** The second demo broker sees a smaller book: every third contact of the first one's. */
const books: { email: string; pick: (i: number) => boolean }[] = [
  { email: NAMED_DEMO_ACCOUNTS.broker, pick: () => true },
  { email: NAMED_DEMO_ACCOUNTS.bankingBroker, pick: (i) => i % 3 === 0 },
];

const DAY = 24 * 3600 * 1000;

export async function seedContacts(ctx: AppContext, _state?: SeedState): Promise<void> {
  const now = ctx.now();
  const today = dubaiDay(now);
  const owners = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        books.map((b) => b.email),
      ),
    );
  for (const book of books) {
    const owner = owners.find((o) => o.email === book.email);
    if (!owner) continue;
    const [held] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.ownerId, owner.id));
    if ((held?.n ?? 0) > 0) continue;
    const rows = DEMO_CONTACTS.filter((_, i) => book.pick(i)).map((c, i) => {
      // A few minutes apart within a day, so the newest-first order is the order above.
      const at = new Date(now.getTime() - c.daysAgo * DAY - i * 60_000);
      return {
        ownerId: owner.id,
        name: c.name,
        nameAr: c.nameAr ?? null,
        title: c.title ?? null,
        company: c.company ?? null,
        phones: c.phones,
        emails: c.emails ?? [],
        website: c.website ?? null,
        brn: c.brn ?? null,
        notes: c.notes ?? null,
        tags: c.tags,
        event: c.event ?? null,
        source: c.source,
        followUpOn: c.followUp ? dubaiDay(new Date(Date.parse(`${today}T08:00:00Z`) + c.followUp.in * DAY)) : null,
        followUpNote: c.followUp?.note ?? null,
        createdAt: at,
        updatedAt: at,
      };
    });
    await ctx.db.insert(contacts).values(rows);
  }
}
