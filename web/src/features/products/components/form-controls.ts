import { formControls } from '@/components/form/form-controls';

/** The product forms' controls: ids under `product-`; a select has an empty choice only where asked. */
export const { idOf, TextInput, SelectInput } = formControls({ idPrefix: 'product' });
