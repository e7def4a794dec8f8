import { render, screen } from '@testing-library/react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { AppProviders } from '../app-providers';

function renderDialog({ dividers = false }: { dividers?: boolean } = {}) {
  render(
    <AppProviders>
      <Dialog open aria-labelledby="t">
        <DialogTitle id="t">Título</DialogTitle>
        <DialogContent dividers={dividers} data-testid="content">
          Conteúdo
        </DialogContent>
        <DialogActions data-testid="actions">
          <Button>Voltar</Button>
          <Button variant="contained">Confirmar</Button>
        </DialogActions>
      </Dialog>
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Título' });
  return {
    title: getComputedStyle(screen.getByRole('heading', { name: 'Título' })),
    content: getComputedStyle(screen.getByTestId('content')),
    actions: getComputedStyle(screen.getByTestId('actions')),
    secondButton: getComputedStyle(dialog.querySelector('button:last-of-type') as HTMLElement),
  };
}

describe('rifariaTheme dialogs', () => {
  it.each([false, true])(
    'should give the action buttons the same side padding as the content (dividers: %s)',
    (dividers) => {
      const { title, content, actions } = renderDialog({ dividers });
      expect(content.paddingLeft).toBe('24px');
      expect(actions.paddingLeft).toBe(content.paddingLeft);
      expect(actions.paddingRight).toBe(content.paddingRight);
      expect(title.paddingLeft).toBe(content.paddingLeft);
    },
  );

  it('should space the buttons with a gap that survives wrapping, not a left margin', () => {
    const { actions, secondButton } = renderDialog();
    expect(actions.flexWrap).toBe('wrap-reverse');
    expect(actions.gap).toBe('8px');
    expect(secondButton.marginLeft).not.toBe('8px');
  });
});
