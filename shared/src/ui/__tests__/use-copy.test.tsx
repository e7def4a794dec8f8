import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from '../copy-button';

/**
 * What a browser does on document.execCommand('copy'): a copy event at the focused element; the clipboard then holds
 * the data a listener set on the event (when it prevented the default), or else the selected text.
 */
function browserCopyCommand(): { clipboard: () => string } {
  let clipboard = 'conteúdo anterior';
  document.execCommand = jest.fn((command: string) => {
    if (command !== 'copy') return false;
    const data = new Map<string, string>();
    const event = new Event('copy', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', {
      value: { setData: (type: string, value: string) => data.set(type, value) },
    });
    (document.activeElement ?? document.body).dispatchEvent(event);
    clipboard = event.defaultPrevented ? (data.get('text/plain') ?? '') : String(document.getSelection());
    return true;
  });
  return { clipboard: () => clipboard };
}

describe('copying where the Clipboard API is refused (the site opened over http at a LAN address)', () => {
  const original = document.execCommand;
  afterEach(() => {
    document.execCommand = original;
  });

  it('should copy the text from a button inside a dialog, whose focus trap keeps the focus', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    const browser = browserCopyCommand();
    render(
      <Dialog open aria-labelledby="share-title">
        <DialogTitle id="share-title">Compartilhar campanha</DialogTitle>
        <DialogContent>
          <CopyButton text="http://192.0.2.2:8080/p/rifa-do-carro" label="Copiar link" />
        </DialogContent>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Compartilhar campanha' });
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await within(dialog).findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(browser.clipboard()).toBe('http://192.0.2.2:8080/p/rifa-do-carro');
  });
});
