import { Button, es, Modal, ModalActions, SecretReveal } from '@luz/shared';

/** A secret right after it is made (a webhook's signing secret, an API token): the only time it is shown. */
export function SecretModal({
  secret,
  title,
  warning,
  testId,
  onClose,
}: {
  secret: string;
  title: string;
  warning: string;
  testId: string;
  onClose: () => void;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <SecretReveal value={secret} warning={warning} testId={testId} />
      <ModalActions>
        <Button onClick={onClose}>{es.common.close}</Button>
      </ModalActions>
    </Modal>
  );
}
