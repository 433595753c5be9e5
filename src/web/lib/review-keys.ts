/**
 * The admin review queue's query key (issue 16: one owner per concept), defined once: the admin
 * section reads it, and any screen that approves, rejects or edits reviewed content invalidates it.
 * Its segments joined by slashes are the GET path (spec §7 convention).
 */
export const PENDING_APPROVALS_KEY = ['/api/admin/review-queue'] as const;
