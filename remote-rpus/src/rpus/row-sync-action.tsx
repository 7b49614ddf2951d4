import { Button, es, FixAction, type Rpu } from '@luz/shared';
import { rpusText } from '../text';

const text = rpusText;

/** Failures a plain sync would repeat: the row offers what fixes them instead. */
const fixedInPlace = new Set<string>([
  'needs_total',
  'needs_holder_name',
  'wrong_password',
  'captcha',
  'service_cap',
  'service_limit',
]);

/**
 * The row's "Sincronizar", or what fixes its failure in place: the total to pay when the link
 * needs it (the same "Sincronizar", which asks for it), "Actualizar contraseña" for a password CFE
 * refused, "Resolver CAPTCHA" for a CAPTCHA.
 */
export function RowSyncAction({
  rpu,
  onSync,
  syncing,
}: {
  rpu: Rpu;
  onSync: (rpu: Rpu) => void;
  syncing: boolean;
}) {
  const reason = rpu.failure_reason;
  if (rpu.credential_id && reason !== null && fixedInPlace.has(reason))
    return (
      <FixAction
        label={text.actions.sync}
        target={{
          reason,
          credentialId: rpu.credential_id,
          rpuId: rpu.rpu_id,
          serviceNumber: rpu.service_number,
          alias: rpu.alias || null,
          lastPayment: rpu.last_payment,
          holderName: rpu.holder_name,
          name: es.sync.serviceNamed(rpu.service_number, rpu.alias || null),
        }}
      />
    );
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => onSync(rpu)}
      disabled={rpu.credential_id === null || syncing}
      title={rpu.credential_id === null ? text.bulk.syncSkipped(1) : undefined}
    >
      {text.actions.sync}
    </Button>
  );
}
