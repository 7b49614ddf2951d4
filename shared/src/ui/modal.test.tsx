import { darkTheme } from '@luz/shared/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { ConfirmDialog, FormModal, Modal } from './modal';

/** A dialog opened from state, as every screen of the product opens them (no Dialog.Trigger). */
function MountedOnDemand() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Agregar servicio
      </button>
      {open ? (
        <Modal open onOpenChange={(next) => !next && setOpen(false)} title="Agregar servicio">
          {/* biome-ignore lint/a11y/noAutofocus: the product's forms focus their first field */}
          <input aria-label="Número de servicio" autoFocus />
          <button type="button" onClick={() => setOpen(false)}>
            Cancelar
          </button>
        </Modal>
      ) : null}
    </>
  );
}

function AlwaysMounted() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Eliminar?"
        description="No se puede deshacer."
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

function ClosesWithItsOpener() {
  const [selected, setSelected] = useState(true);
  const [open, setOpen] = useState(false);
  return (
    <main tabIndex={-1}>
      {selected ? (
        <button type="button" onClick={() => setOpen(true)}>
          Eliminar seleccionados
        </button>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Eliminar?"
        description="No se puede deshacer."
        onConfirm={() => {
          setSelected(false);
          setOpen(false);
        }}
      />
    </main>
  );
}

const renderThemed = (ui: ReactNode) => render(<ThemeProvider theme={darkTheme}>{ui}</ThemeProvider>);

test('Escape closes a dialog opened from state and gives focus back to the button that opened it', async () => {
  const user = userEvent.setup();
  renderThemed(<MountedOnDemand />);
  await user.click(screen.getByRole('button', { name: 'Agregar servicio' }));
  expect(screen.getByLabelText('Número de servicio')).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Agregar servicio' })).toHaveFocus());
});

test('a cancelled confirmation gives focus back to the button that asked for it', async () => {
  const user = userEvent.setup();
  renderThemed(<AlwaysMounted />);
  await user.click(screen.getByRole('button', { name: 'Eliminar' }));
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Eliminar' })).toHaveFocus());
});

test('when the opener is gone after the action, focus lands on the main region instead of the page body', async () => {
  const user = userEvent.setup();
  renderThemed(<ClosesWithItsOpener />);
  await user.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

test('a form dialog shows the form error, submits with Enter and closes on "Cancelar" or Escape', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = jest.fn();
  render(
    <ThemeProvider theme={darkTheme}>
      <FormModal
        title="Editar alias"
        onClose={onClose}
        onSubmit={onSubmit}
        message="No pudimos guardar el alias."
        submitLabel="Guardar"
        submitting={false}
      >
        <input aria-label="Alias" />
      </FormModal>
    </ThemeProvider>,
  );
  expect(screen.getByRole('dialog', { name: 'Editar alias' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar el alias.');
  await user.type(screen.getByRole('textbox', { name: 'Alias' }), 'Planta{Enter}');
  expect(onSubmit).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(2);
});
