import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../errors';
import { formErrors } from '../validation';

/**
 * Field errors of a form from both sides: the zod check before sending and the API's 422
 * answer after it; an error that names no field becomes the form's message.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    errors,
    message,
    setErrors(next: Record<string, string>) {
      setErrors(next);
      setMessage(null);
    },
    /** Checks `values` with `schema` before sending: its field errors when it fails, `send(data)` when it passes. */
    check<Schema extends z.ZodType>(schema: Schema, values: unknown, send: (data: z.output<Schema>) => void) {
      const parsed = schema.safeParse(values);
      setErrors(parsed.success ? {} : formErrors(parsed.error));
      setMessage(null);
      if (parsed.success) send(parsed.data);
    },
    fromServer(error: unknown) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setMessage(Object.keys(fields).length === 0 ? errorMessage(error) : null);
    },
  };
}
