/** Query keys of the account feature. */
export const OVERVIEW_KEY = ['/api/profile/overview'] as const;
export const SETTINGS_KEY = ['/api/account/settings'] as const;
