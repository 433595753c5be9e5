/**
 * Demo users: verified accounts across every role with plausible Dubai names.
 * Every demo account's password is DEMO_PASSWORD; the README lists the named sign-ins.
 */
import type { ProfessionalRole } from '../../../core/enums';
import { toE164 } from '../../../core/phone';
import { hashPassword } from '../../modules/auth/passwords';
import type { DbOrTx } from '../client';
import { users, type User } from '../schema';
import type { Random } from './random';

export const DEMO_PASSWORD = 'Demo1234!';

type Person = { first: string; last: string; gender: 'male' | 'female' };

const PEOPLE: Person[] = [
  { first: 'Ahmed', last: 'Al Mansoori', gender: 'male' },
  { first: 'Fatima', last: 'Al Hashimi', gender: 'female' },
  { first: 'Omar', last: 'Khalid', gender: 'male' },
  { first: 'Sara', last: 'Haddad', gender: 'female' },
  { first: 'Rahul', last: 'Mehta', gender: 'male' },
  { first: 'Priya', last: 'Nair', gender: 'female' },
  { first: 'James', last: 'Whitfield', gender: 'male' },
  { first: 'Emily', last: 'Carter', gender: 'female' },
  { first: 'Yousef', last: 'Al Suwaidi', gender: 'male' },
  { first: 'Mariam', last: 'Al Falasi', gender: 'female' },
  { first: 'Hassan', last: 'Raza', gender: 'male' },
  { first: 'Ayesha', last: 'Siddiqui', gender: 'female' },
  { first: 'Karim', last: 'Nassar', gender: 'male' },
  { first: 'Layla', last: 'Aboud', gender: 'female' },
  { first: 'Mohammed', last: 'Al Ketbi', gender: 'male' },
  { first: 'Noura', last: 'Al Shamsi', gender: 'female' },
  { first: 'Daniel', last: 'Fischer', gender: 'male' },
  { first: 'Olga', last: 'Ivanova', gender: 'female' },
  { first: 'Tariq', last: 'Mahmoud', gender: 'male' },
  { first: 'Huda', last: 'Saleh', gender: 'female' },
  { first: 'Vikram', last: 'Iyer', gender: 'male' },
  { first: 'Ana', last: 'Reyes', gender: 'female' },
  { first: 'Khalifa', last: 'Al Nuaimi', gender: 'male' },
  { first: 'Reem', last: 'Al Marzouqi', gender: 'female' },
  { first: 'Samir', last: 'Haddad', gender: 'male' },
  { first: 'Rania', last: 'Youssef', gender: 'female' },
  { first: 'Li', last: 'Wei', gender: 'male' },
  { first: 'Sophie', last: 'Laurent', gender: 'female' },
  { first: 'Faisal', last: 'Qureshi', gender: 'male' },
  { first: 'Hind', last: 'Al Zaabi', gender: 'female' },
  { first: 'Arjun', last: 'Kapoor', gender: 'male' },
  { first: 'Nadia', last: 'Farouk', gender: 'female' },
  { first: 'Rashid', last: 'Al Mazrouei', gender: 'male' },
  { first: 'Amal', last: 'Darwish', gender: 'female' },
  { first: 'George', last: 'Haddad', gender: 'male' },
  { first: 'Carlos', last: 'Mendez', gender: 'male' },
  { first: 'Shaikha', last: 'Al Dhaheri', gender: 'female' },
  { first: 'Imran', last: 'Sheikh', gender: 'male' },
  { first: 'Dina', last: 'Kassem', gender: 'female' },
  { first: 'Majid', last: 'Al Rumaithi', gender: 'male' },
  { first: 'Lucy', last: 'Bennett', gender: 'female' },
  { first: 'Zayed', last: 'Al Blooshi', gender: 'male' },
  { first: 'Meera', last: 'Pillai', gender: 'female' },
  { first: 'Bilal', last: 'Chaudhry', gender: 'male' },
  { first: 'Salma', last: 'Bakr', gender: 'female' },
  { first: 'Thomas', last: 'Okafor', gender: 'male' },
  { first: 'Alia', last: 'Al Qasimi', gender: 'female' },
  { first: 'Nikolai', last: 'Petrov', gender: 'male' },
];

/** Role of each person, by position: brokers first so the named demo sign-ins are stable. */
function roleFor(i: number): ProfessionalRole {
  if (i < 18) return 'real_estate_broker';
  if (i < 27) return 'banking_broker';
  if (i < 35) return 'real_estate_developer';
  return 'investor';
}

/** The sign-ins printed in the README. */
export const NAMED_DEMO_ACCOUNTS = {
  broker: 'ahmed.almansoori@demo.bitaqa.ae',
  bankingBroker: 'huda.saleh@demo.bitaqa.ae',
  developer: 'rashid.almazrouei@demo.bitaqa.ae',
  investor: 'carlos.mendez@demo.bitaqa.ae',
} as const;

export function demoEmail(p: Person): string {
  return `${`${p.first}.${p.last}`.toLowerCase().replace(/[^a-z.]/g, '')}@demo.bitaqa.ae`;
}

export interface DemoUser {
  user: User;
  gender: Person['gender'];
}

export async function seedUsers(db: DbOrTx, rnd: Random): Promise<DemoUser[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const rows = PEOPLE.map((p, i) => {
    const role = roleFor(i);
    const paid = role === 'real_estate_broker' || role === 'banking_broker';
    const mobile = `5${rnd.pick(['0', '2', '4', '5', '6', '8'])} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
    const joined = new Date(now - rnd.int(1, 300) * 24 * 3600 * 1000);
    return {
      email: demoEmail(p),
      passwordHash,
      firstName: p.first,
      lastName: p.last,
      phoneNumber: mobile,
      countryCode: '+971',
      phone: toE164(`+971 ${mobile}`) ?? `+971 ${mobile}`,
      role,
      roleChosen: true,
      isEmailVerified: true,
      subscriptionStatus: paid ? 'active' : 'inactive',
      subscriptionPeriodEnd: paid ? new Date(joined.getTime() + 365 * 24 * 3600 * 1000) : null,
      preferredLanguage: i % 5 === 0 ? 'ar' : 'en',
      createdAt: joined,
      updatedAt: joined,
    };
  });
  const inserted = await db.insert(users).values(rows).returning();
  return inserted.map((user, i) => ({ user, gender: PEOPLE[i].gender }));
}
