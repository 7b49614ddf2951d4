export { CredentialForm } from './credential-form';
export { PasswordChangeForm } from './password-change-form';
export { useFormErrors } from './use-form-errors';
