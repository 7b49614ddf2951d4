/** Whose record a row is: the owner's e-mail and, below it, their company. */
export function OwnerCell({ email, company }: { email: string; company: string }) {
  return (
    <div>
      <div>{email}</div>
      <small>{company}</small>
    </div>
  );
}
