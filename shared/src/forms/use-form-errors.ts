import { es } from '@luz/shared/text';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../errors';
import { formErrors } from '../validation';

/**
 * Field errors of a form from both sides: the zod check before sending and the API's 422
 * answer after it. An error that names no field, or a field the form did not send (a rule of the
 * server's that no field on screen can show), becomes the form's message, so it is never lost.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // The fields of the last checked submission: the ones the form shows.
  const sentFields = useRef<ReadonlySet<string> | null>(null);
  return {
    errors,
    message,
    setErrors(next: Record<string, string>) {
      setErrors(next);
      setMessage(null);
    },
    /**
     * Checks `values` with `schema` before sending: its field errors (and `alsoErrors`, the form's
     * own checks such as `passwordConfirmation`) when it fails, `send(data)` when all pass.
     */
    check<Schema extends z.ZodType>(
      schema: Schema,
      values: object,
      send: (data: z.output<Schema>) => void,
      alsoErrors: Record<string, string> = {},
    ) {
      sentFields.current = new Set(Object.keys(values));
      const parsed = schema.safeParse(values);
      setErrors({ ...(parsed.success ? {} : formErrors(parsed.error)), ...alsoErrors });
      setMessage(null);
      if (parsed.success && Object.keys(alsoErrors).length === 0) send(parsed.data);
    },
    fromServer(error: unknown) {
      const fields = fieldErrors(error);
      const shown = sentFields.current;
      const unshown = shown ? Object.entries(fields).filter(([field]) => !shown.has(field)) : [];
      setErrors(fields);
      if (Object.keys(fields).length === 0) setMessage(errorMessage(error));
      else
        setMessage(
          unshown.length > 0 ? unshown.map(([field, text]) => `${field}: ${text}`).join(' · ') : null,
        );
    },
  };
}

/** The error of a form's `confirm_password` field when it differs from the password typed above it. */
export function passwordConfirmation(data: FormData, passwordField: string): Record<string, string> {
  return data.get(passwordField) === data.get('confirm_password')
    ? {}
    : { confirm_password: es.validation.passwordsDiffer };
}
