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
  /**
   * The user opened more sockets than WS_MAX_PER_USER and this, their oldest, was closed to make
   * room: the client must not reconnect on its own, or its tabs would take turns closing each other.
   */
  tooManyConnections: 4429,
} as const;

/**
 * Open /ws sockets one user may hold on one server process: far more tabs and devices than a
 * person uses, and a script opening thousands only ever holds this many (the oldest are closed).
 */
export const WS_MAX_PER_USER = 20;
