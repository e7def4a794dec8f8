import * as v from 'valibot';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidPhone, onlyDigits } from './documents';
import { requiredString } from './auth';

/** Spec section 5 "Messaging instance" and section 8 "Messaging instance", plus the server's replies. */
export const WHATSAPP_MESSAGES = {
  nameRequired: 'Nome da instância é obrigatório',
  nameInvalid: 'Use de 3 a 40 letras, números, hífen ou sublinhado',
  nameTaken: 'Você já tem uma instância com este nome.',
  phoneRequired: 'Telefone é obrigatório',
  phoneInvalid: 'Telefone inválido',
  createFailed: 'Erro ao criar instância',
  created: 'Instância criada. Escaneie o QR Code para conectar.',
  connecting: 'Escaneie o QR Code com o WhatsApp do celular.',
  alreadyConnected: 'Esta instância já está conectada.',
  disconnected: 'Instância desconectada.',
  defaultSet: 'Instância definida como padrão.',
  notConnectedDefault: 'Conecte a instância antes de defini-la como padrão.',
  deleted: 'Instância removida.',
  deleteConfirm: 'Tem certeza que deseja deletar esta instância?',
  notFound: 'Instância não encontrada.',
  unavailable: 'O serviço de WhatsApp não respondeu. Tente novamente em instantes.',
  testSent: 'Mensagem de teste enviada!',
  testNotConnected: 'Conecte a instância para enviar uma mensagem de teste.',
  testFailed: 'Erro ao enviar mensagem de teste.',
} as const;

export const WHATSAPP_INSTANCE_NAME_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
/** How many instances one organiser may keep. */
export const WHATSAPP_MAX_INSTANCES = 5;

const phoneNumberField = v.pipe(
  requiredString(WHATSAPP_MESSAGES.phoneRequired),
  v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, WHATSAPP_MESSAGES.phoneInvalid),
  v.transform(onlyDigits),
  v.check(isValidPhone, WHATSAPP_MESSAGES.phoneInvalid),
);

export const whatsappInstanceSchema = v.object({
  instance_name: v.pipe(
    requiredString(WHATSAPP_MESSAGES.nameRequired),
    v.maxLength(40, WHATSAPP_MESSAGES.nameInvalid),
    v.regex(WHATSAPP_INSTANCE_NAME_PATTERN, WHATSAPP_MESSAGES.nameInvalid),
  ),
  phone_number: phoneNumberField,
});
export type WhatsAppInstanceInput = v.InferOutput<typeof whatsappInstanceSchema>;

/**
 * The test message (POST /whatsapp/instances/{id}/test): the server's own words, always to the instance's own number
 * (issue 29 item 7: the platform never relays an organiser's text to a number of their choice). The dialog shows it.
 */
export function whatsappTestText(instanceName: string): string {
  return `Rifaria: esta é uma mensagem de teste da sua instância "${instanceName}". Se ela chegou, o WhatsApp está pronto para avisar seus compradores automaticamente.`;
}
