import {
  campaignStepOneSchema,
  campaignStepTwoSchema,
  createCampaignSchema,
  defaultDrawDatetime,
  drawDateSchema,
  editAwardsSchema,
  firstErrors,
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
        validate(campaignStepOneSchema, { ...valid, has_draw_date: true, draw_date: '2000-01-01', draw_time: '20:00' })
          .errors,
      ),
    ).toEqual({
      draw_date: 'A data do sorteio deve ser no futuro',
    });
    expect(
      validate(campaignStepOneSchema, { ...valid, has_draw_date: true, draw_date: '2099-01-01', draw_time: '20:00' })
        .success,
    ).toBe(true);
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
