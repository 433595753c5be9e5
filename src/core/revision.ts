/**
 * A pending revision of published content as the admin reviews it: each
 * changed field with its live (approved, public) value and the proposed one. Shared by the server,
 * which answers it in the review queue, and the web, which computes it for full cards and listings.
 */

export type RevisionChange = { field: string; before: unknown; after: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields a revision changes, in the live record's field order (a stored revision's key order is
 * not kept by jsonb); null when there is no revision (a new submission).
 */
export function revisionChanges(
  live: Record<string, unknown>,
  revision: Record<string, unknown> | null | undefined,
): RevisionChange[] | null {
  if (!revision) return null;
  const fields = [
    ...Object.keys(live).filter((k) => k in revision),
    ...Object.keys(revision).filter((k) => !(k in live)),
  ];
  const changes = fields
    .filter((field) => !same(live[field], revision[field]))
    .map((field) => ({ field, before: live[field] ?? null, after: revision[field] ?? null }));
  return changes.length ? changes : null;
}
