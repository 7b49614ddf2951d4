import { Button, CredentialForm, es, Modal } from '@luz/shared';

/**
 * Shown instead of the content while the user has no portal credential (spec §2). Adding the
 * first one refreshes the current user, and the content appears without a reload.
 */
export function OnboardingModal({ onLogout }: { onLogout: () => void }) {
  return (
    <Modal open title={es.onboarding.title} description={es.onboarding.message}>
      <CredentialForm
        onCreated={() => undefined}
        extraActions={
          <Button variant="ghost" onClick={onLogout}>
            {es.auth.logout}
          </Button>
        }
      />
    </Modal>
  );
}
