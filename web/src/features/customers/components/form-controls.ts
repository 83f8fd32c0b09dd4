import { formControls } from '@/components/form/form-controls';

/** The customer forms' controls: ids under `customer-`, every select opening on "Choose…". */
export const { TextInput, SelectInput, CheckboxInput } = formControls({
  idPrefix: 'customer',
  placeholder: 'Choose…',
});
