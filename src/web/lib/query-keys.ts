/**
 * Query keys that more than one feature reads or invalidates (the key segments joined by
 * slashes are the GET path). A key used by one feature only stays in that feature's api/keys.ts.
 */
export const DIRECTORY_KEY = '/api/business-cards/public';
export const PROPERTIES_KEY = '/api/properties';
export const MY_PROPERTIES_KEY = ['/api/properties/mine'] as const;
export const propertyKey = (id: string) => ['/api/properties', id] as const;
export const SERVICES_KEY = '/api/services';
export const SEARCH_KEY = '/api/search';
export const RECOMMENDATIONS_KEY = ['/api/recommendations'] as const;

/**
 * The admin review queue (one owner per concept), defined once: the admin section reads
 * it, and any screen that approves, rejects or edits reviewed content invalidates it.
 */
export const PENDING_APPROVALS_KEY = ['/api/admin/review-queue'] as const;
