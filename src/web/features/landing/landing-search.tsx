/**
 * The smart search box on the landing page (issue 4). The discovery feature provides it;
 * until then nothing is shown.
 */
export function LandingSearch() {
  return null;
}
