// The UI kit beyond the core's basics (alert, button, fields, layout, screens, spinner, toast:
// `@luz/shared/core`).
export type { BadgeTone } from './badge';
export { Badge } from './badge';
export { DateField } from './date-field';
export { FactList } from './fact-list';
export { ConfirmDialog, FormModal, Modal, ModalActions, preloadDialog } from './modal';
export { PagedQueryTable } from './paged-query-table';
export { Pagination, pageSizeOptions, SearchPagination } from './pagination';
export { ProgressBar } from './progress-bar';
export { QueryErrorAlert } from './query-error-alert';
export { SecretReveal } from './secret-reveal';
export type { Column, Selection } from './table';
export { DataTable } from './table';
