import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { rpusApi } from '../api/rpus';
import { zTotalToPay } from '../contract';
import { useFormErrors } from '../forms/use-form-errors';
import { es } from '../text/es';
import { FormModal, TextField, toast } from '../ui';
import { refreshAfterFix } from './account-sync';

const text = es.attention.totalToPay;
const zTotalForm = z.object({ last_payment: zTotalToPay });

export type TotalToPayTarget = {
  rpuId: string;
  credentialId: string;
  serviceNumber: string;
  alias: string | null;
  /** What the service already has (money text), shown as the starting value. */
  lastPayment?: string | null;
};

/** "1234.00" → "1234": the field asks for whole pesos. */
const wholePesos = (money: string | null | undefined) => (money ? (money.split('.')[0] ?? '') : '');

/**
 * Asks for the total to pay of the last receipt (what CFE wants to add the service to the account)
 * and syncs the service with it (POST /rpus/sync/{credential_id}/{rpu_id} with `last_payment`,
 * which the service keeps for later syncs).
 */
export function TotalToPayModal({ target, onClose }: { target: TotalToPayTarget; onClose: () => void }) {
  const form = useFormErrors();
  const sync = useMutation({
    mutationFn: (lastPayment: string) =>
      rpusApi.sync(target.credentialId, target.rpuId, { last_payment: lastPayment }),
    onSuccess: async () => {
      toast.success(text.started);
      onClose();
      await refreshAfterFix();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(zTotalForm, { last_payment: String(data.get('last_payment') ?? '') }, (checked) =>
      sync.mutate(checked.last_payment),
    );
  };

  return (
    <FormModal
      title={text.title}
      description={text.description(es.sync.serviceNamed(target.serviceNumber, target.alias))}
      width={440}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={text.submit}
      submitting={sync.isPending}
    >
      <TextField
        label={text.label}
        name="last_payment"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={wholePesos(target.lastPayment)}
        hint={text.hint}
        error={form.errors.last_payment}
        autoFocus
      />
    </FormModal>
  );
}
