/**
 * The public buyer flow's messages (spec section 5 "Reservation", section 8 "Public pages"), apart from the schemas in
 * buyer.ts: a buyer page that only shows a message loads no valibot.
 */
import { SALE_MESSAGES } from './sale-messages';

export const BUYER_MESSAGES = {
  phoneMin: 'Telefone deve ter pelo menos 10 dígitos',
  phoneInvalid: 'Telefone inválido',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 120 caracteres',
  cpfRequired: 'CPF é obrigatório',
  cpfDigits: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  emailInvalid: 'E-mail inválido',
  phoneCheckFailed: 'Erro ao verificar telefone. Tente novamente.',
  buyerExists: 'Já existe um comprador com este telefone.',
  cpfTaken: 'Este CPF já está cadastrado com outro telefone.',
  /** POST /public/purchases for a phone nobody registered (the form always registers the buyer first). */
  buyerNotFound: 'Comprador não encontrado. Informe seus dados para continuar.',
  /**
   * The reservation's step 2 for a phone this device has not proved (a first purchase, or a buyer on a new device):
   * a welcome, not a "not found" (issue 30).
   */
  newBuyerWelcome: 'Boas-vindas! Informe seus dados para reservar seus números. Já comprou antes? Use o mesmo CPF.',
  // Purchase creation.
  ...SALE_MESSAGES,
  campaignRequired: 'Campanha é obrigatória',
  termsLabel: 'Li e aceito o regulamento e declaro ter 18 anos ou mais',
  termsRequired: 'Para reservar, confirme que leu e aceita o regulamento e que tem 18 anos ou mais.',
  paymentMethod: 'Forma de pagamento inválida',
  purchaseFailed: 'Erro ao criar compra',
  checkoutFailed: 'Erro ao processar checkout. Tente novamente.',
  // Checkout (spec section 8).
  hashMissing: 'Hash da compra não encontrado na URL',
  purchaseNotFound: 'Compra não encontrada',
  purchaseLoadFailed: 'Erro ao carregar dados da compra',
  // Meus números.
  myTicketsNotFound: 'Nenhuma compra encontrada para este telefone e CPF nesta campanha.',
  tooManyRequests: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  // Moving a buyer to a new phone (POST /public/buyers/change-phone).
  useRegisteredPhone: 'Use o telefone com que você se cadastrou.',
  codeDigits: 'Código deve ter 6 dígitos',
  /** The same answer whether or not the CPF is registered: the reply is no oracle of who is a buyer. */
  changePhoneCodeSent:
    'Se o CPF estiver cadastrado, enviamos um código de 6 dígitos por WhatsApp para o novo telefone (e um aviso para o telefone antigo).',
  changePhoneNotConfirmed: 'Código inválido ou expirado. Confira o CPF e o código, ou peça um novo código.',
  undoTokenInvalid: 'Link inválido ou expirado.',
  phoneChangeUndone: 'Pronto: seu cadastro voltou para este telefone.',
  phoneChangeUndoTaken: 'Não foi possível desfazer: o telefone antigo já está em outro cadastro.',
  // "Meus números" code step.
  myTicketsCodeSent: 'Se houver compras para este telefone e CPF, enviamos um código de 6 dígitos por WhatsApp.',
  myTicketsCodeInvalid: 'Código inválido ou expirado. Peça um novo código.',
  changePhoneTaken: 'Este telefone já está cadastrado para outro comprador.',
  phoneChanged: 'Telefone atualizado. Seu cadastro e suas compras agora estão neste número.',
  phoneUnchanged: 'Este já é o telefone do seu cadastro.',
} as const;
