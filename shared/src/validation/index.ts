export { FORM_ERROR_KEY, formErrors, issueMessage } from './form-errors';
export { genericValidationMessages, translateValidationMessage } from './messages';
