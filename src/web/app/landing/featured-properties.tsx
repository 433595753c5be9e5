/**
 * Featured Properties on the landing page (spec §2): the newest approved listings, from the
 * properties feature (issue 4). Hidden when there are none rather than faked.
 */
import { FeaturedPropertiesSection } from '../../features/properties/components/featured-properties';

export function FeaturedProperties() {
  return <FeaturedPropertiesSection />;
}
