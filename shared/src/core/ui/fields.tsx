import { es } from '@luz/shared/text';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const controlStyles = `
  width: 100%;
  border-radius: 10px;
  padding: 8px 12px;
  min-height: 38px;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  &:focus { border-color: ${({ theme }) => theme.color.primary}; outline: none; box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}55; }
  &:disabled { opacity: 0.6; }
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  &:focus { border-color: ${({ theme }) => theme.color.primary}; outline: none; box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}55; }
  &:disabled { opacity: 0.6; }
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.danger};
`;

type FieldProps = { label: ReactNode; error?: string | null | undefined; hint?: ReactNode };

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export function TextField({
  label,
  error,
  hint,
  id,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <Wrapper>
      <Label htmlFor={fieldId}>{label}</Label>
      <Input
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
      {hint ? <Hint id={`${fieldId}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${fieldId}-error`}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

const PasswordRow = styled.div`
  position: relative;
  display: flex;
  input { padding-right: 84px; }
`;

const RevealButton = styled.button`
  position: absolute;
  right: 6px;
  top: 50%;
  transform: translateY(-50%);
  background: none;
  border: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  cursor: pointer;
  padding: 4px 6px;
`;

/**
 * A password input. Marked private for every session-recording vendor we may load
 * (data-private, data-hj-suppress, data-clarity-mask, fs-exclude), so keystrokes are never recorded.
 */
export function PasswordField({
  label,
  error,
  hint,
  id,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  return (
    <Wrapper>
      <Label htmlFor={fieldId}>{label}</Label>
      <PasswordRow>
        <Input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          data-private="true"
          data-hj-suppress="true"
          data-clarity-mask="true"
          className="fs-exclude"
          {...input}
        />
        <RevealButton
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={fieldId}
        >
          {visible ? es.auth.hidePassword : es.auth.showPassword}
        </RevealButton>
      </PasswordRow>
      {hint ? <Hint id={`${fieldId}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${fieldId}-error`}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

export type SelectOption<T extends string | number> = { value: T; label: string };

export function SelectField<T extends string | number>({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption<T>[]; placeholder?: string }) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <Wrapper>
      <Label htmlFor={fieldId}>{label}</Label>
      <Select
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
      {hint ? <Hint id={`${fieldId}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${fieldId}-error`}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  cursor: pointer;
  input { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; cursor: pointer; }
`;

export function Checkbox({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <CheckboxLabel>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </CheckboxLabel>
  );
}
