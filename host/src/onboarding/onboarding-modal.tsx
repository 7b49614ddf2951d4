import { Button, type Credential, CredentialForm, es, Modal, startAccountImport, toast } from '@luz/shared';

/**
 * The first account's services, receipts and payments are imported at once (a sync of its portal
 * space), so the user does not land on an empty list. Not awaited: the modal is gone by then, and
 * the sync area shows the progress.
 */
function importFirstAccount(credential: Credential) {
  toast.success(es.credentials.linked);
  void startAccountImport(credential);
}

/**
 * Shown instead of the content while the user has no portal credential (spec §2). Adding the
 * first one refreshes the current user (CredentialForm), whose has_credentials turns true, and
 * the layout shows the content in place: no reload. Its import starts right away.
 */
export function OnboardingModal({ onLogout }: { onLogout: () => void }) {
  return (
    <Modal open title={es.onboarding.title} description={es.onboarding.message}>
      <CredentialForm
        onCreated={importFirstAccount}
        extraActions={
          <Button variant="ghost" onClick={onLogout}>
            {es.auth.logout}
          </Button>
        }
      />
    </Modal>
  );
}
