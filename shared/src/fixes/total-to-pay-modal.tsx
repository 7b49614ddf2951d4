import { TextField, toast } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { rpusApi } from '../api/rpus';
import { zHolderName, zTotalToPay } from '../contract';
import { useFormErrors } from '../forms/use-form-errors';
import { FormModal } from '../ui';
import { refreshRpusAndCredentials } from './account-sync';

const text = es.attention.totalToPay;
const zTotalForm = z.object({ last_payment: zTotalToPay });
/** With the holder's name the total is optional: CFE's consultation may give it. */
const zLinkForm = z.object({
  holder_name: zHolderName.refine((name) => name !== null, { message: es.validation.required }),
  last_payment: zTotalToPay.nullable(),
});

export type TotalToPayTarget = {
  rpuId: string;
  credentialId: string;
  serviceNumber: string;
  alias: string | null;
  /** What the service already has (money text), shown as the starting value. */
  lastPayment?: string | null;
  /** CFE asked for the holder's name (as on the receipt): the dialog asks it first. */
  askHolderName?: boolean;
  holderName?: string | null;
};

/** "1234.00" → "1234": the field asks for whole pesos. */
const wholePesos = (money: string | null | undefined) => (money ? (money.split('.')[0] ?? '') : '');

/**
 * Asks for what CFE wants to add the service to the account, the total to pay of the last receipt
 * (and, when it asked, the holder's name as on the receipt), and syncs the service with it (POST
 * /rpus/sync/{credential_id}/{rpu_id} with `last_payment`, which the service keeps; the name
 * through PATCH /rpus/{rpu_id}).
 */
export function TotalToPayModal({ target, onClose }: { target: TotalToPayTarget; onClose: () => void }) {
  const form = useFormErrors();
  const askName = target.askHolderName ?? false;
  const sync = useMutation({
    mutationFn: async ({ holderName, lastPayment }: { holderName?: string; lastPayment: string | null }) => {
      if (holderName) await rpusApi.update(target.rpuId, { holder_name: holderName });
      return rpusApi.sync(
        target.credentialId,
        target.rpuId,
        lastPayment ? { last_payment: lastPayment } : {},
      );
    },
    onSuccess: async () => {
      toast.success(text.started);
      onClose();
      await refreshRpusAndCredentials();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const total = String(data.get('last_payment') ?? '').trim();
    if (askName)
      form.check(
        zLinkForm,
        { holder_name: String(data.get('holder_name') ?? ''), last_payment: total === '' ? null : total },
        (checked) =>
          sync.mutate({ holderName: checked.holder_name ?? undefined, lastPayment: checked.last_payment }),
      );
    else
      form.check(zTotalForm, { last_payment: total }, (checked) =>
        sync.mutate({ lastPayment: checked.last_payment }),
      );
  };

  return (
    <FormModal
      title={askName ? text.linkTitle : text.title}
      description={text.description(es.sync.serviceNamed(target.serviceNumber, target.alias))}
      width={460}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={askName ? text.linkSubmit : text.submit}
      submitting={sync.isPending}
    >
      {askName ? (
        <TextField
          label={text.holderName}
          name="holder_name"
          autoComplete="off"
          defaultValue={target.holderName ?? ''}
          hint={text.holderNameHint}
          error={form.errors.holder_name}
          autoFocus
        />
      ) : null}
      <TextField
        label={askName ? text.optionalTotal : text.label}
        name="last_payment"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={wholePesos(target.lastPayment)}
        hint={text.hint}
        error={form.errors.last_payment}
        autoFocus={!askName}
      />
    </FormModal>
  );
}
