/**
 * Unread messages for the header and mobile bar; signed out it is always 0. While
 * signed in it also keeps the live connection open, so the badge updates on every page.
 */
import { useAuth } from '../lib/use-auth';
import { useUnreadCountQuery } from '../features/messaging/api/use-unread-count';
import { useRealtime } from '../features/messaging/realtime/use-realtime';

export function useUnreadCount(): number {
  const { isAuthenticated } = useAuth();
  useRealtime();
  const { data } = useUnreadCountQuery(isAuthenticated);
  return isAuthenticated ? (data?.count ?? 0) : 0;
}
