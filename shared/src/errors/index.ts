export type { ApiErrorInit, ApiErrorKind, ErrorDetail } from './api-error';
export {
  ApiError,
  fieldErrorsFromDetail,
  httpErrorMessage,
  isCancelled,
  toApiError,
  toApiErrorAsync,
} from './api-error';
export { errorMessage, fieldErrors, loginErrorMessage } from './messages';
export { httpStatusName, httpStatusNames } from './status-names';
