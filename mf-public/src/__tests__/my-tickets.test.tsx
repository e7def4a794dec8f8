import { screen, waitFor, within } from '@testing-library/react';
import { CANCELLED, PAID, PENDING, reply, ticketsOf } from '@rifaria/shared/testing';
import type { MyTickets } from '@rifaria/shared/types';
import { PURCHASE_HASH, VALID_CPF, mockFetchForFile, renderAt, serveCampaign, server } from '../testing/fixtures';

mockFetchForFile();
jest.setTimeout(20_000);

const PAGE = '/p/rifa-do-carro/meus-numeros';

const myTickets: MyTickets = {
  buyer: { name: 'Maria Oliveira' },
  purchases: [
    {
      purchase_hash: PURCHASE_HASH,
      purchased_at: '2026-11-21T12:00:00Z',
      purchased_at_formatted: '21/11/2026 às 09:00',
      total_tickets: 2,
      total_value: 2,
      status: PENDING,
      tickets: ticketsOf([42, 43]),
    },
    {
      purchase_hash: 'a'.repeat(32),
      purchased_at: '2026-11-20T12:00:00Z',
      purchased_at_formatted: '20/11/2026 às 09:00',
      total_tickets: 1,
      total_value: 1,
      status: PAID,
      tickets: ticketsOf([1234]),
    },
    {
      purchase_hash: 'b'.repeat(32),
      purchased_at: '2026-11-19T12:00:00Z',
      purchased_at_formatted: '19/11/2026 às 09:00',
      total_tickets: 5,
      total_value: 5,
      status: CANCELLED,
      tickets: [],
    },
  ],
  prizes: [],
};

async function fillAndSubmit(user: ReturnType<typeof renderAt>['user'], phone: string, cpf: string) {
  await user.click(screen.getByRole('textbox', { name: 'Telefone (WhatsApp)' }));
  await user.paste(phone);
  await user.click(screen.getByRole('textbox', { name: 'CPF' }));
  await user.paste(cpf);
  await user.click(screen.getByRole('button', { name: 'Ver meus números' }));
}

describe('GET /public/campaigns/:link/my-tickets ("Meus números")', () => {
  it('should be reached from the campaign page', async () => {
    serveCampaign();
    const { user } = renderAt('/p/rifa-do-carro');
    await user.click(await screen.findByRole('link', { name: 'Meus números' }));
    expect(await screen.findByRole('heading', { name: 'Meus números' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a campanha' })).toHaveAttribute('href', '/p/rifa-do-carro');
  });

  it('should mask phone and CPF and show the schema messages before calling the server', async () => {
    const { user } = renderAt(PAGE);
    await fillAndSubmit(user, '119', '12345678900');
    expect(screen.getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(11) 9');
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('123.456.789-00');
    expect(await screen.findByText('Telefone deve ter pelo menos 10 dígitos')).toBeInTheDocument();
    expect(screen.getByText('CPF inválido')).toBeInTheDocument();
    // Only the device's own question (its cookie), never the typed phone and CPF.
    expect(server.callsTo('GET', '/public/campaigns/:link/my-tickets')).toHaveLength(0);
  });

  it('should show the numbers at once to the device that proved the buyer, without phone or CPF (issue 30)', async () => {
    server.on('GET', '/public/campaigns/:link/my-tickets/device', () => ({
      success: true,
      found: true,
      data: myTickets,
    }));
    renderAt(PAGE);
    expect(await screen.findByText('Olá, Maria Oliveira!')).toBeInTheDocument();
    expect(screen.getByText('0042')).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/campaigns/:link/my-tickets')).toHaveLength(0);
    // The form stays, for another phone.
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('');
  });

  it('should list the purchases with status, numbers and a checkout link only for the pending one', async () => {
    server.on('GET', '/public/campaigns/:link/my-tickets', () => ({ success: true, found: true, data: myTickets }));
    const { user } = renderAt(PAGE);
    await fillAndSubmit(user, '11987654321', VALID_CPF);

    expect(await screen.findByRole('heading', { name: 'Olá, Maria Oliveira!' })).toBeInTheDocument();
    const [call] = server.callsTo('GET', '/public/campaigns/:link/my-tickets');
    expect(call!.params.link).toBe('rifa-do-carro');
    expect(call!.url.searchParams.get('phone')).toBe('11987654321');
    expect(call!.url.searchParams.get('cpf')).toBe(VALID_CPF);
    expect(call!.headers.get('authorization')).toBeNull();

    const pending = screen.getByRole('article', { name: 'Compra de 21/11/2026 às 09:00' });
    expect(within(pending).getByText('Pendente').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0042', '0043']);
    expect(within(pending).getByRole('link', { name: 'Ir para o pagamento' })).toHaveAttribute(
      'href',
      `/p/checkout?compra=${PURCHASE_HASH}`,
    );

    const paid = screen.getByRole('article', { name: 'Compra de 20/11/2026 às 09:00' });
    expect(within(paid).getByText('Pago').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(paid).getByText('1234')).toBeInTheDocument();
    expect(within(paid).queryByRole('link', { name: 'Ir para o pagamento' })).not.toBeInTheDocument();
    // A paid purchase's receipt (comprovante), downloaded from the API by a plain link; none before it is paid.
    const receipt = within(paid).getByRole('link', { name: 'Baixar comprovante (PDF)' });
    expect(new URL(receipt.getAttribute('href')!).pathname).toBe(`/public/purchases/${'a'.repeat(32)}/comprovante.pdf`);
    expect(receipt).toHaveAttribute('download');
    expect(within(pending).queryByRole('link', { name: 'Baixar comprovante (PDF)' })).not.toBeInTheDocument();

    const cancelled = screen.getByRole('article', { name: 'Compra de 19/11/2026 às 09:00' });
    expect(within(cancelled).getByText('Cancelado').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(cancelled).getByText('Nenhum número reservado nesta compra.')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: 'Baixar comprovante (PDF)' })).not.toBeInTheDocument();
  });

  it('should congratulate a buyer whose number won, after the draw', async () => {
    const won: MyTickets = {
      ...myTickets,
      prizes: [{ position: 2, award: { description: 'Moto 0km' }, number: '1234' }],
    };
    server.on('GET', '/public/campaigns/:link/my-tickets', () => ({ success: true, found: true, data: won }));
    const { user } = renderAt(PAGE);
    await fillAndSubmit(user, '11987654321', VALID_CPF);
    expect(
      await screen.findByText('Parabéns! Seu número 1234 foi sorteado no 2º prêmio (Moto 0km).'),
    ).toBeInTheDocument();
  });

  it('should show "nothing found" as information, then the rate-limit message and the generic failure', async () => {
    // Nothing found is a 200 (a 404 would be a console error in the browser): an answer, not a failure.
    server.on('GET', '/public/campaigns/:link/my-tickets', () => ({
      success: true,
      found: false,
      data: null,
      message: 'Nenhuma compra encontrada para este telefone e CPF nesta campanha.',
    }));
    const { user } = renderAt(PAGE);
    await fillAndSubmit(user, '11987654321', VALID_CPF);
    const notice = await screen.findByText('Nenhuma compra encontrada para este telefone e CPF nesta campanha.');
    expect(notice.closest('.MuiAlert-root')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Olá/ })).not.toBeInTheDocument();

    server.on('GET', '/public/campaigns/:link/my-tickets', () => reply(429, { success: false }));
    await user.click(screen.getByRole('button', { name: 'Ver meus números' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Muitas tentativas. Aguarde um minuto e tente novamente.'),
    );
    expect(screen.queryByText('Nenhuma compra encontrada para este telefone e CPF nesta campanha.')).toBeNull();

    server.on('GET', '/public/campaigns/:link/my-tickets', () => reply(500, { success: false }));
    await user.click(screen.getByRole('button', { name: 'Ver meus números' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Erro ao consultar seus números. Tente novamente.'),
    );
  });
});

describe("'Meus números' of a refunded purchase (issue 32)", () => {
  it("should show 'Reembolsado'", async () => {
    const refunded = {
      ...myTickets.purchases[1]!,
      status: { id: 4 as const, name: 'Reembolsado' as const },
      tickets: [],
    };
    server.on('GET', '/public/campaigns/:link/my-tickets/device', () => ({
      success: true,
      found: true,
      data: { ...myTickets, purchases: [refunded] },
    }));
    renderAt(PAGE);
    expect(await screen.findByText('Olá, Maria Oliveira!')).toBeInTheDocument();
    expect(screen.getByText('Reembolsado')).toBeInTheDocument();
  });
});
