import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Button } from '@mui/material';
import { FormDialog } from '../form-dialog';
import { StepList } from '../step-list';
import { TabbedPanels } from '../tabbed-panels';

describe('FormDialog as a dialog shell', () => {
  it('should name the dialog by its title, show no × when asked, and put the content over the actions', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <MemoryRouter>
        <FormDialog
          open
          onClose={onClose}
          titleId="shell-title"
          title="Cancelar campanha"
          closeButton={false}
          actions={<Button onClick={onClose}>Voltar</Button>}
        >
          Tem certeza?
        </FormDialog>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancelar campanha' });
    expect(within(dialog).getByText('Tem certeza?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Fechar janela' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should submit its form with Enter, and stay open on Escape while busy', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const onClose = jest.fn();
    const drawDialog = (busy: boolean) => (
      <MemoryRouter>
        <FormDialog
          open
          busy={busy}
          onClose={onClose}
          titleId="draw-title"
          title="Realizar Sorteio"
          onSubmit={onSubmit}
          actions={<Button type="submit">Realizar Sorteio</Button>}
        >
          <input aria-label="Número do concurso" />
        </FormDialog>
      </MemoryRouter>
    );
    const { rerender } = render(drawDialog(false));
    const dialog = screen.getByRole('dialog', { name: 'Realizar Sorteio' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Número do concurso' }), '6000{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'Fechar janela' })).toBeInTheDocument();

    rerender(drawDialog(true));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('StepList', () => {
  it('should number the steps in a list named by its label', () => {
    render(<StepList label="Como pagar" steps={['Abra o app do banco.', 'Escaneie o QR Code.']} />);
    const list = screen.getByRole('list', { name: 'Como pagar' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Abra o app do banco.', 'Escaneie o QR Code.']);
  });
});

describe('TabbedPanels', () => {
  it('should show the chosen tab panel and keep the others mounted, hidden', async () => {
    const user = userEvent.setup();
    render(
      <TabbedPanels
        label="Seções da campanha"
        id="edit"
        tabs={['Dados', 'Prêmios']}
        panels={[<input key="dados" aria-label="Nome" />, <p key="premios">Lista de prêmios</p>]}
      />,
    );
    const tabs = screen.getByRole('tablist', { name: 'Seções da campanha' });
    expect(within(tabs).getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    const first = screen.getByRole('tabpanel', { name: 'Dados' });
    await user.type(within(first).getByRole('textbox', { name: 'Nome' }), 'Rifa');

    await user.click(within(tabs).getByRole('tab', { name: 'Prêmios' }));
    expect(screen.getByRole('tabpanel', { name: 'Prêmios' })).toHaveTextContent('Lista de prêmios');
    expect(screen.queryByRole('tabpanel', { name: 'Dados' })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Dados' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Dados' })).getByRole('textbox', { name: 'Nome' })).toHaveValue(
      'Rifa',
    );
  });
});
