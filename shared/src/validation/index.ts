export { FORM_ERROR_KEY, formErrors, issueMessage } from './form-errors';
export { validationItemMessage } from './messages';
