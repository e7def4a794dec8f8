import {
  firstName,
  formatBRL,
  formatCentsAsDecimal,
  formatDate,
  formatDateTime,
  formatInteger,
  formatPercent,
  formatTicketNumber,
  parseTicketNumber,
  formatTime,
  fromSaoPauloWallClock,
  graphemeCount,
  initials,
  isoDateToBR,
  maskAccountNumber,
  maskCep,
  maskCpf,
  maskDate,
  maskMoney,
  maskPhone,
  maskTime,
  onlyDigits,
  parseBRDate,
  parseTime,
  parseBRLToCents,
  saoPauloWallClock,
} from '../format';

const NBSP = '\u00a0';

describe('money', () => {
  it('should format centavos as BRL with a no-break space after R$', () => {
    expect(formatBRL(123456)).toBe(`R$${NBSP}1.234,56`);
    expect(formatBRL(500)).toBe(`R$${NBSP}5,00`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL('199')).toBe(`R$${NBSP}1,99`);
  });

  it('should format negative amounts', () => {
    expect(formatBRL(-250)).toBe(`-R$${NBSP}2,50`);
  });

  it('should format a decimal without currency sign', () => {
    expect(formatCentsAsDecimal(1000050)).toBe('10.000,50');
  });

  // Written by hand so a page draws money without loading ICU (issue 15): it must say what Intl says, digit for digit.
  it('should write exactly what Intl writes, for amounts from one centavo to trillions', () => {
    const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1000050, 99999999, 100000000];
    // Up to 10^13 centavos: beyond that, value / 100 as a double is no longer exact, and Intl is the one wrong.
    for (let power = 1; power <= 13; power += 1) values.push(10 ** power - 1, 10 ** power, 7 * 10 ** power + 3);
    for (const value of values.flatMap((v) => [v, -v]).filter((v) => !Object.is(v, -0))) {
      expect(formatBRL(value)).toBe(brl.format(value / 100));
      expect(formatCentsAsDecimal(value)).toBe(decimal.format(value / 100));
      expect(formatInteger(value)).toBe(integer.format(value));
    }
  });

  it('should leave what is not a whole number of centavos to Intl', () => {
    expect(formatBRL(150.4)).toBe(`R$${NBSP}1,50`);
    expect(formatBRL(Number.NaN)).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(NaN),
    );
    expect(formatInteger(1234.6)).toBe('1.235');
    expect(formatInteger(2 ** 60)).toBe('1.152.921.504.606.847.000');
  });

  it('should stay exact where a double of reais is not', () => {
    expect(formatBRL(Number.MAX_SAFE_INTEGER)).toBe(`R$${NBSP}90.071.992.547.409,91`);
    expect(formatInteger(Number.MAX_SAFE_INTEGER)).toBe('9.007.199.254.740.991');
  });

  it('should write a percentage with at most one decimal, rounded like Intl', () => {
    const intl = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
    for (let tenth = 0; tenth <= 1000; tenth += 1) expect(formatPercent(tenth / 10)).toBe(intl(tenth / 10));
    for (const value of [0.04, 0.05, 0.06, 45.25, 45.35, 99.95, 99.96, 33.333333, 66.666666, 1234.5, -12.35]) {
      expect(formatPercent(value)).toBe(intl(value));
    }
    expect(formatPercent(100)).toBe('100%');
  });

  it('should parse pt-BR amounts to centavos', () => {
    expect(parseBRLToCents('1.234,56')).toBe(123456);
    expect(parseBRLToCents('10')).toBe(1000);
    expect(parseBRLToCents('0,5')).toBe(50);
    expect(parseBRLToCents(`R$${NBSP}5,00`)).toBe(500);
    expect(parseBRLToCents('1,234')).toBeNull();
    expect(parseBRLToCents('abc')).toBeNull();
    expect(parseBRLToCents('')).toBeNull();
  });

  it('should mask typed digits as centavos', () => {
    expect(maskMoney('5')).toBe('0,05');
    expect(maskMoney('500')).toBe('5,00');
    expect(maskMoney('R$ 1234,56')).toBe('1.234,56');
    expect(maskMoney('')).toBe('');
  });
});

describe('dates in America/Sao_Paulo', () => {
  // 02:30 UTC on 21 Nov 2025 is still 20 Nov (23:30) in São Paulo (UTC−3).
  const instant = '2025-11-21T02:30:00Z';

  it('should show the São Paulo calendar date and time whatever the machine zone', () => {
    expect(formatDate(instant)).toBe('20/11/2025');
    expect(formatTime(instant)).toBe('23:30');
    expect(formatDateTime(instant)).toBe('20/11/2025 às 23:30');
  });

  it('should read an offset-less API datetime as São Paulo wall-clock time', () => {
    expect(formatDateTime('2025-12-06 20:00:00')).toBe('06/12/2025 às 20:00');
    expect(fromSaoPauloWallClock('2025-12-06T20:00:00').toISOString()).toBe('2025-12-06T23:00:00.000Z');
  });

  it('should give the São Paulo weekday', () => {
    expect(saoPauloWallClock('2025-12-06T23:00:00Z').weekday).toBe(6);
  });

  it('should parse DD/MM/AAAA only for real dates', () => {
    expect(parseBRDate('29/02/2024')).toBe('2024-02-29');
    expect(parseBRDate('29/02/2023')).toBeNull();
    expect(parseBRDate('2024-02-29')).toBeNull();
  });
});

describe('masks', () => {
  it('should mask a CPF as 000.000.000-00, partially while typing', () => {
    expect(maskCpf('12345678901')).toBe('123.456.789-01');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('123.456.789-019999')).toBe('123.456.789-01');
  });

  it('should mask mobile and landline phones within 15 characters', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('119876543219999')).toHaveLength(15);
    expect(maskPhone('11')).toBe('(11');
  });

  it('should mask a CEP and a date', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskDate('25121990')).toBe('25/12/1990');
  });

  it('should mask a time as HH:MM and accept only times of day', () => {
    expect(maskTime('2030')).toBe('20:30');
    expect(maskTime('8')).toBe('8');
    expect(maskTime('20:3')).toBe('20:3');
    expect(maskTime('203045')).toBe('20:30');
    expect(parseTime('20:30')).toBe('20:30');
    expect(parseTime('00:00')).toBe('00:00');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('8:00 PM')).toBeNull();
    expect(isoDateToBR('2026-11-28')).toBe('28/11/2026');
    expect(isoDateToBR('28/11/2026')).toBe('');
  });

  it('should show only the last 4 digits of an account number', () => {
    expect(maskAccountNumber('12345678')).toBe('•••• 5678');
    expect(maskAccountNumber('0001234-5')).toBe('•••• 2345');
    expect(maskAccountNumber(null)).toBe('••••');
  });

  it('should keep digits only', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
  });
});

describe('graphemeCount', () => {
  it('should count characters as a person sees them', () => {
    expect(graphemeCount('Rifa')).toBe(4);
    expect(graphemeCount('🎉')).toBe(1);
    expect(graphemeCount('🇧🇷')).toBe(1);
    expect(graphemeCount('👨‍👩‍👧‍👦')).toBe(1);
    expect(graphemeCount('e\u0301')).toBe(1);
    expect(graphemeCount('')).toBe(0);
  });
});

describe('names and tickets', () => {
  it('should take the first name', () => {
    expect(firstName('  Ana Paula Souza ')).toBe('Ana');
    expect(firstName('')).toBe('');
    expect(firstName(null)).toBe('');
  });

  it('should build initials from first and last words', () => {
    expect(initials('Ana Paula Souza')).toBe('AS');
    expect(initials('joão')).toBe('J');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('should take whole characters and only letters or digits as initials', () => {
    expect(initials('Maria Teste 😀')).toBe('MT');
    expect(initials('😀 Maria')).toBe('M');
    expect(initials('<Ana> Souza!')).toBe('AS');
    expect(initials('élis çouza')).toBe('ÉÇ');
    // 'é' typed as e + combining accent stays whole.
    expect(initials('e\u0301lis')).toBe('E\u0301');
    expect(initials('𝓐na 2ª')).toBe('𝓐2');
    for (const name of ['😀', '👨‍👩‍👧 🎉', '< > !', '   ']) expect(initials(name)).toBe('');
    // Never half of a surrogate pair.
    expect(initials('Maria 😀Teste')).toBe('MT');
  });

  it('should zero-pad ticket numbers to the width of N-1', () => {
    expect(formatTicketNumber(7, 1000)).toBe('007');
    expect(formatTicketNumber(7, 1001)).toBe('0007');
    expect(formatTicketNumber(0, 10)).toBe('0');
  });

  it('should read a search of up to 8 digits as a ticket number, padded or not', () => {
    expect(parseTicketNumber('42')).toBe(42);
    expect(parseTicketNumber(' 0042 ')).toBe(42);
    expect(parseTicketNumber('0')).toBe(0);
    expect(parseTicketNumber('09999999')).toBe(9_999_999);
    for (const text of ['', '   ', '000000042', '4 2', '-1', '1.0', '12a', '(11) 9', '４２']) {
      expect(parseTicketNumber(text)).toBeNull();
    }
  });
});
