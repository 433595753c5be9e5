/**
 * Demo conversations: a few threads between demo users, some with unread messages for
 * the named broker ahmed.almansoori@demo.bitaqa.ae so the unread badge shows on first sign-in.
 * Scripted, not random, so the demo reads the same everywhere; times are relative to now.
 */
import type { SeedStep } from './index';
import { conversations, messages } from '../schema';

type Line = { from: 0 | 1; text: string; minutesAgo: number };
type Thread = {
  between: [string, string];
  lines: Line[] /** Trailing messages the recipient has not read. */;
  unread: number;
};

const H = 60;
const D = 24 * H;

/** Participants by demo e-mail (first.last@demo.bitaqa.ae), so the threads survive reordering. */
const THREADS: Thread[] = [
  {
    between: ['ahmed.almansoori', 'carlos.mendez'],
    unread: 2,
    lines: [
      {
        from: 1,
        text: 'Hi Ahmed, I saw your card in the directory. I am looking at off-plan townhouses in Dubai Hills, budget around AED 3M.',
        minutesAgo: 3 * D,
      },
      {
        from: 0,
        text: 'Hello Carlos, thanks for reaching out. Two launches fit that budget, both with a 60/40 payment plan. Shall I send the brochures?',
        minutesAgo: 3 * D - 40,
      },
      { from: 1, text: 'Yes please, and the expected handover dates.', minutesAgo: 3 * D - 55 },
      {
        from: 0,
        text: 'Sent to your e-mail. Handover is Q4 2027 for the first and Q2 2028 for the second.',
        minutesAgo: 2 * D,
      },
      {
        from: 1,
        text: 'Thank you. The corner unit in the first project looks good. Is it still available?',
        minutesAgo: 5 * H,
      },
      { from: 1, text: 'Also, could we visit the show villa this Saturday morning?', minutesAgo: 4 * H },
    ],
  },
  {
    between: ['ahmed.almansoori', 'tariq.mahmoud'],
    unread: 1,
    lines: [
      {
        from: 0,
        text: 'Tariq, a client of mine needs a mortgage pre-approval for a AED 2.4M apartment in Business Bay. Salaried, 8 years in the UAE.',
        minutesAgo: 26 * H,
      },
      {
        from: 1,
        text: 'Happy to help. With 20% down he can expect around 4.1% fixed for three years. Please share his salary certificate and six months of statements.',
        minutesAgo: 25 * H,
      },
      { from: 1, text: 'Pre-approval is through for your client. The letter is valid for 60 days.', minutesAgo: 50 },
    ],
  },
  {
    between: ['ahmed.almansoori', 'mariam.alfalasi'],
    unread: 1,
    lines: [
      {
        from: 1,
        text: 'مرحبا أحمد، عندي مشتري جاهز لشقة بغرفتين في دبي مارينا. هل لديك شيء بإطلالة على البحر؟',
        minutesAgo: 20 * H,
      },
      {
        from: 0,
        text: 'أهلا مريم، نعم عندي وحدة في الطابق ٢٤ بإطلالة كاملة على المارينا. السعر ٢٫٢ مليون درهم.',
        minutesAgo: 19 * H,
      },
      { from: 1, text: 'ممتاز، هل نتقاسم العمولة مناصفة؟ المشتري يريد المعاينة غدا.', minutesAgo: 2 * H },
    ],
  },
  {
    between: ['ahmed.almansoori', 'rashid.almazrouei'],
    unread: 0,
    lines: [
      {
        from: 1,
        text: 'Ahmed, our new tower in Jumeirah Village Circle opens for brokers next week. Would you like an allocation?',
        minutesAgo: 6 * D,
      },
      {
        from: 0,
        text: 'Definitely. Ten units across one and two bedrooms would suit my investors.',
        minutesAgo: 6 * D - 90,
      },
      { from: 1, text: 'Reserved. The broker event is on Tuesday at 7 pm at our sales centre.', minutesAgo: 5 * D },
      { from: 0, text: 'See you there, thank you Rashid.', minutesAgo: 5 * D - 30 },
    ],
  },
  {
    between: ['fatima.alhashimi', 'shaikha.aldhaheri'],
    unread: 1,
    lines: [
      {
        from: 1,
        text: 'Good morning Fatima. We are moving from Abu Dhabi and want a four-bedroom villa in Arabian Ranches to rent.',
        minutesAgo: 4 * D,
      },
      {
        from: 0,
        text: 'Good morning Shaikha. There are three available from AED 280K a year. When would you like to view them?',
        minutesAgo: 4 * D - 25,
      },
      { from: 1, text: 'Friday afternoon works for us.', minutesAgo: 3 * D },
      { from: 0, text: 'Booked for Friday at 4 pm. I will meet you at the community gate.', minutesAgo: 3 * D - 10 },
    ],
  },
  {
    between: ['huda.saleh', 'george.haddad'],
    unread: 0,
    lines: [
      {
        from: 1,
        text: 'Hello Huda, what rates are banks offering non-residents for a second home in Dubai?',
        minutesAgo: 8 * D,
      },
      {
        from: 0,
        text: 'Hi George, non-residents can finance up to 50% of the value. Rates start near 4.5% with a three-year fixed period.',
        minutesAgo: 8 * D - 120,
      },
      { from: 1, text: 'That helps, thank you. I will be in Dubai next month and will call you.', minutesAgo: 7 * D },
    ],
  },
];

export const seedConversations: SeedStep = async (ctx, state) => {
  const byHandle = new Map(state.users.map(({ user }) => [user.email.split('@')[0], user]));
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  await ctx.db.transaction(async (tx) => {
    for (const thread of THREADS) {
      const people = thread.between.map((h) => byHandle.get(h));
      const [p0, p1] = people;
      if (!p0 || !p1) continue; // a demo user was renamed; skip rather than fail the seed
      const first = thread.lines[0];
      const last = thread.lines[thread.lines.length - 1];
      const [conversation] = await tx
        .insert(conversations)
        .values({
          participant1Id: first.from === 0 ? p0.id : p1.id,
          participant2Id: first.from === 0 ? p1.id : p0.id,
          lastMessageAt: at(last.minutesAgo),
          createdAt: at(first.minutesAgo),
          updatedAt: at(last.minutesAgo),
        })
        .returning();
      const unreadFrom = thread.lines.length - thread.unread;
      await tx.insert(messages).values(
        thread.lines.map((line, i) => ({
          conversationId: conversation.id,
          senderId: (line.from === 0 ? p0 : p1).id,
          content: line.text,
          isRead: i < unreadFrom,
          createdAt: at(line.minutesAgo),
          updatedAt: at(line.minutesAgo),
        })),
      );
    }
  });
};
