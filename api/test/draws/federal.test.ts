import { digitsFor, drawFederal, federalRuleText, normalizeFederalPrize } from '../../src/draws/federal';

// Contest 5732 (18/01/2023), 1st to 5th prizes (../shared/design/integrations.md).
const CONTEST_5732 = ['50366', '33514', '45504', '94365', '51105'];
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const numbersOf = (winners: { number: number }[]) => winners.map((w) => w.number);

describe("'Loteria Federal' rule", () => {
  it('draws 66, 14 and 04 from contest 5732 on a sold-out 100-ticket campaign with 3 prizes', () => {
    const winners = drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 3, paid: range(0, 100) });
    expect(numbersOf(winners)).toEqual([66, 14, 4]);
    expect(winners[0]!.steps).toEqual([
      '1º prêmio da Federal 50366 → últimos 2 dígitos: 66.',
      'Ganhador do 1º prêmio: 66.',
    ]);
    expect(winners[2]!.steps.at(-1)).toBe('Ganhador do 3º prêmio: 04.');
  });

  it('reads k digits from the size of the campaign', () => {
    expect([10, 11, 100, 101, 1000, 100_000, 1_000_000, 10_000_000].map(digitsFor)).toEqual([1, 2, 2, 3, 3, 5, 6, 7]);
  });

  it('tries the next Federal prize when the number was not paid', () => {
    const paid = range(0, 100).filter((n) => n !== 66);
    const winners = drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 2, paid });
    expect(numbersOf(winners)).toEqual([14, 4]);
    expect(winners[0]!.steps).toEqual([
      '1º prêmio da Federal 50366 → últimos 2 dígitos: 66.',
      '66 não foi vendido e pago.',
      'Tentando o próximo: 2º prêmio da Federal 33514 → últimos 2 dígitos: 14.',
      'Ganhador do 1º prêmio: 14.',
    ]);
    // The 2nd prize starts at the 2nd Federal prize (14, already a winner) and moves on to the 3rd.
    expect(winners[1]!.steps).toContain('14 já foi premiado.');
  });

  it('tries the next Federal prize when the number does not exist in the campaign', () => {
    const winners = drawFederal({ totalTickets: 50, prizes: CONTEST_5732, awards: 1, paid: range(0, 50) });
    expect(numbersOf(winners)).toEqual([14]);
    expect(winners[0]!.steps[1]).toBe('66 não existe nesta campanha (os números vão até 49).');
  });

  it('wraps from the 5th Federal prize to the 1st, for the 6th prize and for fallbacks', () => {
    const paid = range(0, 100);
    const winners = drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 6, paid });
    // 6th prize: 1st Federal prize again (66, already won), then 2nd (14, won), 3rd (04, won), 4th (65, won), 5th
    // (05, won), then the nearest paid number upward from 66 that has not won: 67.
    expect(numbersOf(winners)).toEqual([66, 14, 4, 65, 5, 67]);
    expect(winners[5]!.steps.at(-2)).toBe(
      'Nenhum prêmio da Federal serviu: vale o número pago mais próximo acima de 66 (voltando ao 0 depois do último): 67.',
    );
  });

  it('takes the nearest paid number upward from the first candidate, wrapping at N', () => {
    expect(numbersOf(drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 1, paid: [70, 80] }))).toEqual([
      70,
    ]);
    expect(numbersOf(drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 1, paid: [10, 20] }))).toEqual([
      10,
    ]);
    // A first candidate beyond the campaign wraps straight to 0.
    expect(numbersOf(drawFederal({ totalTickets: 60, prizes: CONTEST_5732, awards: 1, paid: [20, 30] }))).toEqual([20]);
  });

  it('stops when every paid number has won', () => {
    const winners = drawFederal({ totalTickets: 100, prizes: CONTEST_5732, awards: 3, paid: [7] });
    expect(numbersOf(winners)).toEqual([7]);
  });

  it('composes numbers of more than 5 digits from the next Federal prize', () => {
    // N = 1,000,000 (k = 6): last digit of the 2nd prize (4) then the 1st prize (50366).
    const six = drawFederal({ totalTickets: 1_000_000, prizes: CONTEST_5732, awards: 1, paid: [450_366] });
    expect(numbersOf(six)).toEqual([450_366]);
    expect(six[0]!.steps[0]).toBe('últimos 1 dígito do 2º prêmio (33514) seguidos do 1º prêmio (50366): 450366.');
    // N = 10,000,000 (k = 7): the last two digits of the 2nd prize (14), then 50366; the 2nd campaign prize uses
    // the 3rd and the 2nd (04 + 33514); the 5th wraps to the 1st (66 + 51105).
    const seven = drawFederal({
      totalTickets: 10_000_000,
      prizes: CONTEST_5732,
      awards: 5,
      paid: [433_514, 504_365, 1_450_366, 5_145_504, 6_651_105, 9_494_365],
    });
    // 3rd: 65+45504 unpaid, 05+94365 unpaid, 66+51105 paid. 4th: nothing left among the Federal prizes, so the
    // nearest paid number upward from 0594365 that has not won (1450366 has): 5145504. 5th: upward from 6651105: 9494365.
    expect(numbersOf(seven)).toEqual([1_450_366, 433_514, 6_651_105, 5_145_504, 9_494_365]);
  });

  it('reads Caixa prize strings', () => {
    expect(normalizeFederalPrize('066069')).toBe('66069');
    expect(normalizeFederalPrize('366')).toBe('00366');
    expect(normalizeFederalPrize('12a45')).toBeNull();
    expect(normalizeFederalPrize('9'.repeat(60_000))).toBeNull();
  });

  it('refuses prizes that are not five 5-digit strings', () => {
    expect(() => drawFederal({ totalTickets: 100, prizes: ['1', '2'], awards: 1, paid: [1] })).toThrow();
  });

  it('states the rule in the regulation from the size of the campaign', () => {
    expect(federalRuleText(100)).toContain('Os números desta campanha vão de 00 a 99.');
    expect(federalRuleText(100)).toContain('os últimos 2 dígitos do prêmio da Loteria Federal de mesma ordem');
    expect(federalRuleText(10_000_000)).toContain(
      'os últimos 2 dígitos do prêmio seguinte da Loteria Federal seguidos dos 5 dígitos do prêmio de mesma ordem',
    );
  });
});
