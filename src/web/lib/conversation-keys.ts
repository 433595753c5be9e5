/**
 * Query keys of messaging. Every key starts with an API path (the GET it reads), and the
 * messages of a conversation sit under the conversations prefix, so invalidating
 * CONVERSATIONS_KEY after a reconnect refreshes everything the socket may have missed.
 */
export const CONVERSATIONS_KEY = ['/api/conversations'] as const;
export const UNREAD_COUNT_KEY = ['/api/messages/unread-count'] as const;
export const conversationKey = (conversationId: string) => ['/api/conversations', conversationId] as const;
export const messagesKey = (conversationId: string) => ['/api/conversations', conversationId, 'messages'] as const;
