/**
 * /messages: conversations on the start side, the chosen one on the
 * end side; on mobile one pane at a time. ?conversation={id} opens a conversation.
 */
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, PageSpinner } from '../../components/ui/feedback';
import { cn } from '../../lib/utils';
import { useAuth } from '../../lib/use-auth';
import { AccessDenied } from '../../components/access-denied';
import { flattenConversations } from '../../lib/conversation-list';
import { useConversation } from './api/use-conversation';
import { useConversations } from './api/use-conversations';
import { ConnectionIndicator } from './components/connection-indicator';
import { ConversationList } from './components/conversation-list';
import { ConversationThread } from './components/conversation-thread';
import { useRealtime } from './realtime/use-realtime';

export function MessagesPage() {
  const { t } = useTranslation('messaging');
  const { user, isLoading: authLoading } = useAuth();
  const [params] = useSearchParams();
  const selectedId = params.get('conversation');
  const status = useRealtime();
  const conversations = useConversations(!!user);
  const loaded = flattenConversations(conversations.data);
  const inList = loaded.find((c) => c.id === selectedId) ?? null;
  // A conversation beyond the loaded pages (the 60th of 60) opens by id.
  const byId = useConversation(selectedId, !!user && !inList && !conversations.isLoading);

  if (authLoading) return <PageSpinner />;
  if (!user) return <AccessDenied title={t('accessRequired.title')} text={t('accessRequired.text')} />;

  const selected = inList ?? byId.data ?? null;
  const selectedLoading = conversations.isLoading || byId.isLoading;

  return (
    <div className="mx-auto max-w-7xl md:px-4 md:py-6">
      <div className="flex h-[calc(100dvh-8rem)] overflow-hidden bg-white md:h-[calc(100dvh-7rem)] md:rounded-2xl md:border md:border-slate-200 md:shadow-sm">
        <aside
          aria-labelledby="conversations-title"
          className={cn(
            'min-h-0 w-full flex-col border-e border-slate-200 md:flex md:w-80 lg:w-96',
            selectedId ? 'hidden' : 'flex',
          )}
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-4">
            <h1 id="conversations-title" className="text-lg font-semibold text-slate-900">
              {t('title')}
            </h1>
            <span className="ms-auto">
              <ConnectionIndicator status={status} />
            </span>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList
              conversations={conversations.data ? loaded : undefined}
              isLoading={conversations.isLoading}
              hasMore={conversations.hasNextPage}
              isLoadingMore={conversations.isFetchingNextPage}
              onLoadMore={() => void conversations.fetchNextPage()}
              meId={user.id}
              selectedId={selectedId}
            />
          </div>
        </aside>

        <div className={cn('min-h-0 min-w-0 flex-1 flex-col', selectedId ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <ConversationThread key={selected.id} conversation={selected} meId={user.id} status={status} />
          ) : (
            <div className="flex flex-1 items-center justify-center bg-slate-50 p-6">
              {selectedId && selectedLoading ? (
                <PageSpinner />
              ) : selectedId ? (
                <EmptyState title={t('empty.notFound')}>
                  <p>{t('empty.notFoundText')}</p>
                  <Link to="/messages" className="mt-3 inline-block font-medium text-brand-700 hover:underline">
                    {t('backToList')}
                  </Link>
                </EmptyState>
              ) : (
                <EmptyState icon={<MessageSquare className="h-8 w-8" />} title={t('empty.selectConversation')}>
                  {t('empty.selectConversationText')}
                </EmptyState>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
