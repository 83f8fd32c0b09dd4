import { ProductReportsRoute } from '@/features/products';
import { Guarded } from './guarded';

export default function ProductReportsRoutePage() {
  return (
    <Guarded requiresActivation permission="products.manage">
      <ProductReportsRoute />
    </Guarded>
  );
}
