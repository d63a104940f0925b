import { detectAmbulanceService } from '@bleedkits/contracts';
import { useCallback, useEffect, useState } from 'react';
import { type KitFormErrors, type KitFormField, type KitFormValues, validateKitForm } from './kit-form-values';

/** Address fields whose change re-runs ambulance-service detection (postcode only from 2 characters). */
const DETECTION_FIELDS: readonly KitFormField[] = ['postcode', 'city', 'addressLine1', 'addressLine2'];
export const POSTCODE_DETECTION_MIN_LENGTH = 2;

export type KitForm = {
  values: KitFormValues;
  errors: KitFormErrors;
  setField: <F extends KitFormField>(field: F, value: KitFormValues[F]) => void;
  setLocation: (lat: number, lng: number) => void;
  /** Runs the shared rules, shows each field's first message and keeps them live from then on. */
  validate: () => KitFormErrors;
};

function shouldDetect(field: KitFormField, value: unknown): boolean {
  if (!DETECTION_FIELDS.includes(field)) return false;
  return field !== 'postcode' || String(value).trim().length >= POSTCODE_DETECTION_MIN_LENGTH;
}

export function useKitForm(initial: KitFormValues | (() => KitFormValues)): KitForm {
  const [values, setValues] = useState<KitFormValues>(initial);
  const [errors, setErrors] = useState<KitFormErrors>({});
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    if (attempted) setErrors(validateKitForm(values));
  }, [attempted, values]);

  const setField = useCallback(<F extends KitFormField>(field: F, value: KitFormValues[F]) => {
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      // Live detection: a postcode prefix match beats the city and address text (the shared rule decides).
      if (shouldDetect(field, value)) next.ambulanceService = detectAmbulanceService(next);
      return next;
    });
  }, []);

  const setLocation = useCallback((lat: number, lng: number) => {
    setValues((prev) => ({ ...prev, latitude: String(lat), longitude: String(lng) }));
  }, []);

  const validate = useCallback(() => {
    const found = validateKitForm(values);
    setAttempted(true);
    setErrors(found);
    return found;
  }, [values]);

  return { values, errors, setField, setLocation, validate };
}
