import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CopyButton } from '../copy-button';
import { MoneyField } from '../money-field';

function Money() {
  const [value, setValue] = useState('');
  return <MoneyField label="Valor" value={value} onChange={setValue} />;
}

describe('MoneyField', () => {
  it('should read the digits typed as centavos', async () => {
    const user = userEvent.setup();
    render(<Money />);
    const input = screen.getByRole('textbox', { name: 'Valor' });
    await user.type(input, '2500');
    expect(input).toHaveValue('25,00');
    await user.type(input, '00');
    expect(input).toHaveValue('2.500,00');
  });
});

describe('CopyButton', () => {
  it('should copy and say "Copiado!" for 2 s', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      render(<CopyButton text="000201abc" label="Copiar código" />);
      await user.click(screen.getByRole('button', { name: 'Copiar código' }));
      expect(await screen.findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith('000201abc');
      act(() => {
        jest.advanceTimersByTime(1_900);
      });
      expect(screen.getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(100);
      });
      expect(screen.getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
