import {
  Alert,
  Button,
  billingApi,
  ConfirmDialog,
  errorMessage,
  es,
  type LocalSubscriptionAction,
  operationKey,
  queryClient,
  Row,
  Stack,
  toast,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

const text = es.subscription.manage;

/** Actions that end or suspend access are confirmed first; resuming is not. */
const confirmation: Partial<
  Record<LocalSubscriptionAction, { title: string; description: string; confirm: string; dismiss: string }>
> = {
  cancel: {
    title: text.cancelTitle,
    description: text.cancelDescription,
    confirm: text.cancelConfirm,
    dismiss: text.keep,
  },
  pause: {
    title: text.pauseTitle,
    description: text.pauseDescription,
    confirm: text.pauseConfirm,
    dismiss: text.keepActive,
  },
};

/** The local provider's self-service: what a customer portal offers with a real billing provider. */
export function LocalSubscriptionActions({ actions }: { actions: LocalSubscriptionAction[] }) {
  const [asking, setAsking] = useState<LocalSubscriptionAction | null>(null);
  const change = useMutation({
    mutationFn: billingApi.localSubscriptionAction,
    onSuccess: (user, action) => {
      queryClient.setQueryData(operationKey('getMe'), user);
      toast.success(text.done[action]);
    },
    onSettled: () => setAsking(null),
  });
  const run = (action: LocalSubscriptionAction) => {
    change.reset();
    if (confirmation[action]) setAsking(action);
    else change.mutate(action);
  };
  const asked = asking ? confirmation[asking] : undefined;

  return (
    <Stack as="section" $gap={2} aria-labelledby="manage-subscription">
      <h2 id="manage-subscription">{text.title}</h2>
      <p>{text.localNote}</p>
      {change.isError ? <Alert tone="danger">{errorMessage(change.error)}</Alert> : null}
      <Row $wrap>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'danger' : 'secondary'}
            loading={change.isPending && change.variables === action}
            disabled={change.isPending}
            onClick={() => run(action)}
          >
            {text[action]}
          </Button>
        ))}
      </Row>
      {asking && asked ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={asked.title}
          description={asked.description}
          confirmLabel={asked.confirm}
          dismissLabel={asked.dismiss}
          loading={change.isPending}
          onConfirm={() => change.mutate(asking)}
        />
      ) : null}
    </Stack>
  );
}
