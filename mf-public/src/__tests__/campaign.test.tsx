import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { POSTPONED_DRAW, POSTPONED_DRAW_TEXT, reply } from '@rifaria/shared/testing';
import { useSession } from '@rifaria/shared/session';
import {
  COMMITMENT,
  FEDERAL_RULE,
  federalResult,
  RIFARIA_RULE,
  mockFetchForFile,
  publicCampaign,
  renderAt,
  rifariaCampaign,
  rifariaResult,
  sandboxResult,
  serveCampaign,
  serveResult,
  server,
  setScreenWidth,
  UPLOADED_BANNER,
} from '../testing/fixtures';
import { drawCountdownText } from '../page/draw-countdown';

mockFetchForFile();

const NBSP = '\u00a0';

/** The texts of the buttons in a group, in order. */
function buttonTexts(group: HTMLElement) {
  return within(group)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

describe('GET /public/campaigns/:link (campaign page)', () => {
  it('should show a loader, then banner placeholder, price badge, draw date, organiser, modality, prizes, rules and trust', async () => {
    serveCampaign();
    renderAt('/p/rifa-do-carro');
    expect(screen.getByRole('progressbar', { name: 'Carregando campanha' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/rifa-do-carro')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Campanha sem imagem' })).toBeInTheDocument();
    expect(screen.getByText(`R$ 1,00 por número`)).toBeInTheDocument();
    expect(screen.getByText('19/12/2026 às 20:00')).toBeInTheDocument();
    expect(document.title).toBe('Rifa do Carro 0km | Rifaria');
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('Loteria Federal')).toBeInTheDocument();

    const prizes = screen.getByRole('region', { name: 'Prêmios' });
    expect(within(prizes).getByText('1º prêmio')).toBeInTheDocument();
    expect(within(prizes).getByText('Carro 0km')).toBeInTheDocument();
    expect(within(prizes).getByText(`R$ 80.000,00`)).toBeInTheDocument();
    expect(within(prizes).getByText('2º prêmio')).toBeInTheDocument();

    const rules = screen.getByRole('region', { name: 'Regulamento' });
    expect(within(rules).getByText('extração da Loteria').tagName).toBe('STRONG');

    const trust = screen.getByRole('region', { name: 'Compra segura' });
    expect(within(trust).getByText('Pagamento via Pix')).toBeInTheDocument();
    expect(within(trust).getByText('Números aleatórios e exclusivos')).toBeInTheDocument();

    expect(screen.getByRole('progressbar', { name: 'Números vendidos' })).toHaveAttribute('aria-valuenow', '37.5');
    expect(screen.getByText('37,5% vendido')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meus números' })).toHaveAttribute('href', '/p/rifa-do-carro/meus-numeros');
    expect(
      screen.getByText('Os números são sorteados aleatoriamente pelo sistema no momento da reserva.'),
    ).toBeInTheDocument();
  });

  it('should show every amendment made after sales, dated, above the rules (issue 30)', async () => {
    serveCampaign({
      amendments: [POSTPONED_DRAW],
    });
    renderAt('/p/rifa-do-carro');
    const section = await screen.findByRole('region', { name: 'Alterações do regulamento' });
    expect(within(section).getByRole('listitem')).toHaveTextContent(POSTPONED_DRAW_TEXT);
  });

  it('should show no amendments section when nothing changed', async () => {
    serveCampaign({});
    renderAt('/p/rifa-do-carro');
    await screen.findByRole('region', { name: 'Regulamento' });
    expect(screen.queryByRole('region', { name: 'Alterações do regulamento' })).not.toBeInTheDocument();
  });

  it('should show the banner image, "Aguardando data" and the default 18+ rules when the organiser wrote none', async () => {
    serveCampaign({
      banner_image: 'https://cdn.rifaria.test/banner.png',
      banner: { src: 'https://cdn.rifaria.test/banner.png', width: null, height: null, sources: [], preview: null },
      draw_date_formatted: null,
      draw_datetime: null,
      draw_date: null,
      rules: '',
    });
    renderAt('/p/rifa-do-carro');
    expect(await screen.findByRole('img', { name: 'Banner da campanha Rifa do Carro 0km' })).toHaveAttribute(
      'src',
      'https://cdn.rifaria.test/banner.png',
    );
    expect(screen.getByText('Aguardando data')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Regulamento' })).getByText(/maiores de 18 anos residentes no Brasil/),
    ).toBeInTheDocument();
  });

  it('should offer the uploaded banner as a <picture>: AVIF and WebP sources, then the JPEG, loaded first', async () => {
    serveCampaign({ banner_image: '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b', banner: UPLOADED_BANNER });
    renderAt('/p/rifa-do-carro');
    const img = await screen.findByRole('img', { name: 'Banner da campanha Rifa do Carro 0km' });
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = Array.from(picture.querySelectorAll('source'));
    expect(sources.map((source) => [source.type, source.srcset, source.sizes])).toEqual(
      UPLOADED_BANNER.sources.map((source) => [source.type, source.srcset, '(min-width: 900px) 720px, 100vw']),
    );
    // The <img> comes after its sources (the browser picks the first it supports).
    expect(picture.lastElementChild).toBe(img);
    expect(img).toHaveAttribute('src', UPLOADED_BANNER.src);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('loading');

    // A variant that fails to load falls back to the placeholder.
    fireEvent.error(img);
    expect(await screen.findByRole('img', { name: 'Campanha sem imagem' })).toBeInTheDocument();
    expect(document.querySelector('picture')).toBeNull();
  });

  it('should draw a banner given by URL without sources nor size', async () => {
    serveCampaign({
      banner_image: 'https://cdn.rifaria.test/b.png',
      banner: { src: 'https://cdn.rifaria.test/b.png', width: null, height: null, sources: [], preview: null },
    });
    renderAt('/p/rifa-do-carro');
    const img = await screen.findByRole('img', { name: 'Banner da campanha Rifa do Carro 0km' });
    expect(img.parentElement!.querySelectorAll('source')).toHaveLength(0);
    expect(img).not.toHaveAttribute('width');
    expect(img).not.toHaveAttribute('height');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('should drop scripts, handlers and links from the rules even if the server let them through', async () => {
    serveCampaign({
      rules:
        '<p onclick="alert(1)">Regra <em>um</em></p><script>window.hacked = 1</script><a href="javascript:x">link</a><img src=x onerror="alert(1)">',
    });
    renderAt('/p/rifa-do-carro');
    const rules = await screen.findByRole('region', { name: 'Regulamento' });
    expect(rules.querySelector('script, a, img, [onclick]')).toBeNull();
    expect(within(rules).getByText('um').tagName).toBe('EM');
    expect(within(rules).getByText(/link/)).toBeInTheDocument();
  });

  it('should show "Campanha não encontrada" on a 404 and on success=false', async () => {
    server.on('GET', '/public/campaigns/:link', () =>
      reply(404, { success: false, message: 'Campanha não encontrada.' }),
    );
    const first = renderAt('/p/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).not.toBeInTheDocument();
    // Issue 30: the logo, and a way onward to the buyers' page (last campaign, 'Meus números').
    expect(screen.getByText('Rifaria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página de compradores' })).toHaveAttribute('href', '/p');
    first.unmount();

    server.on('GET', '/public/campaigns/:link', () => ({ success: false, message: 'Esta campanha foi encerrada.' }));
    renderAt('/p/encerrada');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByText('Esta campanha foi encerrada.')).toBeInTheDocument();
  });

  it('should show the error with "Tentar novamente", which loads the campaign again', async () => {
    let fail = true;
    server.on('GET', '/public/campaigns/:link', () =>
      fail ? reply(500, { success: false, message: 'Erro interno' }) : { success: true, data: publicCampaign() },
    );
    const { user } = renderAt('/p/rifa-do-carro');
    expect(await screen.findByText('Erro ao carregar campanha. Tente novamente.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/:link')).toHaveLength(2);
  });

  it('should say "Tempo limite excedido. Verifique sua conexão." when the API does not answer in 60 s', async () => {
    jest.useFakeTimers();
    server.on('GET', '/public/campaigns/:link', () => new Promise(() => undefined));
    renderAt('/p/rifa-do-carro');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_001);
    });
    expect(await screen.findByText('Tempo limite excedido. Verifique sua conexão.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('should send no token even when an organiser is signed in on this browser', async () => {
    useSession.getState().setSession({ id: 1, name: 'Org', email: 'o@x.com' } as never);
    serveCampaign();
    renderAt('/p/rifa-do-carro');
    await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' });
    expect(server.calls[0]!.headers.get('authorization')).toBeNull();
    useSession.getState().logout();
  });
});

describe('quantity selector and "Participar Agora"', () => {
  it('should offer +10, +50, +100 and +500 on desktop, add up, clamp at 1.000 and update the total', async () => {
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Escolha quantos números quer' });
    const quick = within(card).getByRole('group', { name: 'Adicionar números' });
    expect(buttonTexts(quick)).toEqual(['+10', '+50', '+100', '+500']);
    const input = within(card).getByRole('textbox', { name: 'Quantidade de números' });
    expect(input).toHaveValue('0');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    const participate = screen.getByRole('button', { name: 'Participar Agora' });
    expect(participate).toBeDisabled();
    expect(participate).toHaveAccessibleDescription('Escolha pelo menos 1 número.');

    await user.click(within(quick).getByRole('button', { name: '+10' }));
    await user.click(within(quick).getByRole('button', { name: '+50' }));
    expect(input).toHaveValue('60');
    expect(within(card).getByText(`R$ 60,00`)).toBeInTheDocument();
    expect(participate).toBeEnabled();

    await user.click(within(card).getByRole('button', { name: 'Diminuir quantidade' }));
    expect(input).toHaveValue('59');
    await user.click(within(card).getByRole('button', { name: 'Aumentar quantidade' }));
    expect(input).toHaveValue('60');

    for (let i = 0; i < 2; i++) await user.click(within(quick).getByRole('button', { name: '+500' }));
    expect(input).toHaveValue('1000');
    expect(within(quick).getByRole('button', { name: '+10' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '25');
    expect(input).toHaveValue('25');
    await user.click(within(card).getByRole('button', { name: 'Limpar quantidade' }));
    expect(input).toHaveValue('0');
  });

  it.each([
    ['999999999', 'Máximo de 1.000 números por compra.'],
    ['-5', 'Use apenas algarismos: a quantidade é um número inteiro, sem ponto, vírgula ou sinal.'],
    ['1.5', 'Use apenas algarismos: a quantidade é um número inteiro, sem ponto, vírgula ou sinal.'],
  ])('should keep %p as typed and say why it is no quantity (issue 30)', async (typed, message) => {
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Escolha quantos números quer' });
    const input = within(card).getByRole('textbox', { name: 'Quantidade de números' });
    await user.clear(input);
    await user.type(input, typed);
    // Never another number than the one typed.
    expect(input).toHaveValue(typed);
    expect(input).toHaveAccessibleDescription(message);
    const participate = screen.getByRole('button', { name: 'Participar Agora' });
    expect(participate).toBeDisabled();
    expect(participate).toHaveAccessibleDescription(message);
    // A quick add replaces it with a real quantity.
    await user.click(within(card).getByRole('button', { name: '+10' }));
    expect(input).toHaveValue('10');
    expect(input).not.toHaveAccessibleDescription(message);
    expect(participate).toBeEnabled();
  });

  it('should say how many remain when more than the available numbers is typed', async () => {
    serveCampaign({ stats: { sales_percentage: 99.9, tickets_available: 7, tickets_paid: 9992 } });
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Escolha quantos números quer' });
    const input = within(card).getByRole('textbox', { name: 'Quantidade de números' });
    await user.clear(input);
    await user.type(input, '8');
    expect(input).toHaveValue('8');
    expect(input).toHaveAccessibleDescription('Restam apenas 7 números disponíveis. Escolha uma quantidade menor.');
  });

  it('should never offer more than the numbers still available', async () => {
    serveCampaign({ stats: { sales_percentage: 99.9, tickets_available: 7, tickets_paid: 9992 } });
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Escolha quantos números quer' });
    await user.click(within(card).getByRole('button', { name: '+10' }));
    expect(within(card).getByRole('textbox', { name: 'Quantidade de números' })).toHaveValue('7');
  });

  it('should show the mobile steps and the sticky bar with +1, +10, the total and "Participar Agora" on a phone', async () => {
    setScreenWidth(390);
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Escolha quantos números quer' });
    const quick = within(card).getByRole('group', { name: 'Adicionar números' });
    expect(buttonTexts(quick)).toEqual(['+10', '+50', '+100', '+200', '+300', '+500']);

    const bar = screen.getByRole('region', { name: 'Resumo da compra' });
    await user.click(within(bar).getByRole('button', { name: '+1 número' }));
    await user.click(within(bar).getByRole('button', { name: '+10 números' }));
    await user.click(within(quick).getByRole('button', { name: '+200' }));
    expect(within(card).getByRole('textbox', { name: 'Quantidade de números' })).toHaveValue('211');
    expect(within(bar).getByText(`R$ 211,00`)).toBeInTheDocument();
    expect(within(bar).getByText('Total (211 números)')).toBeInTheDocument();
    // One 'Participar Agora' on a phone: in the bar.
    expect(screen.getAllByRole('button', { name: 'Participar Agora' })).toHaveLength(1);
    expect(within(bar).getByRole('button', { name: 'Participar Agora' })).toBeEnabled();
  });

  it('should disable "Participar Agora" with the reason when the campaign is not accepting purchases or sold out', async () => {
    serveCampaign({ accepting_purchases: false });
    const first = renderAt('/p/rifa-do-carro');
    const button = await screen.findByRole('button', { name: 'Participar Agora' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Esta campanha não está aceitando compras no momento.');
    expect(screen.getByRole('button', { name: '+10' })).toBeDisabled();
    first.unmount();

    serveCampaign({
      accepting_purchases: false,
      stats: { sales_percentage: 100, tickets_available: 0, tickets_paid: 10000 },
    });
    renderAt('/p/rifa-do-carro');
    expect(await screen.findByRole('button', { name: 'Participar Agora' })).toHaveAccessibleDescription(
      'Todos os números desta campanha já foram vendidos.',
    );
  });

  it('should say "Vendas encerradas" once the draw date passed, before the draw', async () => {
    serveCampaign({
      accepting_purchases: false,
      draw_datetime: '2020-01-10 20:00:00',
      draw_date: '2020-01-10',
      draw_date_formatted: '10/01/2020 às 20:00',
    });
    renderAt('/p/rifa-do-carro');
    const button = await screen.findByRole('button', { name: 'Participar Agora' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Vendas encerradas: o sorteio será realizado em breve.');
    expect(screen.queryByText(/não está aceitando compras no momento/)).not.toBeInTheDocument();
  });

  it('should say "Vendas encerradas" in the last 2 minutes before the draw (the API takes no reservation then)', async () => {
    // 90 s ahead, as São Paulo's wall clock (UTC-3) writes it.
    const soon = new Date(Date.now() + 90_000 - 3 * 60 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    serveCampaign({ accepting_purchases: false, draw_datetime: soon });
    renderAt('/p/rifa-do-carro');
    const button = await screen.findByRole('button', { name: 'Participar Agora' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Vendas encerradas: o sorteio será realizado em breve.');
  });

  it('should offer nothing to buy once drawn: no quantity, no "Participar Agora", no bottom bar on a phone', async () => {
    setScreenWidth(390);
    serveResult(rifariaResult());
    serveCampaign(
      rifariaCampaign({ drawn: true, accepting_purchases: false, status: { id: 4, description: 'Finalizada' } }),
    );
    renderAt('/p/rifa-do-carro');
    const closed = await screen.findByRole('region', { name: 'Vendas encerradas' });
    expect(closed).toHaveTextContent('Sorteio realizado: as vendas desta campanha estão encerradas.');
    expect(within(closed).getByRole('link', { name: 'Meus números' })).toHaveAttribute(
      'href',
      '/p/rifa-do-carro/meus-numeros',
    );
    expect(screen.queryByRole('region', { name: 'Escolha quantos números quer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resumo da compra' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+10' })).not.toBeInTheDocument();
    expect(screen.queryByText(/não está aceitando compras no momento/)).not.toBeInTheDocument();

    // 'Sorteio realizado' comes right under the name, before the draw date, prizes and the rest.
    const card = screen.getByRole('region', { name: 'Sorteio realizado' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Rifa do Carro 0km' });
    expect(heading.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      card.compareDocumentPosition(screen.getByText('Organizador')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await within(card).findAllByRole('listitem')).toHaveLength(2);
  });

  it('should replace the quantity card with "Vendas encerradas" on desktop once drawn, even before Finalizada', async () => {
    serveResult(rifariaResult());
    serveCampaign(rifariaCampaign({ drawn: true, accepting_purchases: false }));
    renderAt('/p/rifa-do-carro');
    expect(await screen.findByRole('region', { name: 'Vendas encerradas' })).toHaveTextContent(
      'Sorteio realizado: as vendas desta campanha estão encerradas.',
    );
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).not.toBeInTheDocument();
  });
});

describe('share dialog and organiser contact', () => {
  it('should share on WhatsApp with name, price and link, and say "Link copiado!" for 2 s', async () => {
    jest.useFakeTimers();
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro', { advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar campanha' });

    const whatsapp = within(dialog).getByRole('link', { name: 'Compartilhar no WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    const text = href.searchParams.get('text')!;
    expect(text).toContain('Rifa do Carro 0km');
    expect(text).toContain(`R$${NBSP}1,00`);
    expect(text).toContain('https://rifaria.test/p/rifa-do-carro');

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await within(dialog).findByRole('button', { name: 'Link copiado!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://rifaria.test/p/rifa-do-carro');
    act(() => {
      jest.advanceTimersByTime(1_900);
    });
    expect(within(dialog).getByRole('button', { name: 'Link copiado!' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(within(dialog).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
  });

  it('should link to the organiser on WhatsApp only when a number exists', async () => {
    serveCampaign();
    const first = renderAt('/p/rifa-do-carro');
    const contact = await screen.findByRole('link', { name: 'Falar com o organizador' });
    expect(contact.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    first.unmount();

    serveCampaign({ organizer: { name: 'Ana Souza', whatsapp: null } });
    renderAt('/p/rifa-do-carro');
    await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' });
    expect(screen.queryByRole('link', { name: 'Falar com o organizador' })).not.toBeInTheDocument();
  });
});

describe('the draw (issue 13)', () => {
  it('should show the rule and the commitment of a "Sorteio Rifaria" before the draw, and load no result', async () => {
    serveCampaign(rifariaCampaign());
    renderAt('/p/rifa-do-carro');
    const draw = await screen.findByRole('region', { name: 'Como funciona o sorteio' });
    expect(within(draw).getByText(RIFARIA_RULE)).toBeInTheDocument();
    const commitment = within(draw).getByRole('figure', { name: 'Compromisso do sorteio (SHA-256 da semente)' });
    expect(within(commitment).getByText(COMMITMENT)).toHaveStyle({ wordBreak: 'break-all', fontFamily: 'monospace' });
    expect(screen.queryByRole('region', { name: 'Sorteio realizado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver resultado e como conferir' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/:link/result')).toHaveLength(0);
  });

  it('should show the "Loteria Federal" rule with no commitment', async () => {
    serveCampaign();
    renderAt('/p/rifa-do-carro');
    const draw = await screen.findByRole('region', { name: 'Como funciona o sorteio' });
    expect(within(draw).getByText(FEDERAL_RULE)).toBeInTheDocument();
    expect(within(draw).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('should show "Sorteio realizado" with the winners once drawn, and lead to the result page', async () => {
    let answer: (value: unknown) => void = () => undefined;
    server.on('GET', '/public/campaigns/:link/result', () => new Promise((resolve) => (answer = resolve)));
    serveCampaign(rifariaCampaign({ drawn: true, accepting_purchases: false }));
    const { user } = renderAt('/p/rifa-do-carro');

    const card = await screen.findByRole('region', { name: 'Sorteio realizado' });
    // The winners' place is held while they load (no layout shift).
    expect(within(card).getByRole('status', { name: 'Carregando ganhadores' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ver resultado e como conferir' })).toHaveAttribute(
      'href',
      '/p/rifa-do-carro/resultado',
    );
    act(() => answer({ success: true, data: rifariaResult() }));

    const winners = await within(card).findAllByRole('listitem');
    expect(winners).toHaveLength(2);
    expect(winners[0]).toHaveTextContent('1º prêmio');
    expect(winners[0]).toHaveTextContent('0066');
    expect(winners[0]).toHaveTextContent('Maria S.');
    expect(within(card).getByText('Realizado em 19/12/2026 às 20:00')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/rifa-do-carro/result')).toHaveLength(1);
    // The rule and the commitment stay on the page.
    expect(screen.getByRole('region', { name: 'Como funciona o sorteio' })).toHaveTextContent(COMMITMENT);

    serveResult(rifariaResult());
    await user.click(within(card).getByRole('link', { name: 'Ver resultado e como conferir' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado do sorteio' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p\/rifa-do-carro\/resultado$/);
  });

  it('should let the winners be loaded again when the result fails, keeping the campaign on screen', async () => {
    let fail = true;
    server.on('GET', '/public/campaigns/:link/result', () =>
      fail ? reply(500, { success: false, message: 'Erro interno' }) : { success: true, data: rifariaResult() },
    );
    serveCampaign(rifariaCampaign({ drawn: true, accepting_purchases: false }));
    const { user } = renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Sorteio realizado' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Erro ao carregar o resultado do sorteio. Tente novamente.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(card).findAllByRole('listitem')).toHaveLength(2);
  });

  it('should add a short sandbox note to "Sorteio realizado" for a demo draw, and none for a real one', async () => {
    serveResult(sandboxResult());
    serveCampaign(rifariaCampaign({ drawn: true, accepting_purchases: false }));
    const first = renderAt('/p/rifa-do-carro');
    let card = await screen.findByRole('region', { name: 'Sorteio realizado' });
    expect(
      await within(card).findByText('Sorteio de demonstração (sandbox): não vale como sorteio real.'),
    ).toBeInTheDocument();
    first.unmount();

    serveResult(federalResult('sandbox'));
    const second = renderAt('/p/rifa-do-carro');
    card = await screen.findByRole('region', { name: 'Sorteio realizado' });
    expect(
      await within(card).findByText('Sorteio de demonstração (sandbox): não vale como sorteio real.'),
    ).toBeInTheDocument();
    second.unmount();

    serveResult(rifariaResult());
    renderAt('/p/rifa-do-carro');
    card = await screen.findByRole('region', { name: 'Sorteio realizado' });
    expect(await within(card).findAllByRole('listitem')).toHaveLength(2);
    expect(within(card).queryByText(/sandbox/)).not.toBeInTheDocument();
  });
});

describe('the countdown to the draw (issue 30)', () => {
  // The fixture's draw: 19/12/2026 20:00 in São Paulo (23:00 UTC). 3 days, 4 h and 12 min before it:
  const BEFORE = new Date('2026-12-16T18:48:00Z');

  it('should count down to the draw in days, hours and minutes, live, and then say it awaits the result', async () => {
    jest.useFakeTimers({ now: BEFORE });
    serveCampaign();
    renderAt('/p/rifa-do-carro', { advanceTimers: jest.advanceTimersByTime });
    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent('Sorteio em 3 dias, 4 h e 12 min');
    // Under the draw date, in the header's 'Sorteio' entry.
    expect(timer.closest('dd')).toHaveTextContent('19/12/2026 às 20:00');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(timer).toHaveTextContent('Sorteio em 3 dias, 4 h e 11 min');
    // The clock jumps to 30 s before the draw (a phone waking up): the next tick says so.
    jest.setSystemTime(new Date('2026-12-19T22:59:30Z'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(timer).toHaveTextContent(/^Sorteio em 1 min$/);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    expect(timer).toHaveTextContent('Aguardando o resultado do sorteio');
  });

  it('should show no countdown without a date, once drawn, or for a cancelled campaign', async () => {
    serveResult(rifariaResult());
    for (const overrides of [
      { draw_datetime: null, draw_date: null, draw_date_formatted: null },
      rifariaCampaign({ drawn: true, accepting_purchases: false }),
      { status: { id: 3, description: 'Cancelada' }, accepting_purchases: false } as const,
    ]) {
      serveCampaign(overrides);
      const { unmount } = renderAt('/p/rifa-do-carro');
      await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      unmount();
    }
  });

  it.each([
    [60_000 * (24 * 60 + 1), 'Sorteio em 1 dia e 1 min'],
    [60_000 * 2 * 60, 'Sorteio em 2 h'],
    [60_000 * 59 + 1, 'Sorteio em 1 h'],
    [30_000, 'Sorteio em 1 min'],
    [0, 'Aguardando o resultado do sorteio'],
    [-5_000, 'Aguardando o resultado do sorteio'],
  ])('should write %d ms before the draw as "%s"', (left, text) => {
    expect(drawCountdownText(1_000_000_000_000 + left, 1_000_000_000_000)).toBe(text);
  });
});

describe('routes', () => {
  it('should send an unknown nested path to the public home (never to the organisers’ area)', async () => {
    renderAt('/p/a/b/c');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/p$/));
  });
});

// Issue 32: a suspended campaign, and 'Denunciar campanha'.
describe('suspended campaign', () => {
  it("should say 'Campanha suspensa' and offer nothing to buy", async () => {
    serveCampaign({ status: { id: 5, description: 'Suspensa' }, accepting_purchases: false });
    renderAt('/p/rifa-do-carro');
    const card = await screen.findByRole('region', { name: 'Campanha suspensa' });
    expect(within(card).getByText(/Campanha suspensa pela equipe da Rifaria/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).not.toBeInTheDocument();
  });
});

describe("POST /public/campaigns/:link/reports ('Denunciar campanha')", () => {
  /** The campaign page with the report dialog open; the server answers the report with `answer`. */
  async function openReport(answer: ReturnType<typeof reply>) {
    serveCampaign();
    server.on('POST', '/public/campaigns/:link/reports', () => answer);
    const { user } = renderAt('/p/rifa-do-carro');
    await user.click(await screen.findByRole('button', { name: 'Denunciar campanha' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Denunciar campanha' }) };
  }
  const THANKS = 'Denúncia enviada. Obrigado: a equipe da Rifaria vai analisar.';

  it('should ask for the reason and what happened, send them with the phone, and thank the buyer', async () => {
    const { user, dialog } = await openReport(reply(201, { success: true, message: THANKS }));
    const send = within(dialog).getByRole('button', { name: 'Enviar denúncia' });
    await user.click(send);
    expect(within(dialog).getByText('Escolha o motivo da denúncia.')).toBeInTheDocument();
    expect(within(dialog).getByText('Conte o que aconteceu.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/public/campaigns/:link/reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Prêmio inexistente' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'O que aconteceu?' }), 'O carro não existe.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Seu telefone (opcional)' }), '(11) 98765-4321');
    await user.click(send);
    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    const [call] = server.callsTo('POST', '/public/campaigns/:link/reports');
    expect([call!.params.link, call!.body]).toEqual([
      'rifa-do-carro',
      { reason: 'premio_inexistente', description: 'O carro não existe.', phone: '11987654321' },
    ]);
  });

  it("should show the server's refusal (too many reports)", async () => {
    const refusal = 'Muitas tentativas com este telefone. Aguarde uma hora e tente novamente.';
    const { user, dialog } = await openReport(reply(429, { success: false, message: refusal }));
    await user.click(within(dialog).getByRole('radio', { name: 'Golpe' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'O que aconteceu?' }), 'Golpe.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });
});
