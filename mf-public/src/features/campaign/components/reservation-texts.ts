import { PAYMENT_WINDOW_MS } from '@rifaria/shared/constants';
import { CHANGE_PHONE_TEXTS } from './change-phone-step';

export const RESERVATION_TEXTS = {
  phoneStep: 'Finalizar Reserva',
  buyerStep: 'Dados do Comprador',
  campaign: 'Campanha',
  quantity: 'Quantidade',
  total: 'Total',
  phone: 'Telefone (WhatsApp)',
  phoneHelp: 'Usamos seu telefone para identificar suas compras.',
  continue: 'Continuar',
  name: 'Nome completo',
  cpf: 'CPF',
  email: 'E-mail (opcional)',
  knownBuyer: 'Encontramos seu cadastro. Confira seus dados e conclua a reserva.',
  phoneMoved: (phone: string) => `Trocou de número? Passe seu cadastro para o telefone ${phone}.`,
  changePhone: CHANGE_PHONE_TEXTS.title,
  useRegisteredPhone: 'Usar o telefone cadastrado',
  submit: 'Concluir Reserva',
  back: 'Voltar',
  close: 'Fechar',
  drawnByServer:
    'Seus números são sorteados aleatoriamente pelo sistema no momento em que a reserva é criada e aparecem na tela de pagamento.',
  paymentWindow: `Depois de concluir, você tem ${PAYMENT_WINDOW_MS / 60_000} minutos para pagar via Pix; sem pagamento, a reserva é cancelada e os números voltam a ficar disponíveis.`,
} as const;
