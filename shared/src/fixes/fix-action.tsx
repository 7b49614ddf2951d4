import { Button, toast } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { credentialsApi } from '../api/credentials';
import { rpusApi } from '../api/rpus';
import type { AttentionReason, RpuFailureReason } from '../contract';
import { errorMessage } from '../errors';
import { connectAccount, refreshRpusAndCredentials, resyncAccount } from './account-sync';
import { credentialPasswordPath, servicePath } from './fix-paths';
import { ServiceRoomFix } from './service-room-fix';
import { TotalToPayModal } from './total-to-pay-modal';

const text = es.attention;

/** A link that looks like the small secondary buttons beside it. */
const FixLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  white-space: nowrap;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.color.surfaceRaised}; }
`;

/** What needs fixing and where: a service point (then `rpuId` and its number) or a CFE account. */
export type FixTarget = {
  reason: AttentionReason | RpuFailureReason;
  credentialId: string | null;
  rpuId: string | null;
  serviceNumber: string | null;
  alias: string | null;
  lastPayment?: string | null;
  holderName?: string | null;
  /** Who it is, for the button's accessible name ("Actualizar contraseña · Cuenta de CFE «…»"). */
  name: string;
};

/** The action that fixes a failure, in place; `label` renames the retry-like ones ("Sincronizar"). */
export function FixAction({ target, label }: { target: FixTarget; label?: string }) {
  const [askingTotal, setAskingTotal] = useState(false);
  const { reason, credentialId, rpuId, serviceNumber } = target;
  const act = useMutation({
    mutationFn: async (): Promise<void> => {
      if (!credentialId) return;
      if (reason === 'captcha' || reason === 'captcha_pending' || reason === 'session_to_renew')
        return connectAccount(credentialId);
      if (reason === 'sync_pending') return resyncAccount(await credentialsApi.get(credentialId));
      if (rpuId) await rpusApi.sync(credentialId, rpuId);
      toast.success(text.done.syncStarted);
      await refreshRpusAndCredentials();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const named = (visible: string) => `${visible} · ${target.name}`;

  if (reason === 'wrong_password' && credentialId)
    return (
      <FixLink to={credentialPasswordPath(credentialId)} aria-label={named(text.actions.updatePassword)}>
        {text.actions.updatePassword}
      </FixLink>
    );
  if ((reason === 'service_cap' || reason === 'service_limit') && credentialId && rpuId)
    return <ServiceRoomFix kind={reason} credentialId={credentialId} rpuId={rpuId} name={target.name} />;
  if ((reason === 'cannot_link' || reason === 'service_not_found') && serviceNumber)
    return (
      <FixLink to={servicePath(serviceNumber)} aria-label={named(text.actions.review)}>
        {text.actions.review}
      </FixLink>
    );
  if (
    (reason === 'needs_total' || reason === 'needs_holder_name') &&
    credentialId &&
    rpuId &&
    serviceNumber
  ) {
    const askHolderName = reason === 'needs_holder_name';
    const visible = label ?? (askHolderName ? text.actions.enterHolderName : text.actions.enterTotal);
    return (
      <>
        <Button
          size="sm"
          variant="secondary"
          aria-label={named(visible)}
          onClick={() => setAskingTotal(true)}
        >
          {visible}
        </Button>
        {askingTotal ? (
          <TotalToPayModal
            target={{
              rpuId,
              credentialId,
              serviceNumber,
              alias: target.alias,
              lastPayment: target.lastPayment,
              askHolderName,
              holderName: target.holderName,
            }}
            onClose={() => setAskingTotal(false)}
          />
        ) : null}
      </>
    );
  }
  const visible =
    reason === 'captcha' || reason === 'captcha_pending'
      ? text.actions.solveCaptcha
      : reason === 'session_to_renew'
        ? text.actions.connect
        : reason === 'sync_pending'
          ? text.actions.syncAgain
          : (label ?? text.actions.retry);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={named(visible)}
      onClick={() => act.mutate()}
      loading={act.isPending}
      disabled={!credentialId}
    >
      {visible}
    </Button>
  );
}
