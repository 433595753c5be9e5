/** Query keys of the inquiries (leads) feature. */
export const INQUIRIES_KEY = ['/api/inquiries'] as const;
export const INQUIRIES_EXPORT_URL = '/api/inquiries/export.csv';
