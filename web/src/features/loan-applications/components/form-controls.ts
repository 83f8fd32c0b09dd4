import { formControls } from '@/components/form/form-controls';

/** The loan application forms' controls: ids under `loan-app-`. */
export const { idOf, TextInput, SelectInput, CheckboxInput } = formControls({ idPrefix: 'loan-app' });
