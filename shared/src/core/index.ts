// The SDK's core: what every screen draws with (theme, the UI kit's basics, the session, the one
// QueryClient, the Spanish texts), without zod, axios or the contract. A federation singleton of
// its own: the sign-in screens load only this, the rest of the SDK (`@luz/shared`, which re-exports
// it) comes when a form is filled in or a signed-in screen opens (docs/decisions/161). Everything
// else in the SDK takes these from `@luz/shared/core`, never by a relative path, so that the page
// has one copy of each (shared/build/sdk-parts.test.ts).

export { es, type TextCatalogue } from '@luz/shared/text';
export { errorStatus, isPaymentRequired, isUnauthorized } from './http-status';
export { queryClient, STALE_TIME_MS } from './query-client';
export * from './session';
export * from './theme';
export type { Tone } from './ui/alert';
export { Alert } from './ui/alert';
export type { ButtonVariant } from './ui/button';
export { Button, ButtonLink } from './ui/button';
export type { SelectOption } from './ui/fields';
export { Checkbox, PasswordField, SelectField, TextField } from './ui/fields';
export { Card, EmptyState, PageHeader, Row, Stack, VisuallyHidden } from './ui/layout';
export { ErrorBoundary, GenericErrorFallback, LoadFailureScreen, NotFoundScreen } from './ui/screens';
export { PageSpinner, Spinner } from './ui/spinner';
export type { Toast } from './ui/toast';
export { Toaster, toast } from './ui/toast';
