/** A sale of the organiser's sales list (GET /api/campaigns/{id}/sales), for the tests of its table and its CSV. */
import type { Sale } from '../types';

/** A Pago sale: the buyer's phone comes as digits. */
export function sale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: 1,
    buyer: { name: 'Ana Souza', cpf: '***.***.***-09', email: 'ana@example.com', phone: '11987654321' },
    total_tickets: 3,
    total_value: 1234.56,
    status: { id: 2, name: 'Pago' },
    purchased_at: '2026-11-20T15:30:00Z',
    numbers_preview: { first: ['0007', '0420', '9001'], more: 0 },
    ...overrides,
  };
}

/** What the API sends for a sale that is not Pago: the buyer's e-mail and phone masked, no CPF digit. */
export const maskedBuyer: Sale['buyer'] = {
  name: 'Ana Souza',
  cpf: '***.***.***-**',
  email: 'a***@example.com',
  phone: '(11) *****-4321',
};
