import { useLocation } from 'react-router';
import { productScreenOf } from '@/config/paths';
import { ProductDefinitionRoute, ProductPricingRoute, ProductReportsRoute } from '@/features/products';
import { Guarded } from './guarded';

const SCREENS = {
  definition: ProductDefinitionRoute,
  pricing: ProductPricingRoute,
  reports: ProductReportsRoute,
} as const;

/** The three Product screens share one lazy chunk: one import in the first-visit router, not three. */
export default function ProductsPage() {
  const Screen = SCREENS[productScreenOf(useLocation().pathname)];
  return (
    <Guarded requiresActivation permission="products.manage">
      <Screen />
    </Guarded>
  );
}
