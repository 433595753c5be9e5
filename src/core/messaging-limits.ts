/**
 * Messaging numbers without zod, so the app shell (unread badge, live socket) can read them
 * without pulling the schema library into every page's first download.
 * Re-exported by core/schemas/messaging.
 */

/** Page sizes of the message history and the conversation list. */
export const MESSAGING_PAGE = {
  messagesDefault: 50,
  messagesMax: 100,
  conversationsDefault: 50,
  conversationsMax: 100,
} as const;

/**
 * After the server's cross-process listener reconnects, its sockets refetch at random moments
 * within this window rather than all at once.
 */
export const RESYNC_SPREAD_MS = 5_000;

/** Close codes of the /ws socket (4000–4999 are free for applications). */
export const WS_CLOSE = {
  /** The server is shutting down: reconnect (the load balancer sends the client elsewhere). */
  goingAway: 1001,
  /** No valid session on the upgrade request: the client should not retry until signed in. */
  unauthorized: 4401,
  /** The authenticate message named another user, or the page came from another origin. */
  forbidden: 4403,
} as const;
