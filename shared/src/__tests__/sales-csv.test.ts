/**
 * The sales CSV's columns and format: the API streams it (GET /api/campaigns/{id}/sales.csv) and the sales screen's
 * dialog promises these columns, so both read them here.
 */
import { salesCsvHeader, salesCsvLine } from '../sales-csv';
import { maskedBuyer, sale } from '../testing/sales';
import type { Sale } from '../types';

const salesCsv = (sales: Sale[]) => salesCsvHeader() + sales.map(salesCsvLine).join('');

describe('sales CSV', () => {
  it('should write a BOM, ";" separators, pt-BR numbers, quoted fields and CRLF', () => {
    const csv = salesCsv([
      sale({
        buyer: { name: 'José "Zé" da Silva; Filho', cpf: '***.***.***-09', email: null, phone: '11987654321' },
      }),
      sale({
        id: 2,
        total_tickets: 1200,
        total_value: 0.5,
        buyer: { name: '=HYPERLINK("x")', cpf: '***', email: 'a@b.c', phone: '1' },
      }),
    ]);
    expect(
      csv.startsWith(
        '\uFEFF"Comprador";"CPF";"Telefone";"E-mail";"Tickets";"Valor (R$)";"Status";"Data da compra";"Números"\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toBe(
      '"José ""Zé"" da Silva; Filho";"***.***.***-09";"(11) 98765-4321";"";"3";"1.234,56";"Pago";"20/11/2026 às 12:30";""',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('"1200";"0,50"');
  });

  it('should write the masked phone and e-mail of a sale that is not Pago as the API sent them', () => {
    const csv = salesCsv([sale({ status: { id: 1, name: 'Pendente' }, buyer: maskedBuyer })]);
    expect(csv.slice(1).split('\r\n')[1]).toBe(
      '"Ana Souza";"***.***.***-**";"(11) *****-4321";"a***@example.com";"3";"1.234,56";"Pendente";"20/11/2026 às 12:30";""',
    );
  });

  describe('Números column', () => {
    it('should separate the numbers with spaces, keep the zeros and write "" for a sale without numbers', () => {
      const csv = salesCsv([
        sale({ numbers: ['000', '007', '999'] }),
        sale({ id: 2, status: { id: 3, name: 'Cancelado' }, buyer: maskedBuyer, numbers: [] }),
        sale({ id: 3 }),
      ]);
      const lines = csv.slice(1).split('\r\n');
      expect(lines[0]!.split(';')).toHaveLength(9);
      expect(lines[0]!.split(';').at(-1)).toBe('"Números"');
      expect(lines[1]!.split(';').at(-1)).toBe('"000 007 999"');
      expect(lines[2]!.split(';').at(-1)).toBe('""');
      expect(lines[3]!.split(';').at(-1)).toBe('""');
    });

    it('should keep the column safe from formulas even if a value were not digits', () => {
      const csv = salesCsv([sale({ numbers: ['=1+1', '2'] })]);
      expect(csv.slice(1).split('\r\n')[1]!.split(';').at(-1)).toBe(`"'=1+1 2"`);
    });
  });
});
