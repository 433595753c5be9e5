import { pageSource, sendCardEvent } from '../card-beacon';
import { Check, MessagesSquare, Share2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPANY } from '../../../../core/limits';
import type { Card as CardData } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/use-auth';
import { ContactForm } from './contact-form';
import { ExchangeForm } from './exchange-form';
import { useStartConversation } from '../../../lib/use-start-conversation';
import { useSaveCardToContacts } from '../../../lib/use-save-to-contacts';
import { toast } from '../../../components/ui/toast';
import { nativeShare } from '../native-share';
import { CardFooterLine, CardSheet, CreateOwnCta } from './card-sheet';
import { ShareDialog } from './share-dialog';
import { shownCompany } from './card-company';

/**
 * The public card page inside the app (owner previews, navigation from the directory).
 * The design is CardSheet, which the server also renders for the first paint of /cards/{id}.
 */
export function PublicCardView({ card }: { card: CardData }) {
  const { t, i18n } = useTranslation('cards');
  const { user } = useAuth();
  const { startConversation, isPending, isSelf } = useStartConversation();
  const [shareOpen, setShareOpen] = useState(false);
  const isPublic = card.status === 'approved' && card.isPublic;
  const company = shownCompany(card, i18n.language, card.bankName ? t(`bank.${card.bankName}`, { ns: 'enums' }) : null);

  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-8">
      {!isPublic && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {card.status === 'pending'
            ? t('public.previewPending')
            : card.status === 'rejected'
              ? t('public.previewRejected')
              : t('public.previewHidden')}
        </p>
      )}
      <CardSheet
        card={card}
        extraActions={
          isPublic &&
          !isSelf(card.userId) && (
            <>
              <Button variant="outline" disabled={isPending} onClick={() => startConversation(card.userId)}>
                <MessagesSquare className="h-4 w-4" aria-hidden="true" />
                {t('public.message')}
              </Button>
              {user && <SaveToContacts cardId={card.id} />}
            </>
          )
        }
        share={
          isPublic && (
            <Button
              variant="gold"
              onClick={async () => {
                if (!isSelf(card.userId)) sendCardEvent(card.id, 'share', pageSource());
                const url = `${window.location.origin}/cards/${card.id}?src=other`;
                const text = company
                  ? t('share.message', { name: card.name, company })
                  : t('share.messageNoCompany', { name: card.name });
                if (!(await nativeShare({ title: card.name, text, url }))) setShareOpen(true);
              }}
            >
              <Share2 className="h-4 w-4" aria-hidden="true" />
              {t('public.share')}
            </Button>
          )
        }
        after={
          <>
            {isPublic && user?.id !== card.userId && (
              <>
                <ExchangeForm cardId={card.id} ownerName={card.name} />
                <ContactForm cardId={card.id} ownerName={card.name} />
              </>
            )}
            <CreateOwnCta
              action={
                <Button asChild variant="gold">
                  <Link to={user ? '/create-card' : '/signup'}>{t('public.createOwn')}</Link>
                </Button>
              }
            />
            <CardFooterLine
              name={t('brand', { ns: 'common' })}
              phone={COMPANY.phone}
              email={COMPANY.email}
              website={COMPANY.website}
            />
          </>
        }
      />
      {isPublic && (
        <ShareDialog
          card={{ id: card.id, name: card.name, company }}
          audience={user?.id === card.userId ? 'owner' : 'visitor'}
          open={shareOpen}
          onOpenChange={setShareOpen}
        />
      )}
    </div>
  );
}

/** One tap: the card's owner joins my contact book (again: their contact is brought up to date). */
function SaveToContacts({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const save = useSaveCardToContacts();
  if (save.data) {
    return (
      <Button asChild variant="outline">
        <Link to={`/contacts/${save.data.id}`} data-testid="saved-to-contacts">
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('public.savedToContacts')}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(cardId, {
          onSuccess: () => toast({ title: t('public.savedToContacts') }),
        })
      }
      data-testid="save-to-contacts"
    >
      <UserPlus className="h-4 w-4" aria-hidden="true" />
      {t('public.saveToContacts')}
    </Button>
  );
}
