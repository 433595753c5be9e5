import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/use-auth';
import { useCard } from '../api/use-card';
import { useRecordView } from '../api/use-record-view';
import { pageSource } from '../card-beacon';
import { CardNotFound } from '../components/card-not-found';
import { PublicCardView } from '../components/public-card-view';
import { localizeCard } from '../../../../core/card-text';

/** /cards/{id}: an approved public card for anyone; its owner and admins may preview it otherwise. */
export function CardPage() {
  const { t, i18n } = useTranslation('cards');
  const { id } = useParams();
  const [params] = useSearchParams();
  const { user, isLoading: userLoading } = useAuth();
  const card = useCard(id);
  const data = card.data;
  const countable = !!data && !userLoading && data.status === 'approved' && data.isPublic && user?.id !== data.userId;
  useRecordView(data?.id, countable, pageSource(`?${params.toString()}`));
  if (card.isLoading) return <PageSpinner />;
  if (card.error || !data) {
    const missing = card.error instanceof ApiError && card.error.status === 404;
    return <CardNotFound text={missing || !card.error ? undefined : t('notFound.fetchFailed')} />;
  }
  // The card's text in the app's language where the card has it, the other language elsewhere.
  return <PublicCardView card={localizeCard(data, i18n.language)} />;
}
