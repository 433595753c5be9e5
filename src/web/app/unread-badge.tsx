/**
 * The unread-messages count shown on the Messages items. The messaging feature provides the
 * count through `useUnreadCount`; until then it renders nothing.
 */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold leading-5 text-white ${className ?? ''}`}
      data-testid="unread-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
