import { formBody } from './forms';
import { connectorMessages } from './messages';
import { type Navigator, pageOf, unknownPage } from './navigation';
import { isLoggedInPage, pageMessage, pageText, registeredServices, says, serviceOptions } from './pages';
import { type AccountService, CfePortalError, type LinkRequest, type PortalCredential } from './portal';
import type { PortalSession } from './session';
import { controls, messages, miEspacioPath } from './site';

const secretsOf = (credential: PortalCredential) => [credential.password, credential.cfeUser];

/** The services of the account: Default.aspx's drop-down (an empty account shows no drop-down). */
export async function listServices(
  navigator: Navigator,
  session: PortalSession,
  credential: PortalCredential,
): Promise<AccountService[]> {
  const request = { during: 'services', secrets: secretsOf(credential) };
  const page = await pageOf(navigator, session, {
    method: 'GET',
    url: navigator.http.url(miEspacioPath('home')),
    authenticated: true,
    ...request,
  });
  const options = serviceOptions(page);
  if (options) return options.map(({ serviceNumber, alias }) => ({ serviceNumber, alias }));
  if (isLoggedInPage(page)) return [];
  throw await unknownPage(navigator, page, request);
}

/** AgregarServicio's answers, in the order they are told apart (the total's message also says "no coincide"). */
const linkOutcomes: [phrase: string, outcome: 'added' | ((serviceNumber: string) => CfePortalError)][] = [
  [messages.serviceAdded, 'added'],
  ['ya se encuentra registrado', 'added'],
  [
    'total a pagar no coincide',
    (number) => new CfePortalError('total_mismatch', connectorMessages.totalMismatch(number)),
  ],
  ['no coincide', (number) => new CfePortalError('name_mismatch', connectorMessages.nameMismatch(number))],
  ['campos obligatorios', () => new CfePortalError('required_fields', connectorMessages.requiredFields)],
  ['agregar mas servicios', () => new CfePortalError('service_limit', connectorMessages.serviceLimit)],
  ['no existe', (number) => new CfePortalError('unknown_service', connectorMessages.unknownService(number))],
];

/**
 * Adds a service to the account as CFE asks (AgregarServicio.aspx): number, the holder's name as
 * CFE has it, the whole-peso total to pay of the last or second-to-last receipt, and an alias.
 * With a cap, AdministrarServicios is counted first and nothing is posted beyond it.
 */
export async function linkService(
  navigator: Navigator,
  session: PortalSession,
  credential: PortalCredential,
  link: LinkRequest,
): Promise<void> {
  const request = { during: 'link', secrets: secretsOf(credential) };
  if (link.serviceCap !== null) {
    const page = await pageOf(navigator, session, {
      method: 'GET',
      url: navigator.http.url(miEspacioPath('services')),
      authenticated: true,
      ...request,
    });
    const registered = registeredServices(page);
    if (!registered) throw await unknownPage(navigator, page, request);
    if (registered.includes(link.serviceNumber)) return;
    if (registered.length >= link.serviceCap)
      throw new CfePortalError(
        'service_cap',
        connectorMessages.serviceCap(registered.length, link.serviceCap),
      );
  }
  const form = await pageOf(navigator, session, {
    method: 'GET',
    url: navigator.http.url(miEspacioPath('addService')),
    authenticated: true,
    ...request,
  });
  if (!form.form || form.$(`input[name="${controls.serviceNumber.name}"]`).length === 0)
    throw await unknownPage(navigator, form, request);
  const answer = await pageOf(navigator, session, {
    method: 'POST',
    url: form.form.action,
    form: formBody(form.form, {
      [controls.serviceNumber.name]: link.serviceNumber,
      [controls.holderName.name]: link.holderName.trim(),
      [controls.totalToPay.name]: String(Math.trunc(link.totalToPay)),
      [controls.alias.name]: link.alias.trim().slice(0, 40),
      [controls.saveButton.name]: 'Guardar',
    }),
    authenticated: true,
    ...request,
  });
  const said = pageMessage(answer) || pageText(answer);
  const outcome = linkOutcomes.find(([phrase]) => says(said, phrase))?.[1];
  if (outcome === 'added') return;
  if (outcome) throw outcome(link.serviceNumber);
  throw await unknownPage(navigator, answer, request);
}
