export { AvailabilitySection } from './availability-section';
export { LocationPicker } from './location-picker';
export { KitFormSections } from './kit-form-sections';
export { useKitForm, type KitForm } from './use-kit-form';
export {
  emptyKitForm,
  formHasLocation,
  kitToFormValues,
  toKitRegistration,
  validateKitForm,
  type KitFormErrors,
  type KitFormValues,
} from './kit-form-values';
export { kitFormApi } from './api';
