import { ProductDefinitionRoute } from '@/features/products';
import { Guarded } from './guarded';

export default function ProductDefinitionRoutePage() {
  return (
    <Guarded requiresActivation permission="products.manage">
      <ProductDefinitionRoute />
    </Guarded>
  );
}
