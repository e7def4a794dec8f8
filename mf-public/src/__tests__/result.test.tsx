import { screen, waitFor, within } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import {
  CHAIN_HASH,
  COMMITMENT,
  RANDOMNESS,
  SEED,
  TICKETS_HASH,
  federalResult,
  mockFetchForFile,
  renderAt,
  rifariaResult,
  sandboxResult,
  serveCampaign,
  serveNoResult,
  serveResult,
  server,
} from '../testing/fixtures';

mockFetchForFile();

const SANDBOX_LABEL = 'Beacon de demonstração (sandbox) — não é aleatoriedade pública';
const SANDBOX_TOP =
  'Sorteio de demonstração (sandbox): não vale como sorteio real. Veja os detalhes em “Como conferir”.';
const FEDERAL_SANDBOX = 'Resultado de demonstração (sandbox) — não é um resultado real da Loteria Federal';

/** True when `first` comes before `second` in the page. */
function precedes(first: HTMLElement, second: HTMLElement) {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('GET /public/campaigns/:link/result (result page /p/:link/resultado)', () => {
  it('should show the campaign, the date, the winners and how to check a "Sorteio Rifaria" drawn with drand', async () => {
    serveResult(rifariaResult());
    renderAt('/p/rifa-do-carro/resultado');
    expect(screen.getByRole('progressbar', { name: 'Carregando resultado' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado do sorteio' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/rifa-do-carro/result')).toHaveLength(1);
    expect(server.calls[0]!.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Rifa do Carro 0km' })).toHaveAttribute('href', '/p/rifa-do-carro');
    expect(screen.getByText('Sorteio realizado em 19/12/2026 às 20:00')).toBeInTheDocument();
    expect(screen.getByText('Sorteio Rifaria')).toBeInTheDocument();

    const winners = within(screen.getByRole('region', { name: 'Ganhadores' })).getAllByRole('listitem');
    expect(winners).toHaveLength(2);
    expect(winners[0]).toHaveTextContent('0066');
    expect(winners[0]).toHaveTextContent('1º prêmio');
    expect(winners[0]).toHaveTextContent('Carro 0km');
    expect(winners[0]).toHaveTextContent('Maria S.');
    expect(winners[1]).toHaveTextContent('2º prêmio');
    expect(winners[1]).toHaveTextContent('7310');
    expect(winners[1]).toHaveTextContent('João P.');

    const check = screen.getByRole('region', { name: 'Como conferir' });
    expect(within(check).getByText(SEED)).toBeInTheDocument();
    expect(within(check).getByText(COMMITMENT)).toBeInTheDocument();
    expect(within(check).getByText(/SHA-256\(semente\) = compromisso/)).toBeInTheDocument();
    expect(within(check).getByText('Rodada 12345678 do drand (League of Entropy, rede quicknet).')).toBeInTheDocument();
    const record = within(check).getByRole('link', { name: 'Ver registro público da rodada 12345678' });
    expect(record).toHaveAttribute('href', `https://api.drand.sh/${CHAIN_HASH}/public/12345678`);
    expect(record).toHaveAttribute('target', '_blank');
    expect(record.getAttribute('rel')).toContain('noopener');
    expect(within(check).getByText(RANDOMNESS)).toBeInTheDocument();
    expect(within(check).queryByText(SANDBOX_LABEL)).not.toBeInTheDocument();
    expect(within(check).getByText(TICKETS_HASH)).toBeInTheDocument();
    expect(within(check).getByText('3.750 números pagos participaram do sorteio.')).toBeInTheDocument();
    expect(within(check).getByRole('heading', { name: 'Como os ganhadores foram calculados' })).toBeInTheDocument();
    expect(within(check).getByText(/HMAC-SHA256 com a semente como chave/)).toBeInTheDocument();
    expect(within(check).getByText(/sem viés de módulo/)).toBeInTheDocument();

    // 64 hex characters without a space must wrap on a 360 px phone.
    expect(within(check).getByText(SEED)).toHaveStyle({ wordBreak: 'break-all', fontFamily: 'monospace' });

    const download = within(check).getByRole('link', { name: 'Baixar arquivo de verificação' });
    expect(download).toHaveAttribute(
      'href',
      `${window.location.origin}/public/campaigns/rifa-do-carro/result/verification.json`,
    );
    expect(download).toHaveAttribute('download', 'sorteio-rifa-do-carro.json');
    // On a phone the command scrolls sideways rather than breaking the file name mid-word.
    // Against what was published before the draw, not only against itself.
    expect(
      within(check).getByText(
        // The one link origin the API gave (issue 30, item 12), not the address the page was opened at.
        'npm run verify-draw -- sorteio-rifa-do-carro.json --link http://192.0.2.2:8080/p/rifa-do-carro',
      ),
    ).toHaveStyle({
      whiteSpace: 'pre',
      overflowX: 'auto',
    });
    expect(within(check).getByText(/em um computador com Node\.js e o código do Rifaria, rode:/)).toBeInTheDocument();
    expect(screen.queryByText(SANDBOX_TOP)).not.toBeInTheDocument();
    expect(document.title).toBe('Resultado do sorteio — Rifa do Carro 0km | Rifaria');
  });

  it('should label a sandbox beacon as a demonstration, with no public record to link', async () => {
    serveResult(sandboxResult());
    renderAt('/p/rifa-do-carro/resultado');
    const check = await screen.findByRole('region', { name: 'Como conferir' });
    expect(within(check).getByText(SANDBOX_LABEL)).toBeInTheDocument();
    expect(within(check).queryByText(/^Rodada \d+ do drand/)).not.toBeInTheDocument();
    expect(within(check).getByText(/^Rodada 12345678 do beacon de demonstração/)).toBeInTheDocument();
    expect(within(check).getByText(/foi usado o beacon de demonstração \(sandbox\)/)).toBeInTheDocument();
    expect(within(check).queryByRole('link', { name: /Ver registro público/ })).not.toBeInTheDocument();
    expect(within(check).getByText(SEED)).toBeInTheDocument();
    // The winners come first: the page says it is a demo above them too, not only in 'Como conferir'.
    const top = screen.getByText(SANDBOX_TOP);
    expect(precedes(top, screen.getByRole('region', { name: 'Ganhadores' }))).toBe(true);
  });

  it('should show the contest, the 5 prizes and each winner’s steps for a "Loteria Federal" draw', async () => {
    serveResult(federalResult());
    renderAt('/p/rifa-do-carro/resultado');
    const check = await screen.findByRole('region', { name: 'Como conferir' });
    expect(screen.getByText('Loteria Federal')).toBeInTheDocument();
    expect(within(check).getByText('5912')).toBeInTheDocument();

    const prizes = within(within(check).getByRole('list', { name: 'Prêmios da Loteria Federal' })).getAllByRole(
      'listitem',
    );
    expect(prizes.map((item) => item.textContent)).toEqual([
      '1º prêmio:12345',
      '2º prêmio:67890',
      '3º prêmio:00711',
      '4º prêmio:54321',
      '5º prêmio:99999',
    ]);

    const second = within(check).getByRole('region', { name: '2º prêmio: 0711' });
    expect(
      within(second)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2º prêmio da Federal: 67890, últimos 4 dígitos: 7890.',
      '7890 não foi vendido e pago.',
      'Tentando o próximo: 3º prêmio da Federal: 00711, últimos 4 dígitos: 0711.',
      'Ganhador do 2º prêmio: 0711.',
    ]);
    expect(within(check).getByRole('region', { name: '1º prêmio: 2345' })).toHaveTextContent(
      'Ganhador do 1º prêmio: 2345.',
    );
    expect(within(check).queryByText(/Semente/)).not.toBeInTheDocument();
    expect(within(check).queryByText(SANDBOX_LABEL)).not.toBeInTheDocument();
    expect(within(check).getByRole('link', { name: 'Baixar arquivo de verificação' })).toBeInTheDocument();
    expect(within(check).getByText('Resultado obtido da Caixa')).toBeInTheDocument();
    expect(screen.queryByText(SANDBOX_TOP)).not.toBeInTheDocument();
    expect(screen.queryByText(FEDERAL_SANDBOX)).not.toBeInTheDocument();
  });

  it('should say where the Federal prizes came from: typed by the organiser', async () => {
    serveResult(federalResult('organizer'));
    renderAt('/p/rifa-do-carro/resultado');
    const check = await screen.findByRole('region', { name: 'Como conferir' });
    expect(
      within(check).getByText('Prêmios informados pelo organizador — confira no site da Caixa'),
    ).toBeInTheDocument();
    expect(within(check).queryByText('Resultado obtido da Caixa')).not.toBeInTheDocument();
    expect(within(check).getByText(/Confira os prêmios no site da Caixa/)).toBeInTheDocument();
    expect(screen.queryByText(SANDBOX_TOP)).not.toBeInTheDocument();
  });

  it('should warn that a sandbox Federal result is not a real one, next to the contest and above the winners', async () => {
    serveResult(federalResult('sandbox'));
    renderAt('/p/rifa-do-carro/resultado');
    const check = await screen.findByRole('region', { name: 'Como conferir' });
    expect(within(check).getByText(FEDERAL_SANDBOX)).toBeInTheDocument();
    expect(within(check).queryByText('Resultado obtido da Caixa')).not.toBeInTheDocument();
    expect(within(check).queryByText(/Confira os prêmios no site da Caixa/)).not.toBeInTheDocument();
    expect(precedes(screen.getByText(SANDBOX_TOP), screen.getByRole('region', { name: 'Ganhadores' }))).toBe(true);
  });

  it('should say "Resultado ainda não disponível" before the draw (404) and lead back to the campaign', async () => {
    serveNoResult();
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro/resultado');
    expect(await screen.findByRole('heading', { name: 'Resultado ainda não disponível' })).toBeInTheDocument();
    expect(screen.getByText(/O resultado aparece nesta página depois do sorteio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Voltar para a campanha' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p\/rifa-do-carro$/);
  });

  it('should say "Campanha não encontrada" and lead to /p when the link is no campaign (both 404)', async () => {
    serveNoResult();
    server.on('GET', '/public/campaigns/:link', () =>
      reply(404, { success: false, message: 'Campanha não encontrada.' }),
    );
    const { user } = renderAt('/p/nao-existe/resultado');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/nao-existe')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Resultado ainda não disponível' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Voltar para a campanha' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Ir para a página inicial' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/p$/));
  });

  it('should also say "Campanha não encontrada" when the campaign answers success=false (not published)', async () => {
    serveNoResult();
    server.on('GET', '/public/campaigns/:link', () => ({ success: false, message: 'Esta campanha foi encerrada.' }));
    renderAt('/p/rascunho/resultado');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/p');
  });

  it('should show the error with "Tentar novamente", which loads the result again', async () => {
    let fail = true;
    server.on('GET', '/public/campaigns/:link/result', () =>
      fail ? reply(500, { success: false, message: 'Erro interno' }) : { success: true, data: rifariaResult() },
    );
    const { user } = renderAt('/p/rifa-do-carro/resultado');
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar o resultado' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar o resultado do sorteio. Tente novamente.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado do sorteio' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/:link/result')).toHaveLength(2);
  });
});
