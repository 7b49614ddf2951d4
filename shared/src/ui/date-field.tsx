import { TextField } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useEffect, useState } from 'react';
import { inputDateToIso, isoDateToInput } from '../dates/dates';

/** "1/2/2024" → "01/02/2024": one-digit days and months are what people type. */
function padded(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[1]?.padStart(2, '0')}/${match[2]?.padStart(2, '0')}/${match[3]}` : text.trim();
}

type Props = {
  label: string;
  /** yyyy-MM-dd (the URL and wire format), or null. */
  value: string | null;
  /** Called with yyyy-MM-dd, or null when the field is emptied; never with an invalid date. */
  onChange: (value: string | null) => void;
  hint?: string;
  id?: string;
};

/**
 * A date typed as dd/MM/yyyy (spec §3), committed on Enter or when the field loses focus. An
 * invalid text stays in the field with a message and is not applied.
 */
export function DateField({ label, value, onChange, hint, id }: Props) {
  const [draft, setDraft] = useState(isoDateToInput(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setDraft(isoDateToInput(value));
    setInvalid(false);
  }, [value]);

  const commit = () => {
    const text = padded(draft);
    if (text === '') {
      setInvalid(false);
      if (value !== null) onChange(null);
      return;
    }
    const iso = inputDateToIso(text);
    if (!iso) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(text);
    if (iso !== value) onChange(iso);
  };

  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      value={draft}
      inputMode="numeric"
      autoComplete="off"
      placeholder={es.dates.inputPlaceholder}
      error={invalid ? es.validation.date : null}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
