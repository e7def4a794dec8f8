import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { useBackToClose } from '../use-back-to-close';

let navigateOf: NavigateFunction = () => undefined;

/** The page behind the dialog: a button opens it; Back is the history's -1 (what the browser's button does). */
function Page({ stayOnBack = false }: { stayOnBack?: boolean }) {
  const [open, setOpen] = useState(false);
  const [backs, setBacks] = useState(0);
  navigateOf = useNavigate();
  const location = useLocation();
  useBackToClose(open, () => {
    setBacks((n) => n + 1);
    if (stayOnBack) return false;
    setOpen(false);
    return undefined;
  });
  return (
    <>
      <button onClick={() => setOpen(true)}>Abrir</button>
      {open && <button onClick={() => setOpen(false)}>Fechar</button>}
      {open && (
        <button
          onClick={() => {
            setOpen(false);
            navigateOf('/outra');
          }}
        >
          Fechar e ir
        </button>
      )}
      <output aria-label="estado">{`${open ? 'aberto' : 'fechado'} ${backs} ${location.key}`}</output>
      <output aria-label="endereço">{location.pathname}</output>
    </>
  );
}

function renderPage(stayOnBack = false) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/antes', '/campanhas']} initialIndex={1}>
      <Page stayOnBack={stayOnBack} />
    </MemoryRouter>,
  );
  return { user };
}

const state = () => screen.getByRole('status', { name: 'estado' }).textContent ?? '';
const back = () => act(() => void navigateOf(-1));

describe('useBackToClose', () => {
  it('should close the dialog on Back and stay on the page', async () => {
    const { user } = renderPage();
    const before = state().split(' ')[2];
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(state()).toMatch(/^aberto 0/);
    back();
    expect(state()).toBe(`fechado 1 ${before}`);
    // The next Back leaves the page as it would have without the dialog.
    back();
    expect(state()).not.toContain(before);
  });

  it('should take its entry off when closed by a button, so Back then leaves the page', async () => {
    const { user } = renderPage();
    const before = state().split(' ')[2];
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(state()).toBe(`fechado 0 ${before}`);
    back();
    expect(state()).not.toContain(before);
    expect(state()).toMatch(/^fechado 0/);
  });

  it('should not undo a navigation made by the click that closes the dialog', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Fechar e ir' }));
    expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('/outra');
  });

  it('should stay open and catch the next Back too when onBack returns false', async () => {
    const { user } = renderPage(true);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    back();
    expect(state()).toMatch(/^aberto 1/);
    back();
    expect(state()).toMatch(/^aberto 2/);
  });
});
