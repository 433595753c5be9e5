/** The left pane: the caller's conversations, newest activity first. */
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationView } from '../../../../core/schemas/messaging';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState, Skeleton, Spinner } from '../../../components/ui/feedback';
import { RoleBadge } from '../../../components/ui/role-badge';
import { cn } from '../../../lib/utils';
import { displayName, otherParticipant } from './participant';
import { RelativeTime } from './relative-time';

interface Props {
  conversations: ConversationView[] | undefined;
  isLoading: boolean;
  meId: string;
  selectedId: string | null;
  /** More conversations after the loaded ones (the list is paged by cursor). */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}

/** Calls `onVisible` when the element scrolls into view (infinite scroll). */
function useWhenVisible(onVisible: (() => void) | undefined, active: boolean) {
  const ref = useRef<HTMLLIElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current?.();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

export function ConversationList({
  conversations,
  isLoading,
  meId,
  selectedId,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: Props) {
  const { t } = useTranslation('messaging');
  const sentinel = useWhenVisible(onLoadMore, hasMore && !isLoadingMore);
  if (isLoading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }
  if (!conversations?.length) {
    return (
      <div className="p-4">
        <EmptyState icon={<MessageSquare className="h-8 w-8" />} title={t('empty.noConversations')}>
          <p>{t('empty.noConversationsText')}</p>
          <Button asChild size="sm" className="mt-4">
            <Link to="/directory">{t('empty.browseDirectory')}</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="conversation-list">
      {conversations.map((c) => {
        const other = otherParticipant(c, meId);
        const name = displayName(other, t);
        const selected = c.id === selectedId;
        const mine = c.lastMessage?.senderId === meId;
        const preview = c.lastMessage ? c.lastMessage.content : t('empty.noMessages');
        return (
          <li key={c.id}>
            <Link
              to={`/messages?conversation=${c.id}`}
              aria-current={selected ? 'page' : undefined}
              data-testid="conversation-item"
              className={cn(
                'flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50',
                selected && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <Avatar src={other.profileImageUrl} name={name} className="h-11 w-11" />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline gap-2">
                  <span className="truncate font-semibold text-slate-900" data-user>
                    {name}
                  </span>
                  {
                    <RelativeTime
                      iso={c.lastMessageAt ?? c.createdAt}
                      className="ms-auto shrink-0 text-xs text-slate-500"
                    />
                  }
                </div>
                <div className="mt-0.5 flex items-center gap-2">
                  {!other.isDeleted && <RoleBadge role={other.role} short className="shrink-0 px-2 py-0 text-[11px]" />}
                  {/* "You:" in the page's direction, the message in its own: an English message under an
                      Arabic "You" is cut at its end, not at its start. */}
                  <p
                    className={cn(
                      'flex min-w-0 text-sm',
                      c.unreadCount ? 'font-semibold text-slate-900' : 'text-slate-500',
                    )}
                  >
                    {mine && <span className="shrink-0 whitespace-pre">{`${t('you')}: `}</span>}
                    <span dir="auto" className="min-w-0 truncate">
                      {preview}
                    </span>
                  </p>
                  {c.unreadCount > 0 && (
                    <span
                      className="ms-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-[11px] font-bold leading-5 text-white"
                      data-testid="conversation-unread"
                    >
                      <span aria-hidden="true">{c.unreadCount}</span>
                      <span className="sr-only">{t('unreadCount', { count: c.unreadCount })}</span>
                    </span>
                  )}
                </div>
              </div>
            </Link>
          </li>
        );
      })}
      {hasMore && (
        <li ref={sentinel} className="p-3 text-center">
          <Button
            variant="outline"
            size="sm"
            onClick={onLoadMore}
            disabled={isLoadingMore}
            data-testid="load-more-conversations"
          >
            {isLoadingMore ? <Spinner /> : t('loadMoreConversations')}
          </Button>
        </li>
      )}
    </ul>
  );
}
