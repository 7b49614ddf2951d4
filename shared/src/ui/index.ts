export type { Tone } from './alert';
export { Alert, QueryErrorAlert } from './alert';
export type { BadgeTone } from './badge';
export { Badge } from './badge';
export type { ButtonVariant } from './button';
export { Button, ButtonLink } from './button';
export { DateField } from './date-field';
export { FactList } from './fact-list';
export type { SelectOption } from './fields';
export { Checkbox, PasswordField, SelectField, TextField } from './fields';
export { Card, EmptyState, PageHeader, Row, Stack, VisuallyHidden } from './layout';
export { ConfirmDialog, FormModal, Modal, ModalActions, preloadDialog } from './modal';
export { PagedQueryTable } from './paged-query-table';
export { Pagination, pageSizeOptions, SearchPagination } from './pagination';
export { ProgressBar } from './progress-bar';
export {
  ErrorBoundary,
  GenericErrorFallback,
  LoadFailureScreen,
  NotFoundScreen,
} from './screens';
export { SecretReveal } from './secret-reveal';
export { PageSpinner, Spinner } from './spinner';
export type { Column, Selection } from './table';
export { DataTable } from './table';
export type { Toast } from './toast';
export { Toaster, toast } from './toast';
