/** The right pane: one conversation, its messages and the composer. */
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationView, MessageView } from '../../../../core/schemas/messaging';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState, Skeleton, Spinner } from '../../../components/ui/feedback';
import { RoleBadge } from '../../../components/ui/role-badge';
import { cn } from '../../../lib/utils';
import { useMarkRead } from '../api/use-mark-read';
import { flattenPages, useMessages } from '../api/use-messages';
import type { LiveStatus } from '../../../lib/live-connection';
import { ConnectionIndicator } from './connection-indicator';
import { MessageComposer } from './message-composer';
import { displayName, otherParticipant } from './participant';
import { RelativeTime } from './relative-time';

/**
 * Marks read while the thread is open and the tab visible, up to the newest message from the
 * other side that the thread shows: one that arrives later stays unread until shown.
 */
function useMarkReadWhileOpen(conversation: ConversationView, messages: MessageView[], meId: string) {
  const markRead = useMarkRead(meId);
  const { mutate } = markRead;
  const done = useRef('');
  const newestFromOther = [...messages].reverse().find((m) => m.senderId !== meId);
  const needs = !!newestFromOther && (conversation.unreadCount > 0 || !newestFromOther.isRead);
  const upTo = newestFromOther?.id ?? '';
  const key = `${conversation.id}:${upTo}`;

  useEffect(() => {
    const mark = () => {
      if (!needs || done.current === key || document.visibilityState !== 'visible') return;
      done.current = key;
      mutate({ conversationId: conversation.id, upTo });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [needs, key, upTo, conversation.id, mutate]);
}

function MessageBubble({ message, own }: { message: MessageView; own: boolean }) {
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')} data-testid="message" data-own={own}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-4 py-2 shadow-sm',
          own ? 'rounded-ee-sm bg-brand-700 text-white' : 'rounded-es-sm bg-white text-slate-900',
        )}
      >
        <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
          {message.content}
        </p>
        <RelativeTime
          iso={message.createdAt}
          className={cn('mt-1 block text-[11px]', own ? 'text-brand-100' : 'text-slate-500')}
        />
      </div>
    </li>
  );
}

interface Props {
  conversation: ConversationView;
  meId: string;
  status: LiveStatus;
}

export function ConversationThread({ conversation, meId, status }: Props) {
  const { t } = useTranslation('messaging');
  const other = otherParticipant(conversation, meId);
  const name = displayName(other, t);
  const query = useMessages(conversation.id);
  const messages = flattenPages(query.data);
  useMarkReadWhileOpen(conversation, messages, meId);

  // Stay at the newest message when one arrives; keep the place when earlier ones load.
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby="thread-title">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-4">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to="/messages" aria-label={t('backToList')}>
            <ArrowLeft className="h-5 w-5 rtl-flip" aria-hidden="true" />
          </Link>
        </Button>
        <Avatar src={other.profileImageUrl} name={name} className="h-10 w-10" />
        <div className="min-w-0 flex-1">
          <h2 id="thread-title" className="truncate font-semibold text-slate-900">
            {name}
          </h2>
          {!other.isDeleted && <RoleBadge role={other.role} className="mt-0.5 px-2 py-0 text-[11px]" />}
        </div>
        <ConnectionIndicator status={status} />
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-6">
        {query.isLoading ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ms-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : query.isError ? (
          <EmptyState title={t('empty.notFound')}>{t('empty.notFoundText')}</EmptyState>
        ) : messages.length === 0 ? (
          <EmptyState icon={<MessagesSquare className="h-8 w-8" />} title={t('empty.noMessages')}>
            {t('empty.noMessagesText')}
          </EmptyState>
        ) : (
          <>
            {query.hasNextPage && (
              <div className="mb-4 text-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? <Spinner /> : t('loadEarlier')}
                </Button>
              </div>
            )}
            <ol className="space-y-3" aria-label={t('title')}>
              {messages.map((m) => (
                <MessageBubble key={m.id} message={m} own={m.senderId === meId} />
              ))}
            </ol>
          </>
        )}
      </div>

      <MessageComposer
        key={conversation.id}
        conversationId={conversation.id}
        disabledReason={other.isDeleted ? t('composer.deleted') : undefined}
      />
    </section>
  );
}
