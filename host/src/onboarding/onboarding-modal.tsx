import { Button, CredentialForm, es, Modal, toast } from '@luz/shared';

/**
 * Shown instead of the content while the user has no portal credential (spec §2). Adding the
 * first one refreshes the current user (CredentialForm), whose has_credentials turns true, and
 * the layout shows the content in place: no reload.
 */
export function OnboardingModal({ onLogout }: { onLogout: () => void }) {
  return (
    <Modal open title={es.onboarding.title} description={es.onboarding.message}>
      <CredentialForm
        onCreated={() => toast.success(es.credentials.linked)}
        extraActions={
          <Button variant="ghost" onClick={onLogout}>
            {es.auth.logout}
          </Button>
        }
      />
    </Modal>
  );
}
