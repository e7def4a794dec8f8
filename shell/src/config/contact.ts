/**
 * Public contact addresses shown on the help and legal pages.
 * Kept in one place so operations can change them without hunting through copy.
 */
export const SUPPORT_EMAIL = 'suporte@rifaria.com.br';
export const PRIVACY_EMAIL = 'privacidade@rifaria.com.br';
export const LEGAL_LAST_UPDATED = '21 de novembro de 2025';
