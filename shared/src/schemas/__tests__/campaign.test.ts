import {
  campaignStepOneSchema,
  campaignStepTwoSchema,
  campaignNameLength,
  createCampaignSchema,
  defaultDrawDatetime,
  drawDatetimeFromInputs,
  drawDateSchema,
  drawInputIssues,
  drawInputsFromDatetime,
  editAwardsSchema,
  firstErrors,
  updateCampaignSchema,
  toTicketQuantity,
  validate,
} from '..';

const future = '2099-12-31 20:00:00';

describe('campaign wizard step 1', () => {
  const valid = {
    name: 'Rifa do Carro',
    total_tickets: '10.000',
    ticket_price: '12,50',
    draw_type_id: '1',
    has_draw_date: false,
    draw_date: '',
    draw_time: '',
  };

  it('should give the spec messages for empty fields', () => {
    expect(
      firstErrors(
        validate(campaignStepOneSchema, { ...valid, name: '', total_tickets: '', ticket_price: '', draw_type_id: '' })
          .errors,
      ),
    ).toEqual({
      name: 'Nome da campanha é obrigatório',
      total_tickets: 'Quantidade deve ser maior que 0',
      ticket_price: 'Valor deve ser maior que 0',
      draw_type_id: 'Tipo de sorteio é obrigatório',
    });
  });

  it('should read thousands dots and comma decimals, and cap the quantity at 10,000,000', () => {
    expect(validate(campaignStepOneSchema, valid).output).toMatchObject({
      total_tickets: 10000,
      ticket_price: 1250,
      draw_type_id: 1,
    });
    expect(
      firstErrors(
        validate(campaignStepOneSchema, { ...valid, total_tickets: '10.000.001', ticket_price: '0,00' }).errors,
      ),
    ).toEqual({
      total_tickets: 'Quantidade máxima é 10.000.000',
      ticket_price: 'Valor deve ser maior que 0',
    });
    expect(firstErrors(validate(campaignStepOneSchema, { ...valid, ticket_price: '1,234' }).errors)).toEqual({
      ticket_price: 'Valor deve ter no máximo 2 casas decimais',
    });
    expect(toTicketQuantity('1.5')).toBeNaN();
  });

  it('should require date and time only when the checkbox is ticked, and in the future', () => {
    expect(firstErrors(validate(campaignStepOneSchema, { ...valid, has_draw_date: true }).errors)).toEqual({
      draw_date: 'Data do sorteio é obrigatória',
      draw_time: 'Hora do sorteio é obrigatória',
    });
    expect(
      firstErrors(
        validate(campaignStepOneSchema, { ...valid, has_draw_date: true, draw_date: '01/01/2000', draw_time: '20:00' })
          .errors,
      ),
    ).toEqual({
      draw_date: 'A data do sorteio deve ser no futuro',
    });
    expect(
      validate(campaignStepOneSchema, { ...valid, has_draw_date: true, draw_date: '01/01/2099', draw_time: '20:00' })
        .success,
    ).toBe(true);
    // Whatever was typed before the box was unticked does not count.
    expect(validate(campaignStepOneSchema, { ...valid, draw_date: '99/99', draw_time: '7' }).success).toBe(true);
  });

  it('should read the date as DD/MM/AAAA and the time as HH:MM, whatever the browser language', () => {
    const step = (draw_date: string, draw_time: string) =>
      firstErrors(validate(campaignStepOneSchema, { ...valid, has_draw_date: true, draw_date, draw_time }).errors);
    expect(step('2099-01-01', '8:00 PM')).toEqual({
      draw_date: 'Data deve estar no formato DD/MM/AAAA',
      draw_time: 'Hora deve estar no formato HH:MM',
    });
    expect(step('31/02/2099', '24:00')).toEqual({
      draw_date: 'Data do sorteio inválida',
      draw_time: 'Hora do sorteio inválida',
    });
    expect(step('12/05', '20:30')).toEqual({ draw_date: 'Data deve estar no formato DD/MM/AAAA' });
    // A long paste is refused by its length, before any pattern runs.
    expect(step('1'.repeat(100_000), '2'.repeat(100_000))).toEqual({
      draw_date: 'Data deve estar no formato DD/MM/AAAA',
      draw_time: 'Hora deve estar no formato HH:MM',
    });
  });

  it('should count the name in characters as a person sees them (an emoji is one)', () => {
    const name = (text: string) => firstErrors(validate(campaignStepOneSchema, { ...valid, name: text }).errors);
    expect(name('🎉'.repeat(120))).toEqual({});
    expect(name('👨‍👩‍👧‍👦'.repeat(120))).toEqual({});
    expect(name(' ' + 'é'.repeat(120) + '  ')).toEqual({});
    expect(name('🎉'.repeat(121))).toEqual({ name: 'Nome da campanha deve ter no máximo 120 caracteres' });
    expect(name('x'.repeat(121))).toEqual({ name: 'Nome da campanha deve ter no máximo 120 caracteres' });
    expect(name('x'.repeat(2_000_000))).toEqual({ name: 'Nome da campanha deve ter no máximo 120 caracteres' });
    expect(campaignNameLength('  Rifa 🎉🇧🇷 ')).toBe(7);
    expect(campaignNameLength('e\u0301')).toBe(1);
    // The same count on the server's schemas.
    expect(validate(updateCampaignSchema, { name: '🎉'.repeat(120) }).success).toBe(true);
    expect(firstErrors(validate(updateCampaignSchema, { name: '🎉'.repeat(121) }).errors)).toEqual({
      name: 'Nome da campanha deve ter no máximo 120 caracteres',
    });
  });
});

describe('draw date and time inputs', () => {
  const now = new Date('2026-11-23T12:00:00Z'); // 09:00 in São Paulo

  it('should ask for both when required, and for the missing one when only one is typed', () => {
    expect(drawInputIssues('', '', true, now)).toEqual({
      draw_date: 'Data do sorteio é obrigatória',
      draw_time: 'Hora do sorteio é obrigatória',
    });
    expect(drawInputIssues('', '', false, now)).toEqual({});
    expect(drawInputIssues('28/11/2026', '', false, now)).toEqual({ draw_time: 'Hora do sorteio é obrigatória' });
    expect(drawInputIssues('', '20:00', false, now)).toEqual({ draw_date: 'Data do sorteio é obrigatória' });
  });

  it('should compare with now in São Paulo time', () => {
    expect(drawInputIssues('23/11/2026', '09:00', true, now)).toEqual({
      draw_date: 'A data do sorteio deve ser no futuro',
    });
    expect(drawInputIssues('23/11/2026', '09:01', true, now)).toEqual({});
  });

  it('should convert to and from the API draw_datetime', () => {
    expect(drawDatetimeFromInputs('28/11/2026', '20:30')).toBe('2026-11-28 20:30:00');
    expect(drawDatetimeFromInputs('31/02/2026', '20:30')).toBeNull();
    expect(drawDatetimeFromInputs('28/11/2026', '')).toBeNull();
    expect(drawInputsFromDatetime('2026-11-28 20:30:00')).toEqual({ date: '28/11/2026', time: '20:30' });
    expect(drawInputsFromDatetime(null)).toEqual({ date: '', time: '' });
    expect(drawInputsFromDatetime('garbage')).toEqual({ date: '', time: '' });
  });
});

describe('campaign payloads', () => {
  const payload = {
    name: 'Rifa do Carro',
    draw_type_id: 1,
    total_tickets: 1000,
    ticket_price: 12.5,
    rules: 'Maiores de 18 anos.',
    banner_image: null,
    draw_datetime: future,
    user_wallet_id: 3,
    awards: [
      { description: 'Carro 0 km', value: 80000 },
      { description: 'Moto', value: null },
    ],
  };

  it('should accept the spec create payload and convert money to centavos', () => {
    const { output } = validate(createCampaignSchema, payload);
    expect(output).toMatchObject({
      ticket_price: 1250,
      total_tickets: 1000,
      awards: [
        { description: 'Carro 0 km', value: 8_000_000 },
        { description: 'Moto', value: null },
      ],
    });
    expect(output?.draw_datetime?.toISOString()).toBe('2099-12-31T23:00:00.000Z');
  });

  it('should check every rule again on the server side', () => {
    expect(
      firstErrors(
        validate(createCampaignSchema, {
          ...payload,
          draw_datetime: '2001-01-01 10:00:00',
          awards: [],
          rules: ' ',
          user_wallet_id: null,
        }).errors,
      ),
    ).toEqual({
      draw_datetime: 'A data do sorteio deve ser no futuro',
      awards: 'Pelo menos um prêmio é obrigatório',
      rules: 'Regras são obrigatórias',
      user_wallet_id: 'Selecione uma conta de recebimento',
    });
    expect(firstErrors(validate(campaignStepTwoSchema, { awards: [{ description: '', value: '' }] }).errors)).toEqual({
      'awards.0.description': 'Nome do prêmio é obrigatório',
    });
  });

  it('should name the prize position on the edit screen', () => {
    expect(
      firstErrors(
        validate(editAwardsSchema, [
          { description: 'Carro', value: 0 },
          { description: ' ', value: null },
        ]).errors,
      ),
    ).toEqual({
      '1.description': 'Descrição do 2º prêmio é obrigatória',
    });
    expect(firstErrors(validate(editAwardsSchema, []).errors)).toEqual({ _: 'Pelo menos um prêmio é obrigatório' });
  });

  it('should refuse a missing or past draw date in the draw-date modal', () => {
    expect(firstErrors(validate(drawDateSchema, {}).errors)).toEqual({
      draw_datetime: 'Dados inválidos. Verifique a data e horário.',
    });
    expect(firstErrors(validate(drawDateSchema, { draw_datetime: '2001-01-01 20:00:00' }).errors)).toEqual({
      draw_datetime: 'A data do sorteio deve ser no futuro',
    });
  });
});

describe('defaultDrawDatetime', () => {
  it.each([
    ['2026-11-18T15:00:00Z', '2026-11-21 20:00:00'], // Wednesday → Saturday
    ['2026-11-21T15:00:00Z', '2026-11-21 20:00:00'], // Saturday 12:00 in São Paulo → today 20:00
    ['2026-11-21T23:00:00Z', '2026-11-28 20:00:00'], // Saturday 20:00 in São Paulo → next week
    ['2026-11-22T02:30:00Z', '2026-11-28 20:00:00'], // Saturday 23:30 in São Paulo (Sunday in UTC)
  ])('should pick the next Saturday 20:00 after %s', (now, expected) => {
    expect(defaultDrawDatetime(new Date(now))).toBe(expected);
  });
});
