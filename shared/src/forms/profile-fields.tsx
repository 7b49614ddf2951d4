import { TextField } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import type { UserPublic } from '../contract';

type Profile = Pick<UserPublic, 'full_name' | 'email' | 'company_name'>;

/**
 * A user's name, e-mail and company as form fields named as the API's body. The browser may fill
 * them in only on one's own profile: a superuser editing someone else must not get their own data.
 */
export function ProfileFields({
  user,
  errors,
  ownProfile = false,
}: {
  user: Profile;
  errors: Partial<Record<keyof Profile, string>>;
  ownProfile?: boolean;
}) {
  return (
    <>
      <TextField
        label={es.auth.fullName}
        name="full_name"
        defaultValue={user.full_name}
        autoComplete={ownProfile ? 'name' : 'off'}
        error={errors.full_name}
      />
      <TextField
        label={es.auth.email}
        name="email"
        type="email"
        defaultValue={user.email}
        autoComplete={ownProfile ? 'email' : 'off'}
        error={errors.email}
      />
      <TextField
        label={es.auth.companyName}
        name="company_name"
        defaultValue={user.company_name}
        autoComplete={ownProfile ? 'organization' : 'off'}
        error={errors.company_name}
      />
    </>
  );
}

/** The values of the ProfileFields of a submitted form, for its schema to check. */
export function profileValues(data: FormData) {
  return {
    full_name: data.get('full_name'),
    email: data.get('email'),
    company_name: data.get('company_name'),
  };
}
