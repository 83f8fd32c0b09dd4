import { ProductPricingRoute } from '@/features/products';
import { Guarded } from './guarded';

export default function ProductPricingRoutePage() {
  return (
    <Guarded requiresActivation permission="products.manage">
      <ProductPricingRoute />
    </Guarded>
  );
}
