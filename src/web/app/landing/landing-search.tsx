/** The smart search box on the landing page: opens /search with the request. */
import { SmartSearchBox } from '../../components/smart-search-box';

export function LandingSearch() {
  return <SmartSearchBox tone="dark" className="max-w-xl" />;
}
