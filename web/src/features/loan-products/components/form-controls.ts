import { formControls } from '@/components/form/form-controls';

/** The loan product forms' controls: ids under `loan-product-`. */
export const { idOf, TextInput, SelectInput, CheckboxInput } = formControls({ idPrefix: 'loan-product' });
