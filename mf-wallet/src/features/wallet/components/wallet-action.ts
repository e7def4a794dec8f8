/** What the dashboard gives each of its dialogs ('Depositar', 'Transferir'; their frame is @rifaria/shared/ui's FormDialog). */
export interface WalletActionProps {
  open: boolean;
  walletId: number;
  onClose: () => void;
  /** Money moved (a deposit paid, a transfer sent or given back): the balance and the history are read again. */
  onMoved: () => void;
}
