import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';

interface Props {
  children: ReactNode;
  /** Changing this value (e.g. the pathname) clears a caught error, so navigating away recovers. */
  resetKey?: unknown;
  title?: string;
}

interface State {
  error: Error | null;
}

/** Catches render errors of a section; shows a pt-BR message and a retry button instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[rifaria] erro de renderização', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box role="alert" sx={{ p: 4, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {this.props.title ?? 'Algo deu errado'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Não foi possível mostrar esta parte da página. Tente novamente; se o problema continuar, recarregue a página.
        </Typography>
        <Button variant="contained" onClick={() => this.setState({ error: null })}>
          Tentar novamente
        </Button>
      </Box>
    );
  }
}
