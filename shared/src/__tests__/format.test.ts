import {
  firstName,
  formatBRL,
  formatCentsAsDecimal,
  formatDate,
  formatDateTime,
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
