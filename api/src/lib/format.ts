import { maskCep, maskCpf, maskPhone } from '@rifaria/shared/format';

/**
 * The `formatted` blocks of replies use the same masks as the forms (@rifaria/shared/format);
 * these wrappers only carry null through (a profile may not have a CPF or phone yet).
 */
export const formatCpf = (cpf: string | null): string | null => (cpf ? maskCpf(cpf) : null);
export const formatPhone = (phone: string | null): string | null => (phone ? maskPhone(phone) : null);
export const formatCep = (cep: string | null): string | null => (cep ? maskCep(cep) : null);
