/**
 * Names the service worker and the page share. The private cache holds only the signed-in user's
 * own answers that the offline screens read; it is deleted on sign-out and whenever the page sees a
 * different user (or nobody) signed in, so one person's data is never shown to the next.
 */
export const PRIVATE_CACHE = 'bitaqa-private-v1';
export const PUBLIC_CARD_CACHE = 'bitaqa-public-cards-v1';

/** The API answers the offline screens (My QR, the app's own header) need. */
export const PRIVATE_API_PATHS = ['/api/auth/user', '/api/business-cards/my'];

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', forgetUser: 'FORGET_USER' } as const;

/** Where the manifest's share target posts a shared photo, and where the worker keeps it for the scan page. */
export const SHARE_TARGET_PATH = '/contacts/scan/shared';
export const SHARED_PHOTO_CACHE = 'bitaqa-shared-photo';
export const SHARED_PHOTO_URL = '/__shared/front';

/**
 * Contacts typed and cards photographed offline wait in this IndexedDB database until they can be
 * sent (see web/lib/offline/outbox.ts); the worker's Background Sync uses the tag, and the pages
 * and the worker tell each other about changes on the channel.
 */
export const OUTBOX_DB = 'bitaqa-outbox';
export const OUTBOX_SYNC_TAG = 'bitaqa-outbox';
export const OUTBOX_CHANNEL = 'bitaqa-outbox';
