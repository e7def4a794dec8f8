import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSchema } from '../../schemas';
import { AppProviders } from '../app-providers';
import { PasswordField } from '../password-field';
import { toast, useToastStore } from '../toast';
import { useDebouncedValidation } from '../use-debounced-validation';

afterEach(() => useToastStore.getState().clear());

describe('PasswordField', () => {
  it('should toggle visibility with an accessible button', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Senha" defaultValue="segredo" />);
    const input = screen.getByLabelText('Senha');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar senha' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('toast', () => {
  it('should show a toast with title and description and hide it after its duration', async () => {
    jest.useFakeTimers();
    try {
      render(<AppProviders>conteúdo</AppProviders>);
      act(() => {
        toast.success('Dados salvos com sucesso!', 'Campanha atualizada com sucesso!', { duration: 4000 });
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Dados salvos com sucesso!');
      expect(screen.getByRole('alert')).toHaveTextContent('Campanha atualizada com sucesso!');
      expect(useToastStore.getState().toasts[0]?.duration).toBe(4000);

      act(() => {
        jest.advanceTimersByTime(3900);
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1000);
      });
      await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(0));
    } finally {
      jest.useRealTimers();
    }
  });

  it('should default to 5 s and queue toasts one at a time', () => {
    render(<AppProviders>conteúdo</AppProviders>);
    act(() => {
      toast.error('Erro ao salvar');
      toast.info('Segundo');
    });
    expect(useToastStore.getState().toasts.map((t) => t.duration)).toEqual([5000, 5000]);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao salvar');
  });
});

describe('useDebouncedValidation', () => {
  it('should show errors of touched fields only after the delay, and all of them on validateAll', () => {
    jest.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ values }) => useDebouncedValidation(loginSchema, values), {
        initialProps: { values: { email: 'ana@', password: '' } },
      });
      act(() => result.current.touch('email'));
      rerender({ values: { email: 'ana@x', password: '' } });
      act(() => {
        jest.advanceTimersByTime(299);
      });
      expect(result.current.errors).toEqual({});
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(result.current.errors).toEqual({ email: 'E-mail inválido' });
      expect(result.current.hasErrors).toBe(true);

      act(() => {
        const outcome = result.current.validateAll();
        expect(outcome.success).toBe(false);
      });
      expect(result.current.errors).toEqual({ email: 'E-mail inválido', password: 'Senha é obrigatória' });
    } finally {
      jest.useRealTimers();
    }
  });
});
