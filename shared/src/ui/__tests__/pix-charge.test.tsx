import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PixCharge, pixCodeRows } from '../pix-charge';

const CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano6008BRASILIA62070503***63041D3D';
const QR = 'data:image/png;base64,iVBORw0KGgo=';

describe('PixCharge', () => {
  it('should show the amount, the QR code and the whole code on the page, and copy it', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<PixCharge layout="page" announce waiting amount="R$ 3,00" qrCode={QR} copyPasteCode={CODE} />);

    expect(screen.getByText('R$ 3,00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR Code Pix' })).toHaveAttribute('src', QR);
    const field = screen.getByRole('textbox', { name: 'Pix copia e cola' });
    expect(field).toHaveValue(CODE);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('rows', String(pixCodeRows(CODE)));
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando pagamento...');

    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(await screen.findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
  });

  it('should size the code field from the code: 3 rows at least, 8 at most', () => {
    expect(pixCodeRows('x'.repeat(36))).toBe(3);
    expect(pixCodeRows('x'.repeat(37 * 4))).toBe(5);
    expect(pixCodeRows('x'.repeat(1000))).toBe(8);
  });

  it('should show the dialog layout with its notice and note, and no waiting line unless asked', () => {
    render(
      <PixCharge layout="dialog" amount="R$ 25,00" qrCode={QR} copyPasteCode={CODE} notice={<p>Este Pix expirou.</p>}>
        <p>Este Pix expira em 48 horas.</p>
      </PixCharge>,
    );
    expect(screen.getByText('Este Pix expirou.')).toBeInTheDocument();
    expect(screen.getByText('Este Pix expira em 48 horas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar código' })).toHaveFocus();
    expect(screen.queryByText('Aguardando pagamento...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simular pagamento (sandbox)' })).not.toBeInTheDocument();
  });

  it('should pay in the sandbox, and show what a refused payment says', async () => {
    const user = userEvent.setup();
    const pay = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValueOnce(undefined);
    render(
      <PixCharge
        layout="page"
        announce
        amount="R$ 3,00"
        qrCode={QR}
        copyPasteCode={CODE}
        sandbox={{ pay, failed: () => 'Cobrança expirada ou cancelada.' }}
      />,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Ambiente de testes: nenhum dinheiro real é movimentado.');

    await user.click(within(note).getByRole('button', { name: 'Simular pagamento (sandbox)' }));
    expect(await within(note).findByRole('alert')).toHaveTextContent('Cobrança expirada ou cancelada.');

    await user.click(within(note).getByRole('button', { name: 'Simular pagamento (sandbox)' }));
    expect(pay).toHaveBeenCalledTimes(2);
    expect(within(note).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(note).getByRole('button', { name: 'Simular pagamento (sandbox)' })).toBeEnabled();
  });
});
