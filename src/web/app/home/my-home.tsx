/**
 * A signed-in user's home on `/`: their card first (photo, name, title), the QR one tap away,
 * sharing, and what's new since they last looked (new leads, unread messages, follow-ups due).
 * Without a card, one clear call to create it.
 */
import { CalendarClock, Inbox, MessageSquare, Pencil, QrCode, Share2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizeCard } from '../../../core/card-text';
import type { PublicUser } from '../../../core/schemas/auth';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/feedback';
import { useDueFollowUps } from '../../features/contacts/use-due-follow-ups';
import { useMyCards } from '../../features/cards/api/use-my-cards';
import { useInquiries } from '../../features/inquiries/api/use-inquiries';
import { useUnreadCount } from '../use-unread-count';
import { pickHomeCard } from './pick-home-card';

function WhatsNew() {
  const { t } = useTranslation('landing');
  const unread = useUnreadCount();
  const due = useDueFollowUps();
  const leads = useInquiries({ status: 'pending', offset: 0 });
  const newLeads = leads.data?.counts.pending ?? 0;
  const items = [
    {
      to: '/profile?tab=leads',
      icon: Inbox,
      count: newLeads,
      label: t('home.newLeads', { count: newLeads }),
      id: 'leads',
    },
    {
      to: '/messages',
      icon: MessageSquare,
      count: unread,
      label: t('home.unread', { count: unread }),
      id: 'messages',
    },
    { to: '/contacts', icon: CalendarClock, count: due, label: t('home.due', { count: due }), id: 'follow-ups' },
  ];
  return (
    <section aria-labelledby="home-news" className="mt-6">
      <h2 id="home-news" className="text-lg font-semibold text-slate-900">
        {t('home.whatsNew')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {items.map(({ to, icon: Icon, count, label, id }) => (
          <li key={id}>
            <Link
              to={to}
              data-testid={`home-${id}`}
              data-count={count}
              className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm font-medium text-slate-800 hover:border-brand-300"
            >
              <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MyHome({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('landing');
  const cards = useMyCards();
  const picked = pickHomeCard(cards.data ?? []);
  // The card in the reader's language where it has it, as its public page shows it.
  const card = picked ? localizeCard(picked, i18n.language) : undefined;
  const [copied, setCopied] = useState(false);

  async function share(id: string, name: string) {
    const url = `${window.location.origin}/cards/${encodeURIComponent(id)}?src=share`;
    if (navigator.share) {
      await navigator.share({ title: name, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8" data-testid="my-home">
      <h1 className="text-2xl font-bold text-brand-900">{t('home.greeting', { name: user.firstName })}</h1>
      {cards.isLoading ? (
        <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
      ) : card ? (
        <Card className="mt-6 p-5" data-testid="home-card">
          <p className="text-sm font-medium text-slate-600">{t('home.myCard')}</p>
          <div className="mt-3 flex items-center gap-4">
            <Avatar src={card.profileImageUrl} name={card.name} className="h-16 w-16 text-lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-slate-900" dir="auto">
                {card.name}
              </p>
              <p className="truncate text-sm text-slate-600" dir="auto">
                {card.profession}
              </p>
            </div>
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/my-qr">
                <QrCode className="h-4 w-4" aria-hidden="true" /> {t('home.showQr')}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => void share(card.id, card.name)}>
              <Share2 className="h-4 w-4" aria-hidden="true" /> {copied ? t('home.copied') : t('home.share')}
            </Button>
            <Button asChild variant="ghost">
              <Link to={`/cards/${card.id}`}>{t('home.view')}</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={`/edit-card/${card.id}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> {t('home.edit')}
              </Link>
            </Button>
          </div>
        </Card>
      ) : (
        <Card className="mt-6 p-6 text-center" data-testid="home-create-card">
          <Sparkles className="mx-auto h-8 w-8 text-gold-500" aria-hidden="true" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{t('home.noCardTitle')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('home.noCardText')}</p>
          <Button asChild size="lg" className="mt-4">
            <Link to="/create-card">{t('home.createCard')}</Link>
          </Button>
        </Card>
      )}
      <WhatsNew />
    </div>
  );
}
