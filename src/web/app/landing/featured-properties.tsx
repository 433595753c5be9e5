/**
 * Featured Properties on the landing page: the newest approved listings, from the
 * properties feature. Hidden when there are none rather than faked.
 */
import { FeaturedPropertiesSection } from '../../features/properties/components/featured-properties';

export function FeaturedProperties() {
  return <FeaturedPropertiesSection />;
}
