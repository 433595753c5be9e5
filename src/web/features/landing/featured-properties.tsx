/**
 * Featured Properties on the landing page (spec §2). The discovery feature (issue 4) fills this
 * with real approved listings; until then the section is not shown rather than faked.
 */
export function FeaturedProperties() {
  return null;
}
