import { campaignGoalCents, centsToReais, formatReais, reaisToCents } from '../money';
import { campaignStatusColor, purchaseStatusColor } from '../ui/status';

describe('money: centavos inside, reais on the wire', () => {
  it('should turn centavos of any column type into reais', () => {
    expect(centsToReais(2510)).toBe(25.1);
    expect(centsToReais('199')).toBe(1.99);
    expect(centsToReais(10n)).toBe(0.1);
    expect(centsToReais(null)).toBe(0);
    expect(centsToReais(undefined)).toBe(0);
  });

  it('should turn reais into exact centavos, without float noise', () => {
    // 25.1 * 100 is 2510.0000000000005 and 1.005 * 100 is 100.49999999999999 in floating point.
    expect(reaisToCents(25.1)).toBe(2510);
    expect(reaisToCents(0.29)).toBe(29);
    expect(reaisToCents('12.5')).toBe(1250);
    expect(reaisToCents(null)).toBe(0);
    for (let cents = 0; cents <= 100_000; cents += 7) expect(reaisToCents(centsToReais(cents))).toBe(cents);
  });

  it('should format reais as BRL', () => {
    expect(formatReais(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatReais(0)).toBe('R$\u00a00,00');
  });

  it("should compute a campaign's goal exactly: 10.000.000 × R$ 0,10", () => {
    expect(campaignGoalCents({ total_tickets: 10_000_000, ticket_price: 0.1 })).toBe(100_000_000);
    expect(campaignGoalCents({ total_tickets: 3, ticket_price: 0.29 })).toBe(87);
  });
});

describe('status colours come from ids, never from display names', () => {
  it('should colour purchases by status id', () => {
    expect([1, 2, 3].map((id) => purchaseStatusColor(id as 1 | 2 | 3))).toEqual(['warning', 'success', 'error']);
  });

  it('should colour campaigns by status id', () => {
    expect([1, 2, 3, 4].map((id) => campaignStatusColor(id as 1 | 2 | 3 | 4))).toEqual([
      'default',
      'success',
      'error',
      'info',
    ]);
  });
});
