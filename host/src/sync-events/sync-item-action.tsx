import {
  Button,
  CredentialStatus,
  errorMessage,
  es,
  FixAction,
  type FixTarget,
  operationQuery,
  type SyncEvent,
  syncApi,
  TaskStatus,
  toast,
} from '@luz/shared';
import { useMutation, useQuery } from '@tanstack/react-query';

/** Failures a retry cannot fix: the action asks for what is missing instead. */
const fixable = new Set<FixTarget['reason']>([
  'needs_total',
  'needs_holder_name',
  'service_cap',
  'service_limit',
  'wrong_password',
  'captcha',
  'captcha_pending',
]);

/**
 * What a person can do about a failed sync: "Reintentar" runs it again; a failure a retry would
 * repeat offers its fix in place ("Reintentar" that asks for the total to pay, "Actualizar
 * contraseña", "Resolver CAPTCHA"). The reason is the service's or the account's as the API has it now.
 */
export function SyncItemAction({ event, title }: { event: SyncEvent; title: string }) {
  const userError = event.event_type === 'error' && event.status === TaskStatus.userError;
  const rpu = useQuery({
    ...operationQuery('getRpu', { params: { rpu_id: event.rpu_id ?? '' } }),
    enabled: userError && event.rpu_id !== null,
  });
  const credentials = useQuery({
    ...operationQuery('allCredentials'),
    enabled: userError && event.rpu_id === null && event.credential_id !== null,
  });
  const retry = useMutation({
    mutationFn: () => syncApi.userRetry({ task_association_ids: [event.task_association_id as string] }),
    onSuccess: () => toast.success(es.sync.actions.retried),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const credential = credentials.data?.find((item) => item.credential_id === event.credential_id);
  const reason =
    rpu.data?.failure_reason ??
    (credential?.status === CredentialStatus.invalidPassword
      ? 'wrong_password'
      : credential?.captcha_pending
        ? 'captcha_pending'
        : null);
  if (reason && fixable.has(reason))
    return (
      <FixAction
        label={es.sync.actions.retry}
        target={{
          reason,
          credentialId: rpu.data?.credential_id ?? event.credential_id,
          rpuId: event.rpu_id,
          serviceNumber: event.service_number,
          alias: event.alias,
          lastPayment: rpu.data?.last_payment ?? null,
          holderName: rpu.data?.holder_name ?? null,
          name: title,
        }}
      />
    );
  if (!event.task_association_id) return null;
  return (
    <Button size="sm" variant="secondary" onClick={() => retry.mutate()} loading={retry.isPending}>
      {es.sync.actions.retry}
    </Button>
  );
}
