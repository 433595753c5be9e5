/** Query keys of the discovery feature (spec §7: the key segments joined by slashes are the GET path). */
export const DIRECTORY_KEY = '/api/business-cards/public';
export const PROPERTIES_KEY = '/api/properties';
export const MY_PROPERTIES_KEY = ['/api/properties/mine'] as const;
export const propertyKey = (id: string) => ['/api/properties', id] as const;
export const SERVICES_KEY = '/api/services';
export const SEARCH_KEY = '/api/search';
export const RECOMMENDATIONS_KEY = ['/api/recommendations'] as const;
