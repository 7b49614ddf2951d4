import { Button, es, Modal, operationKey, PasswordChangeForm, queryClient } from '@luz/shared';

/** A user with a temporary password chooses a new one before anything else. */
export function PasswordChangeModal({ onLogout }: { onLogout: () => void }) {
  return (
    <Modal open title={es.auth.mustChangePasswordTitle} description={es.auth.mustChangePasswordMessage}>
      <PasswordChangeForm
        onChanged={() => void queryClient.invalidateQueries({ queryKey: operationKey('getMe') })}
        extraActions={
          <Button variant="ghost" onClick={onLogout}>
            {es.auth.logout}
          </Button>
        }
      />
    </Modal>
  );
}
