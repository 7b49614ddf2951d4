import { Card, es, PasswordChangeForm, toast } from '@luz/shared';

const text = es.settings.security;

export function SecurityTab() {
  return (
    <Card aria-labelledby="security-title">
      <h2 id="security-title">{text.title}</h2>
      <p>{text.description}</p>
      <PasswordChangeForm onChanged={() => toast.success(text.saved)} />
    </Card>
  );
}
