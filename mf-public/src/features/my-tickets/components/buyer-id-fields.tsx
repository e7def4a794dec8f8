import { CpfField, PhoneField } from '../../common/components/buyer-fields';

export const BUYER_ID_TEXTS = { phone: 'Telefone (WhatsApp)', cpf: 'CPF' } as const;

interface Props {
  phone: string;
  cpf: string;
  onPhone: (value: string) => void;
  onCpf: (value: string) => void;
  errors: { phone?: string; cpf?: string };
}

/** How a buyer says who they are in 'Meus números' and its LGPD requests: the phone and the CPF of the purchase. */
export function BuyerIdFields({ phone, cpf, onPhone, onCpf, errors }: Props) {
  return (
    <>
      <PhoneField label={BUYER_ID_TEXTS.phone} value={phone} onChange={onPhone} error={errors.phone} />
      <CpfField label={BUYER_ID_TEXTS.cpf} value={cpf} onChange={onCpf} error={errors.cpf} />
    </>
  );
}
