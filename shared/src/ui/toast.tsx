/**
 * Toasts: `toast.success('Dados salvos com sucesso!', 'Campanha atualizada com sucesso!', { duration: TOAST_DURATION.edit })`.
 * A zustand store (a federated singleton, so a remote's toast shows in the shell's <Toaster/>) and one Snackbar
 * showing the queue one at a time.
 */
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { Alert, AlertTitle, Snackbar, type AlertColor } from '@mui/material';
import { DEFAULT_TOAST_DURATION_MS } from '../constants';

export interface ToastOptions {
  /** Milliseconds on screen; use TOAST_DURATION.list / .profile (5 s) or .edit / .sales (4 s). */
  duration?: number;
}

export interface ToastItem {
  id: number;
  severity: AlertColor;
  title: string;
  description?: string;
  duration: number;
}

interface ToastState {
  toasts: ToastItem[];
  show: (toast: Omit<ToastItem, 'id'>) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

function make(severity: AlertColor) {
  return (title: string, description?: string, options: ToastOptions = {}): number =>
    useToastStore.getState().show({
      severity,
      title,
      ...(description ? { description } : {}),
      duration: options.duration ?? DEFAULT_TOAST_DURATION_MS,
    });
}

export const toast = {
  success: make('success'),
  error: make('error'),
  info: make('info'),
  warning: make('warning'),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};

/** Renders the oldest pending toast; mount once (AppProviders does). */
export function Toaster() {
  const current = useToastStore((state) => state.toasts[0]);
  const dismiss = useToastStore((state) => state.dismiss);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (current) setOpen(true);
  }, [current]);

  if (!current) return null;

  return (
    <Snackbar
      key={current.id}
      open={open}
      autoHideDuration={current.duration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      slotProps={{ transition: { onExited: () => dismiss(current.id) } }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => setOpen(false)}
        sx={{ width: '100%', minWidth: { sm: 320 }, boxShadow: 3 }}
      >
        {current.description ? <AlertTitle sx={{ mb: 0 }}>{current.title}</AlertTitle> : current.title}
        {current.description}
      </Alert>
    </Snackbar>
  );
}
