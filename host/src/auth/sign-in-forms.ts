// The sign-in screens that take the whole SDK from the start (their forms check and report errors
// with it), a chunk of their own (routing/load-sign-in-forms.ts): /login, the one most people
// open, does not wait for it.
export { CreateAccountPage } from './create-account-page';
export { RecoverPasswordPage } from './recover-password-page';
export { ResetPasswordPage } from './reset-password-page';
