import { useState } from 'react';
import { errorMessage, fieldErrors } from '../errors';

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
    fromServer(error: unknown) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setMessage(Object.keys(fields).length === 0 ? errorMessage(error) : null);
    },
  };
}
