/** Query keys of the admin control center sections. */
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;
export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
export const AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;
export const USERS_EXPORT_URL = '/api/admin/users/export.csv';
export const ADMIN_SERVICES_KEY = ['/api/admin/services'] as const;
