/**
 * Unread messages for the header and mobile bar. The messaging feature replaces the body of
 * this hook with its real query (issue 5); signed out it is always 0.
 */
export function useUnreadCount(): number {
  return 0;
}
