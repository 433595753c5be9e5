/** English copy of the built-in composer (see composer.ts). */
import type { CardContent } from './types';
import type { ComposeFacts, Picker } from './composer';
import { assemble, composeWith, type Copy } from './composer-kit';
import copy from './copy/en.json';
import { joinList } from './labels';

const where = (f: ComposeFacts) => f.place ?? 'the UAE';
const at = (f: ComposeFacts, org = f.company) => (org ? ` at ${org}` : '');

const COPY = copy as Copy;

function seniority(f: ComposeFacts, p: Picker, title: string): string {
  if (f.years !== undefined && f.years >= 12 && p.chance(0.6)) return `Senior ${title}`;
  if (f.years !== undefined && f.years >= 6 && p.chance(0.4)) return `Senior ${title}`;
  return title;
}

function yearsText(y: number): string {
  return y === 1 ? 'one year' : `${y} years`;
}

const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

/** "Guides buyers…" becomes "Layla guides buyers…"; other sentences stay as written. */
function withSubject(f: ComposeFacts, line: string): string {
  return /^[A-Z][a-z]+s\b/.test(line) ? `${f.firstName} ${line.charAt(0).toLowerCase()}${line.slice(1)}` : line;
}

function opener(f: ComposeFacts, p: Picker, title: string, clients: string, org?: string): string {
  const options: string[] = [
    `${f.name} is ${article(title)} ${title}${at(f, org)}, serving ${clients} in ${where(f)}.`,
  ];
  if (f.years !== undefined && f.years > 0) {
    options.push(
      `With ${yearsText(f.years)} of experience in the ${f.emirate ?? 'UAE'} market, ${f.name} helps ${clients}${f.area ? ` in ${f.area}` : ''}.`,
      `${org ? `At ${org}, ` : ''}${f.name} brings ${yearsText(f.years)} of hands-on experience to ${clients}.`,
    );
  } else {
    options.push(`Based in ${where(f)}, ${f.name} works with ${clients}${at(f, org)}.`);
  }
  return p.pick(options);
}

function languagesLine(f: ComposeFacts, p: Picker): string | null {
  if (!f.languages.length) return null;
  const list = joinList('en', f.languages);
  if (f.role === 'investor' || f.role === 'real_estate_developer') return `${f.firstName} speaks ${list}.`;
  if (f.languages.length === 1) return `${f.firstName} works with clients in ${list}.`;
  return p.pick([
    `${f.firstName} advises clients in ${list}.`,
    `Fluent in ${list}, ${f.firstName} makes every step clear for local and international clients alike.`,
    `Clients can work with ${f.firstName} in ${list}.`,
  ]);
}

const CLOSERS: string[] = [
  'Get in touch for a no-obligation conversation.',
  'Reach out by phone, WhatsApp or e-mail — replies come the same day.',
  'Message or call to start the conversation.',
];

function developer(f: ComposeFacts, p: Picker): CardContent {
  const types = f.projectTypes.length
    ? joinList(
        'en',
        f.projectTypes.map((t) => t.toLowerCase()),
      )
    : 'residential and mixed-use communities';
  const title = p.pick([
    'Business Development Director',
    'Development Manager',
    'Head of Sales – Developments',
    'Project Director',
  ]);
  const org = f.company ?? 'a UAE developer';
  const opening = p.pick([
    `${f.name} leads projects at ${org}, delivering ${types} in ${where(f)}.`,
    `At ${org}, ${f.name} oversees ${types} from land acquisition and design through to handover in ${where(f)}.`,
    `${f.name} develops ${types} across ${where(f)}${f.company ? ` with ${f.company}` : ''}, focused on quality, on-time delivery and lasting value for buyers.`,
  ]);
  const track =
    f.years !== undefined && f.years > 0
      ? p.pick([
          `Over ${yearsText(f.years)} in UAE development, ${f.firstName} has built strong relationships with contractors, consultants, brokers and the authorities.`,
          `In ${yearsText(f.years)} of work, ${f.firstName} has taken projects from approval to handover while keeping buyers informed at every milestone.`,
        ])
      : 'Works closely with brokers, banks and buyers to bring each launch to market with clear payment plans and escrow-protected payments.';
  return {
    profession: seniority(f, p, title),
    description: assemble([
      opening,
      track,
      languagesLine(f, p),
      p.pick([
        'Brokers and investors are welcome to get in touch for project details and allocations.',
        'Contact for brochures, floor plans and payment plans.',
      ]),
    ]),
    salesPitch: p.pick([
      `Discover ${types} built for the way people live and work in ${where(f)} — with payment plans designed for buyers.`,
      'Partner with a developer that delivers on time and supports brokers with launches, commissions and marketing.',
    ]),
    valueProposition: p.pick([
      'Quality construction, escrow-protected payments and on-time handover.',
      'Thoughtfully designed communities with flexible payment plans and strong long-term value.',
    ]),
  };
}

function investor(f: ComposeFacts, p: Picker): CardContent {
  const interests = f.interests.length ? f.interests : ['Real Estate'];
  const list = joinList(
    'en',
    interests.map((i) => i.toLowerCase()),
  );
  const angel = interests.some((i) => /startup|technology/i.test(i));
  const title = p.pick(
    angel
      ? ['Private Investor', 'Angel Investor', 'Investor – Real Estate & Ventures']
      : ['Real Estate Investor', 'Private Investor', 'Property Investor'],
  );
  const budget = f.budget ? ` with a typical ticket of ${f.budget}` : '';
  return {
    profession: title,
    description: assemble([
      p.pick([
        `${f.name} invests in ${list} across ${where(f)}${budget}.`,
        `${f.name} is an active investor in ${list}${budget}, focused on opportunities in ${where(f)}.`,
      ]),
      withSubject(
        f,
        p.pick([
          'Looks for well-located assets with solid yields and clear exit options, and for founders with a real plan.',
          'Prefers long-term partnerships, transparent numbers and teams that deliver what they promise.',
          'Is open to off-plan, ready and income-producing opportunities, as well as co-investment with trusted partners.',
        ]),
      ),
      languagesLine(f, p),
      p.pick([
        'Brokers, developers and founders with a strong proposal are welcome to get in touch.',
        'Share your opportunity with the key numbers to start a conversation.',
      ]),
    ]),
    salesPitch: p.pick([
      `Have an opportunity in ${list}? Send the numbers and let's talk.`,
      'Looking for a committed investor? I respond to every well-prepared proposal.',
    ]),
    valueProposition: p.pick([
      'Patient capital, quick decisions and a partner who understands the UAE market.',
      'A reliable investor who decides quickly and stays for the long term.',
    ]),
  };
}

export function composeEnglish(f: ComposeFacts, p: Picker): CardContent {
  return composeWith(
    {
      ...COPY,
      defaultPlace: where({} as ComposeFacts),
      closers: CLOSERS,
      opener,
      languagesLine,
      title: seniority,
      expertise: withSubject,
      developer,
      investor,
    },
    f,
    p,
  );
}
