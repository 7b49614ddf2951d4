export type { ApiErrorInit, ApiErrorKind, ErrorDetail } from './api-error';
export {
  ApiError,
  errorStatus,
  fieldErrorsFromDetail,
  httpErrorMessage,
  isCancelled,
  isPaymentRequired,
  isUnauthorized,
  toApiError,
  toApiErrorAsync,
} from './api-error';
export { errorMessage, fieldErrors, loginErrorMessage } from './messages';
export { httpStatusName, httpStatusNames } from './status-names';
