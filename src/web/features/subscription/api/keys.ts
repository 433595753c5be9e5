/** Query keys of the subscription feature (the key segments joined by slashes are the GET path). */
export const SUBSCRIPTION_KEY = ['/api/subscription'] as const;
