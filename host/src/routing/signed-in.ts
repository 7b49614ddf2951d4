// The signed-in screens, a chunk of their own (load-signed-in.ts): the layout with its sync-event
// area and onboarding, the remote outlet (single-spa), the admin console's guard and the
// subscription page.
export { AttentionPage } from '../attention/attention-page';
export { AuthenticatedLayout } from '../layout/authenticated-layout';
export { RemoteOutlet } from '../remotes/remote-outlet';
export { SubscriptionPage } from '../subscription/subscription-page';
export { RequireSuperuser } from './require-superuser';
