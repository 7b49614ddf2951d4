export { CredentialForm } from './credential-form';
export { PasswordChangeForm } from './password-change-form';
export { ProfileFields, profileValues } from './profile-fields';
export { passwordConfirmation, useFormErrors } from './use-form-errors';
