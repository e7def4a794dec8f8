/**
 * WhatsApp links (wa.me) and the button that opens one. An organiser's number may arrive formatted or with the
 * country code; a Brazilian number has 10-11 digits after 55.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { WhatsAppIcon } from './icons';

export function whatsappNumber(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits;
  return null;
}

/** Chat with a number, optionally with a prefilled message; null when the number is not usable. */
export function whatsappChatLink(raw: string | null | undefined, message?: string): string | null {
  const number = whatsappNumber(raw);
  if (!number) return null;
  return message ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : `https://wa.me/${number}`;
}

/** Share a message with any contact (the person picks who). */
export function whatsappShareLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** A link to WhatsApp in a new tab, green with its icon (outlined unless told otherwise). */
export function WhatsAppButton({
  href,
  children,
  variant = 'outlined',
  fullWidth,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}) {
  return (
    <Button
      variant={variant}
      color="success"
      startIcon={<WhatsAppIcon />}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      fullWidth={fullWidth}
    >
      {children}
    </Button>
  );
}
