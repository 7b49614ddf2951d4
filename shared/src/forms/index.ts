export { CredentialForm } from './credential-form';
export { PasswordChangeForm } from './password-change-form';
export { ProfileFields, profileValues } from './profile-fields';
export { useFormErrors } from './use-form-errors';
