import {
  type CaptchaChallenge,
  credentialsApi,
  darkTheme,
  familyKey,
  http,
  type SyncEvent,
  syncApi,
} from '@luz/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SyncItem, useSyncEventArea } from './sync-event-area';
import { type SyncEventSocket, syncEventFromAssociation, type WaitingCaptcha } from './sync-event-socket';
import { createThrottledInvalidator, staleFamilies } from './use-sync-events';

const event = (overrides: Partial<SyncEvent> = {}): SyncEvent => ({
  event_type: 'progress',
  attempt: 0,
  chain_step: 'syncing_portal',
  chain_workflow: 1,
  progress: 33,
  status: 0,
  task_id: '8c1f3d4e-2b7a-4c59-9e61-0a2d5f3b7c90',
  task_association_id: '0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b',
  rpu_id: null,
  credential_id: null,
  service_number: '123456789012',
  credential_label: null,
  alias: null,
  message: 'Descargando recibos del portal de CFE…',
  timestamp: '2026-11-15T12:00:00.000Z',
  ...overrides,
});

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={darkTheme}>
        <ul>{children}</ul>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

test('a running sync shows its service, step, message and a neutral bar', () => {
  render(wrap(<SyncItem event={event()} />));
  const item = screen.getByTestId('sync-item');
  expect(within(item).getByText('123456789012')).toBeInTheDocument();
  expect(within(item).getByText(/Sincronizando con el portal de CFE/)).toBeInTheDocument();
  expect(within(item).getByText('Descargando recibos del portal de CFE…')).toBeInTheDocument();
  const bar = within(item).getByRole('progressbar');
  expect(bar).toHaveAttribute('aria-valuenow', '33');
  expect(bar).toHaveAttribute('data-tone', 'info');
  expect(within(item).queryByText(/intento/)).not.toBeInTheDocument();
});

test('"intento n+1 de 3" while a retry runs or waits, not once the sync has finished', () => {
  const { rerender } = render(wrap(<SyncItem event={event({ attempt: 1, status: 4 })} />));
  expect(screen.getByText('intento 2 de 3')).toBeInTheDocument();
  rerender(wrap(<SyncItem event={event({ attempt: 2 })} />));
  expect(screen.getByText('intento 3 de 3')).toBeInTheDocument();
  rerender(wrap(<SyncItem event={event({ attempt: 2, event_type: 'error', status: 2, progress: 100 })} />));
  expect(screen.queryByText(/intento/)).not.toBeInTheDocument();
});

test('success is green; an error is red, with its Spanish message and a retry', async () => {
  const { rerender } = render(
    wrap(
      <SyncItem
        event={event({ event_type: 'success', status: 1, progress: 100, message: 'Sincronizado.' })}
      />,
    ),
  );
  expect(screen.getByRole('progressbar')).toHaveAttribute('data-tone', 'success');
  expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();

  const retry = jest.spyOn(syncApi, 'userRetry').mockResolvedValue([]);
  const message = 'El portal de CFE rechazó el usuario o la contraseña.';
  rerender(wrap(<SyncItem event={event({ event_type: 'error', status: 3, progress: 100, message })} />));
  expect(screen.getByRole('progressbar')).toHaveAttribute('data-tone', 'danger');
  expect(screen.getByText(message)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(retry).toHaveBeenCalledWith({ task_association_ids: ['0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b'] });
});

test('the account-wide step of a portal-space sync is named as the account', () => {
  render(
    wrap(
      <SyncItem event={event({ service_number: null, chain_step: 'fetching_data', chain_workflow: 2 })} />,
    ),
  );
  expect(screen.getByText('Cuenta de CFE')).toBeInTheDocument();
  expect(screen.getByText(/Obteniendo datos/)).toBeInTheDocument();
});

test('each entry names its CFE account and, for a service, its alias and number (issue 15)', () => {
  render(
    wrap(
      <ul>
        <SyncItem
          event={event({ service_number: null, credential_label: 'Corporativo', chain_workflow: 2 })}
        />
        <SyncItem
          event={event({
            task_association_id: 'c7d1e2f3-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
            credential_label: 'planta@cfe.test',
            alias: 'Planta Norte',
          })}
        />
      </ul>,
    ),
  );
  const items = screen.getAllByTestId('sync-item');
  expect(items[0]).toHaveAccessibleName('Cuenta de CFE «Corporativo»');
  expect(items[1]).toHaveAccessibleName('Planta Norte · 123456789012');
  expect(items[1]).toHaveTextContent('Cuenta de CFE «planta@cfe.test»');
});

test('events make the lists they change stale: service points when a run starts, everything when it ends', () => {
  expect(staleFamilies(event({ progress: 0 }))).toEqual([familyKey('rpus'), familyKey('tasks')]);
  expect(staleFamilies(event({ progress: 50 }))).toEqual([familyKey('tasks')]);
  expect(staleFamilies(event({ event_type: 'success', status: 1 }))).toEqual(
    expect.arrayContaining([
      familyKey('rpus'),
      familyKey('periods'),
      familyKey('payment-history'),
      familyKey('credentials'),
    ]),
  );
});

test('a burst of events refreshes each list once at once and once after the interval', () => {
  jest.useFakeTimers();
  const calls: unknown[] = [];
  const invalidator = createThrottledInvalidator((family) => calls.push(family), 1_000);
  for (let index = 0; index < 100; index++) invalidator.add(familyKey('rpus'));
  invalidator.add(familyKey('tasks'));
  expect(calls).toEqual([familyKey('rpus'), familyKey('tasks')]);
  jest.advanceTimersByTime(1_000);
  expect(calls).toEqual([familyKey('rpus'), familyKey('tasks'), familyKey('rpus')]);
  jest.advanceTimersByTime(5_000);
  expect(calls).toHaveLength(3);
  invalidator.cancel();
});

test('a service point already inside a running task becomes the event of its last step', () => {
  const association = {
    task_association_id: '0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b',
    task_id: '8c1f3d4e-2b7a-4c59-9e61-0a2d5f3b7c90',
    rpu_id: null,
    credential_id: null,
    credential_label: 'Planta Norte',
    service_number: '123456789012',
    alias: 'Planta',
    chain_workflow: 1,
    chain_step: 'syncing_portal',
    attempt: 1,
    status: 4,
    progress: 33,
    message: 'Descargando recibos del portal de CFE…',
    periods_count: 0,
    created_at: '2026-11-15T11:59:00.000Z',
    updated_at: '2026-11-15T12:00:00.000Z',
    finished_at: null,
  } as const;
  expect(syncEventFromAssociation(association)).toEqual(
    event({ attempt: 1, status: 4, credential_label: 'Planta Norte', alias: 'Planta' }),
  );
  expect(
    syncEventFromAssociation({
      ...association,
      status: 1,
      progress: 100,
      finished_at: association.updated_at,
    }),
  ).toMatchObject({ event_type: 'success', progress: 100 });
  expect(
    syncEventFromAssociation({ ...association, status: 3, finished_at: association.updated_at }),
  ).toMatchObject({ event_type: 'error', status: 3 });
});

function AreaHarness({ socket }: { socket: SyncEventSocket }) {
  const { toggle, panel } = useSyncEventArea(socket);
  return (
    <>
      {toggle}
      {panel}
    </>
  );
}

const noCaptchas: WaitingCaptcha[] = [];

/** A socket that changes nothing, showing `snapshot` in the state `overrides` give. */
function fakeSocket(snapshot: SyncEvent[], overrides: Partial<SyncEventSocket> = {}): SyncEventSocket {
  return {
    subscribe: () => () => undefined,
    current: () => snapshot,
    connection: () => 'open',
    onChange: () => () => undefined,
    retryAt: () => null,
    closedBecause: () => null,
    clearFinished: () => undefined,
    close: () => undefined,
    captchas: () => noCaptchas,
    onCaptcha: () => () => undefined,
    dismissCaptcha: () => undefined,
    ...overrides,
  };
}

/** The API's answer to the prompt's read of the waiting CAPTCHA, at the HTTP client's edge. */
function serveCaptcha(challenge: CaptchaChallenge) {
  const previous = http.defaults.adapter;
  http.defaults.adapter = async (config) => {
    if (config.method !== 'get' || config.url !== `/credentials/${CREDENTIAL}/captcha`)
      throw new Error(`unexpected request ${config.method} ${config.url}`);
    return { data: challenge, status: 200, statusText: 'OK', headers: {}, config };
  };
  return () => {
    http.defaults.adapter = previous;
  };
}

function renderArea(socket: SyncEventSocket) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={darkTheme}>
        <AreaHarness socket={socket} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

test('Escape closes the sync area and gives the focus back to its button', async () => {
  renderArea(fakeSocket([event()]));
  const user = userEvent.setup();
  const toggle = screen.getByRole('button', { name: /^Sincronizaciones/ });
  await user.click(toggle);
  expect(screen.getByRole('complementary', { name: 'Sincronizaciones' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('complementary', { name: 'Sincronizaciones' })).not.toBeInTheDocument();
  expect(toggle).toHaveFocus();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a socket the server closed for having too many open says so in Spanish, with the retry', async () => {
  renderArea(
    fakeSocket([], {
      connection: () => 'closed',
      retryAt: () => Date.now() + 8_000,
      closedBecause: () => 'tooManyConnections',
    }),
  );
  await userEvent.setup().click(screen.getByRole('button', { name: /^Sincronizaciones/ }));
  expect(screen.getByRole('status')).toHaveTextContent(
    /^Tienes Luz abierto en demasiadas pestañas o ventanas: cierra alguna para ver el avance en vivo aquí\. Reintentando en 8 s…$/,
  );
});

const CREDENTIAL = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const challenge = (id: string, image: string): CaptchaChallenge => ({
  challenge_id: id,
  credential_id: CREDENTIAL,
  cfe_user: 'empresa.demo',
  image: `data:image/svg+xml;base64,${btoa(`<svg>${image}</svg>`)}`,
  issued_at: '2026-11-15T12:00:00.000Z',
  expires_at: '2026-11-15T12:05:00.000Z',
});

test("CFE's CAPTCHA opens the area with its image and a focused input; a wrong answer shows the next image, Enter sends", async () => {
  const first = challenge('1b4e28ba-2fa1-41d2-883f-0016d3cca427', 'uno');
  const second = challenge('2b4e28ba-2fa1-41d2-883f-0016d3cca427', 'dos');
  const waiting: WaitingCaptcha = {
    credentialId: CREDENTIAL,
    cfeUser: 'empresa.demo',
    challengeId: first.challenge_id,
    message: null,
  };
  let announce: (captcha: WaitingCaptcha) => void = () => undefined;
  const dismissed: string[] = [];
  const restoreHttp = serveCaptcha(first);
  const answered = jest
    .spyOn(credentialsApi, 'answerCaptcha')
    .mockResolvedValueOnce({
      state: 'captcha',
      message: 'Los caracteres no coinciden con la imagen. Resuelve el nuevo captcha de CFE.',
      challenge: second,
    })
    .mockResolvedValueOnce({ state: 'connected', message: 'Conectado con CFE.', challenge: null });
  const renewed = jest
    .spyOn(credentialsApi, 'newCaptcha')
    .mockResolvedValue({ state: 'captcha', message: 'Resuelve el captcha de CFE.', challenge: second });
  const captchas = [waiting];
  renderArea(
    fakeSocket([], {
      captchas: () => captchas,
      onCaptcha: (listener) => {
        announce = listener;
        return () => undefined;
      },
      dismissCaptcha: (credentialId) => dismissed.push(credentialId),
    }),
  );
  const user = userEvent.setup();
  expect(screen.getByRole('button', { name: /captcha de CFE pendiente/ })).toBeInTheDocument();
  act(() => announce(waiting));

  const image = await screen.findByRole('img', { name: 'Captcha de CFE de la cuenta empresa.demo' });
  expect(image).toHaveAttribute('src', first.image);
  const input = screen.getByLabelText('Caracteres de la imagen');
  expect(input).toHaveFocus();

  await user.keyboard('aK7pQ{Enter}');
  expect(answered).toHaveBeenCalledWith(CREDENTIAL, { challenge_id: first.challenge_id, answer: 'aK7pQ' });
  expect(await screen.findByText(/no coinciden con la imagen/)).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /Captcha de CFE/ })).toHaveAttribute('src', second.image);
  expect(input).toHaveValue('');
  expect(input).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Otra imagen' }));
  expect(renewed).toHaveBeenCalledWith(CREDENTIAL);

  await user.type(input, 'Zz9{Enter}');
  expect(answered).toHaveBeenLastCalledWith(CREDENTIAL, { challenge_id: second.challenge_id, answer: 'Zz9' });
  await waitFor(() => expect(dismissed).toEqual([CREDENTIAL]));
  restoreHttp();
  answered.mockRestore();
  renewed.mockRestore();
});

test("the consultation's CAPTCHA: the answer goes to the paused sync and the prompt closes", async () => {
  const first = challenge('3b4e28ba-2fa1-41d2-883f-0016d3cca427', 'consulta');
  const waiting: WaitingCaptcha = {
    credentialId: CREDENTIAL,
    cfeUser: 'empresa.demo',
    challengeId: first.challenge_id,
    message: null,
  };
  let announce: (captcha: WaitingCaptcha) => void = () => undefined;
  const dismissed: string[] = [];
  const restoreHttp = serveCaptcha(first);
  const message =
    'Respuesta enviada a la consulta de recibos de CFE: la sincronización continúa. Si no coincide, verás otra imagen.';
  const answered = jest
    .spyOn(credentialsApi, 'answerCaptcha')
    .mockResolvedValue({ state: 'answered', message, challenge: null });
  const captchas = [waiting];
  renderArea(
    fakeSocket([], {
      captchas: () => captchas,
      onCaptcha: (listener) => {
        announce = listener;
        return () => undefined;
      },
      dismissCaptcha: (credentialId) => dismissed.push(credentialId),
    }),
  );
  act(() => announce(waiting));
  await screen.findByRole('img', { name: 'Captcha de CFE de la cuenta empresa.demo' });
  await userEvent.setup().keyboard('Qw3rt{Enter}');
  expect(answered).toHaveBeenCalledWith(CREDENTIAL, { challenge_id: first.challenge_id, answer: 'Qw3rt' });
  await waitFor(() => expect(dismissed).toEqual([CREDENTIAL]));
  restoreHttp();
  answered.mockRestore();
});
