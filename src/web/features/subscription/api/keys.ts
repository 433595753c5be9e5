/** Query keys of the subscription feature (the key segments joined by slashes are the GET path). */
export const SUBSCRIPTION_KEY = ['/api/subscription'] as const;
/** GET /api/subscription/invoices: the signed-in user's tax invoices. */
export const INVOICES_KEY = ['/api/subscription/invoices'] as const;
