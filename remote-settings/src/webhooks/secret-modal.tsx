import { Button, es, Modal, ModalActions, SecretReveal } from '@luz/shared';
import { settingsText } from '../text';

const text = settingsText.webhooks;

/** The signing secret right after creation or rotation: the only time it is shown. */
export function SecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={text.secretTitle}>
      <SecretReveal value={secret} warning={text.secretShownOnce} testId="webhook-secret" />
      <ModalActions>
        <Button onClick={onClose}>{es.common.close}</Button>
      </ModalActions>
    </Modal>
  );
}
