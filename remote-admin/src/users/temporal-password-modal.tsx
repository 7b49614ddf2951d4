import {
  Alert,
  Button,
  errorMessage,
  es,
  Modal,
  ModalActions,
  SecretReveal,
  Stack,
  type UserPublic,
  usersApi,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { adminText } from '../text';

const text = adminText.users;

/** Generates a temporary password, shown once; the user must change it at the next login. */
export function TemporalPasswordModal({ user, onClose }: { user: UserPublic; onClose: () => void }) {
  const generate = useMutation({ mutationFn: () => usersApi.setTemporalPassword(user.id) });
  const password = generate.data?.temporal_password;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.temporalPasswordTitle(user.full_name || user.email)}
      description={password ? undefined : text.temporalPasswordConfirm}
    >
      <Stack>
        {generate.isError ? <Alert tone="danger">{errorMessage(generate.error)}</Alert> : null}
        {password ? (
          <SecretReveal
            value={password}
            warning={text.temporalPasswordShownOnce}
            testId="temporal-password"
          />
        ) : null}
      </Stack>
      <ModalActions>
        {password ? (
          <Button onClick={onClose}>{es.common.close}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {es.common.cancel}
            </Button>
            <Button onClick={() => generate.mutate()} loading={generate.isPending}>
              {text.temporalPasswordGenerate}
            </Button>
          </>
        )}
      </ModalActions>
    </Modal>
  );
}
