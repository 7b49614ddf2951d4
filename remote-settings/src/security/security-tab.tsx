import { Card, PasswordChangeForm, toast } from '@luz/shared';
import { settingsText } from '../text';

const text = settingsText.security;

export function SecurityTab() {
  return (
    <Card aria-labelledby="security-title">
      <h2 id="security-title">{text.title}</h2>
      <p>{text.description}</p>
      <PasswordChangeForm onChanged={() => toast.success(text.saved)} />
    </Card>
  );
}
