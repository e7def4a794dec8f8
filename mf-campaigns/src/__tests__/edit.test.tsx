import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import type { Campaign } from '@rifaria/shared/types';
import { useToastStore } from '@rifaria/shared/ui';
import { checkBannerFile } from '../features/common/api/upload-banner';
import { campaignNotFound, publishedCampaign, renderAt, serveCampaign } from '../testing/fixtures';

// Shared CPUs: typing into MUI fields takes a few seconds here.
jest.setTimeout(20_000);

mockFetchForFile({
  beforeEach: () => Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() }),
});

/** The edit screen's campaign: 'Rifa do Carro', one prize of R$ 50.000,00. */
function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return publishedCampaign({
    name: 'Rifa do Carro',
    title: 'Rifa do Carro',
    rules: 'Regras da rifa',
    link: 'rifa-do-carro',
    full_url: 'https://rifaria.test/p/rifa-do-carro',
    awards: [{ id: 1, description: 'Carro', value: 50000, position: 1 }],
    ...overrides,
  });
}

/** GET answers the campaign, and so does every PUT. */
function serve(data: Campaign) {
  serveCampaign(data);
  server.on('PUT', '/api/campaigns/:id', () => ({ success: true, message: 'Campanha atualizada com sucesso!', data }));
}

const renderEdit = (path = '/campanhas/7/editar') => renderAt(path, { user: { applyAccept: false } });

const toasts = () => useToastStore.getState().toasts;
const lastPut = () => {
  const calls = server.callsTo('PUT', '/api/campaigns/7');
  return calls[calls.length - 1]?.body as Record<string, unknown> | undefined;
};

describe('Campaign edit (/campanhas/{id}/editar)', () => {
  it('should show the four tabs and switch between them', async () => {
    serve(campaign());
    const { user } = renderEdit();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dados', 'Prêmios', 'Regras', 'Aparência']);
    expect(document.title).toBe('Editar campanha | Rifaria');
    expect(screen.getByRole('textbox', { name: 'Nome da campanha' })).toHaveValue('Rifa do Carro');
    await user.click(screen.getByRole('tab', { name: 'Regras' }));
    expect(screen.getByRole('textbox', { name: 'Regulamento da campanha' })).toHaveValue('Regras da rifa');
    expect(screen.queryByRole('textbox', { name: 'Nome da campanha' })).not.toBeInTheDocument();
  });

  it('should disable total tickets with the hint when the campaign is not a draft', async () => {
    serve(campaign());
    renderEdit();
    const total = await screen.findByRole('textbox', { name: 'Quantidade de rifas' });
    expect(total).toBeDisabled();
    expect(total).toHaveValue('10.000');
    expect(screen.getByText('Este campo só pode ser alterado quando o status for "Rascunho"')).toBeInTheDocument();
  });

  it('should let a draft change total tickets (status by id, not by its name) and send it', async () => {
    serve(campaign({ status: { id: 1, description: 'RASCUNHO' } }));
    const { user } = renderEdit();
    const total = await screen.findByRole('textbox', { name: 'Quantidade de rifas' });
    expect(total).toBeEnabled();
    expect(screen.queryByText(/só pode ser alterado/)).not.toBeInTheDocument();
    await user.clear(total);
    await user.type(total, '25000');
    expect(total).toHaveValue('25.000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(lastPut()).toEqual({ name: 'Rifa do Carro', ticket_price: 12.5, total_tickets: 25000 }));
    expect(toasts()[0]).toMatchObject({
      title: 'Dados salvos com sucesso!',
      description: 'Campanha atualizada com sucesso!',
      duration: 4_000,
    });
  });

  it('should show the Dados field errors and clear each one when its field is edited', async () => {
    serve(campaign({ status: { id: 1, description: 'Rascunho' } }));
    const { user } = renderEdit();
    const name = await screen.findByRole('textbox', { name: 'Nome da campanha' });
    await user.clear(name);
    await user.clear(screen.getByRole('textbox', { name: 'Valor do ticket' }));
    await user.clear(screen.getByRole('textbox', { name: 'Quantidade de rifas' }));
    await user.type(screen.getByRole('textbox', { name: 'Data do sorteio' }), '01012020');
    await user.type(screen.getByRole('textbox', { name: 'Hora do sorteio' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Nome da campanha é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Valor do ticket é obrigatório e deve ser maior que zero')).toBeInTheDocument();
    expect(screen.getByText('Quantidade de rifas é obrigatória e deve ser maior que zero')).toBeInTheDocument();
    expect(screen.getByText('A data do sorteio deve ser no futuro')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/campaigns/7')).toHaveLength(0);

    await user.type(name, 'N');
    expect(screen.queryByText('Nome da campanha é obrigatório')).not.toBeInTheDocument();
    expect(screen.getByText('Valor do ticket é obrigatório e deve ser maior que zero')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Data do sorteio' }), '{Backspace}9');
    expect(screen.queryByText('A data do sorteio deve ser no futuro')).not.toBeInTheDocument();
  });

  it('should show and send the draw date as DD/MM/AAAA and HH:MM in São Paulo time, and ask for a missing time', async () => {
    serve(campaign({ draw_datetime: '2026-12-24 19:30:00' }));
    const { user } = renderEdit();
    const date = await screen.findByRole('textbox', { name: 'Data do sorteio' });
    const time = screen.getByRole('textbox', { name: 'Hora do sorteio' });
    expect(date).toHaveValue('24/12/2026');
    expect(time).toHaveValue('19:30');
    expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');

    await user.clear(date);
    await user.type(date, '05012099');
    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Hora do sorteio é obrigatória')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/campaigns/7')).toHaveLength(0);

    await user.type(time, '2100');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(lastPut()).toMatchObject({ draw_datetime: '2099-01-05 21:00:00' }));
  });

  it('should count the name as a person does, with the same n/120 counter as the wizard', async () => {
    serve(campaign());
    const { user } = renderEdit();
    const name = await screen.findByRole('textbox', { name: 'Nome da campanha' });
    expect(screen.getByText('13/120')).toBeInTheDocument();
    await user.clear(name);
    await user.click(name);
    await user.paste('🎉'.repeat(120));
    expect(screen.getByText('120/120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(lastPut()).toMatchObject({ name: '🎉'.repeat(120) }));
    await user.type(name, 'x');
    expect(screen.getByText('121/120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome da campanha deve ter no máximo 120 caracteres')).toBeInTheDocument();
  });

  it('should map a 422 onto the fields and toast the failure', async () => {
    serve(campaign());
    server.on('PUT', '/api/campaigns/:id', () =>
      reply(422, {
        success: false,
        message: 'Por favor, corrija os erros nos campos destacados.',
        errors: { name: ['Nome já usado aqui'] },
      }),
    );
    const { user } = renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome já usado aqui')).toBeInTheDocument();
    expect(toasts()[0]).toMatchObject({
      title: 'Erro ao salvar',
      description: 'Erro ao salvar campanha',
      duration: 4_000,
    });
  });

  it('should keep one prize unremovable, require each description and save the prizes', async () => {
    serve(campaign());
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Prêmios' }));
    expect(screen.getByRole('textbox', { name: 'Descrição do 1º prêmio' })).toHaveValue('Carro');
    expect(screen.getByRole('textbox', { name: 'Valor do 1º prêmio' })).toHaveValue('50.000,00');
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adicionar prêmio' }));
    expect(screen.getByRole('textbox', { name: 'Valor do 2º prêmio' })).toHaveValue('0,00');
    expect(screen.getAllByRole('button', { name: /Remover/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Salvar prêmios' }));
    expect(await screen.findByText('Descrição do 2º prêmio é obrigatória')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Descrição do 2º prêmio' }), 'Moto');
    expect(screen.queryByText('Descrição do 2º prêmio é obrigatória')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar prêmios' }));
    await waitFor(() =>
      expect(lastPut()).toEqual({
        awards: [
          { description: 'Carro', value: 50000 },
          { description: 'Moto', value: 0 },
        ],
      }),
    );
    expect(toasts()[0]).toMatchObject({ title: 'Prêmios salvos com sucesso!', duration: 4_000 });

    await user.click(screen.getByRole('button', { name: 'Remover 1º prêmio' }));
    expect(screen.getByRole('textbox', { name: 'Descrição do 1º prêmio' })).toHaveValue('Moto');
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
  });

  it('should toast "Erro ao salvar prêmios" when the save fails', async () => {
    serve(campaign());
    server.on('PUT', '/api/campaigns/:id', () => reply(500, { success: false }));
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Prêmios' }));
    await user.click(screen.getByRole('button', { name: 'Salvar prêmios' }));
    await waitFor(() => expect(toasts()[0]).toMatchObject({ title: 'Erro ao salvar prêmios' }));
  });

  it('should require the rules and wrap the selection in a bold marker', async () => {
    serve(campaign({ rules: 'abc' }));
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Regras' }));
    const rules = screen.getByRole('textbox', { name: 'Regulamento da campanha' }) as HTMLTextAreaElement;
    rules.setSelectionRange(1, 2);
    await user.click(screen.getByRole('button', { name: 'Negrito' }));
    expect(rules).toHaveValue('a**b**c');
    await user.clear(rules);
    await user.click(screen.getByRole('button', { name: 'Salvar regulamento' }));
    expect(await screen.findByText('Regulamento da campanha é obrigatório')).toBeInTheDocument();
    await user.type(rules, 'x');
    expect(screen.queryByText('Regulamento da campanha é obrigatório')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar regulamento' }));
    await waitFor(() => expect(lastPut()).toEqual({ rules: 'x' }));
  });

  it('should refuse a banner of the wrong type or over 5 MB and upload a PNG', async () => {
    serve(campaign());
    server.on('POST', '/api/campaigns/:id/upload-banner', () => ({
      success: true,
      message: 'Banner atualizado com sucesso!',
      data: campaign({ banner: 'https://rifaria.test/media/banners/a.png' }),
    }));
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Aparência' }));
    const input = screen.getByLabelText('Arquivo do banner');

    await user.upload(input, new File(['GIF89a'], 'banner.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O banner deve ser uma imagem PNG ou JPG.');
    expect(screen.queryByRole('button', { name: 'Enviar banner' })).not.toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O banner deve ter no máximo 5 MB.');

    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ok.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pré-visualização do banner' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Enviar banner' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/campaigns/7/upload-banner')).toHaveLength(1));
    const sent = server.callsTo('POST', '/api/campaigns/7/upload-banner')[0]!;
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Pré-visualização do banner' })).toHaveAttribute(
        'src',
        'https://rifaria.test/media/banners/a.png',
      ),
    );
  });

  it('should accept only an https banner URL and send it as banner_url', async () => {
    serve(campaign());
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Aparência' }));
    await user.click(screen.getByRole('button', { name: 'Usar URL' }));
    const field = screen.getByRole('textbox', { name: 'URL do banner' });
    await user.type(field, 'http://x.test/b.png');
    await user.click(screen.getByRole('button', { name: 'Salvar URL' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Informe um endereço https:// válido.');
    await user.clear(field);
    await user.type(field, 'https://x.test/b.png');
    expect(screen.getByRole('img', { name: 'Pré-visualização do banner' })).toHaveAttribute(
      'src',
      'https://x.test/b.png',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar URL' }));
    await waitFor(() => expect(lastPut()).toEqual({ banner_url: 'https://x.test/b.png' }));
  });

  it('should show the error screen with retry and the way back', async () => {
    server.on('GET', '/api/campaigns/:id', () => reply(500, { success: false }));
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Erro' })).toBeInTheDocument();
    expect(screen.getByText('Erro ao carregar campanha')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Campanhas' })).toHaveAttribute('href', '/campanhas');
  });

  it('should show "Campanha não encontrada" on a 404', async () => {
    server.on('GET', '/api/campaigns/:id', campaignNotFound);
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(within(document.body).getByRole('link', { name: 'Voltar para Campanhas' })).toBeInTheDocument();
  });
});

describe('checkBannerFile', () => {
  it('should accept PNG and JPG up to 5 MB and refuse anything else', () => {
    expect(checkBannerFile(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(checkBannerFile(new File(['x'], 'a.JPG', { type: '' }))).toBeNull();
    expect(checkBannerFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(
      'O banner deve ser uma imagem PNG ou JPG.',
    );
    expect(checkBannerFile(new File([new Uint8Array(5 * 1024 * 1024)], 'a.png', { type: 'image/png' }))).toBeNull();
  });
});

describe('a campaign with reserved numbers (issue 30)', () => {
  const sold = () => campaign({ has_reservations: true, amendments: [] });

  it('should say why, show the price read-only and the prizes as a list that cannot be edited', async () => {
    serve(sold());
    const { user } = renderEdit();
    expect(
      await screen.findByText(/Números já foram reservados nesta campanha: o preço e os prêmios não podem mais mudar/),
    ).toBeInTheDocument();
    const price = screen.getByRole('textbox', { name: 'Valor do ticket' });
    expect(price).toBeDisabled();
    expect(
      screen.getByText('O preço do número não pode mudar depois que números foram reservados.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Prêmios' }));
    expect(screen.getByText('Os prêmios não podem mudar depois que números foram reservados.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Prêmios' })).getByRole('listitem')).toHaveTextContent(
      'Carro (R$ 50.000,00)',
    );
    expect(screen.queryByRole('button', { name: 'Salvar prêmios' })).not.toBeInTheDocument();
  });

  it('should ask what changed before saving new rules, and send it as the amendment', async () => {
    serve(sold());
    const { user } = renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Regras' }));
    expect(screen.queryByRole('textbox', { name: /Descrição da alteração/ })).not.toBeInTheDocument();
    const rules = screen.getByRole('textbox', { name: 'Regulamento da campanha' });
    await user.type(rules, ' com entrega em 30 dias');
    const note = screen.getByRole('textbox', { name: /Descrição da alteração para os compradores/ });
    await user.click(screen.getByRole('button', { name: 'Salvar regulamento' }));
    expect(await screen.findByText(/descreva para os compradores o que mudou/)).toBeInTheDocument();
    expect(lastPut()).toBeUndefined();
    await user.type(note, 'Entrega do prêmio em até 30 dias');
    await user.click(screen.getByRole('button', { name: 'Salvar regulamento' }));
    await waitFor(() =>
      expect(lastPut()).toEqual({
        rules: 'Regras da rifa com entrega em 30 dias',
        amendment: 'Entrega do prêmio em até 30 dias',
      }),
    );
  });
});
