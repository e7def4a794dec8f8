import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';

interface Props {
  children: ReactNode;
  /** Changing this value (the pathname, a retry counter) clears a caught error, so navigating away recovers. */
  resetKey?: unknown;
  /**
   * What to show instead of the failed part: a node, or a function of the error and a reset. Default: a pt-BR
   * "this part could not be shown" with 'Tentar novamente'.
   */
  fallback?: ReactNode | ((error: unknown, reset: () => void) => ReactNode);
  /** Names the part in the console line, e.g. 'seção "mf_wallet"' or 'widget "mf_wallet/WalletCard"'. */
  label?: string;
  /** Heading of the default fallback. */
  title?: string;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/**
 * The shell's one error boundary: a render or load error of a section (a remote route, a widget, the whole app)
 * shows a pt-BR fallback in that section's place instead of a blank page, and the rest keeps working.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[rifaria] ${this.props.label ?? 'seção'} falhou`, error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(error, this.reset);
    if (fallback !== undefined) return fallback;
    return (
      <Box role="alert" sx={{ p: 4, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {this.props.title ?? 'Algo deu errado'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Não foi possível mostrar esta parte da página. Tente novamente; se o problema continuar, recarregue a página.
        </Typography>
        <Button variant="contained" onClick={this.reset}>
          Tentar novamente
        </Button>
      </Box>
    );
  }
}
