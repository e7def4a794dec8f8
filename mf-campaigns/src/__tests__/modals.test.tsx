import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiNavigate } from '@rifaria/shared/api-client';
import { reply } from '@rifaria/shared/testing';
import { CancelCampaignModal } from '../features/modals/cancel-modal';
import { DrawDateModal } from '../features/modals/draw-date-modal';
import { PublishModal } from '../features/modals/publish-modal';
import { campaign, mockFetchForFile, server, toastTexts } from './list-fixtures';

mockFetchForFile();

afterEach(() => {
  jest.useRealTimers();
});

describe('Publish modal (POST /api/campaigns/{id}/publish)', () => {
  function setup() {
    jest.useFakeTimers();
    // Every simulated tick adds the minimum step (5 %), so the bar is predictable.
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const onClose = jest.fn();
    const onRefresh = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<PublishModal campaign={campaign()} open onClose={onClose} onRefresh={onRefresh} />);
    return { user, onClose, onRefresh };
  }

  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('should show the summary and the irreversible warning in the confirm state', () => {
    setup();
    expect(screen.getByText('Rifa do Carro 0km')).toBeInTheDocument();
    expect(screen.getByText('10.000')).toBeInTheDocument();
    expect(screen.getByText(/esta ação é irreversível/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar Campanha' })).toBeInTheDocument();
  });

  it('should advance the progress every 300 ms while publishing, then go completed → success after 2.5 s', async () => {
    let release: (value: unknown) => void = () => undefined;
    server.on('POST', '/api/campaigns/:id/publish', () => new Promise((resolve) => (release = resolve)));
    const { user, onClose, onRefresh } = setup();

    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    const bar = screen.getByRole('progressbar', { name: 'Progresso da publicação' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await advance(300);
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    await advance(600);
    expect(bar).toHaveAttribute('aria-valuenow', '15');
    expect(server.callsTo('POST', '/api/campaigns/11/publish')).toHaveLength(1);

    await act(async () => {
      release({
        success: true,
        message: 'Campanha publicada com sucesso!',
        data: { ...campaign(), processing: false },
      });
    });
    expect(await screen.findByText('Publicação concluída!')).toBeInTheDocument();
    await advance(2_499);
    expect(screen.queryByText('Campanha publicada com sucesso!')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Campanha publicada com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('https://rifaria.test/p/rifa-do-carro-0km')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should show the processing state when the reply says processing', async () => {
    server.on('POST', '/api/campaigns/:id/publish', () => ({
      success: true,
      message: 'Campanha publicada com sucesso!',
      data: { ...campaign({ total_tickets: 10001 }), processing: true },
    }));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    expect(await screen.findByText('Publicação concluída!')).toBeInTheDocument();
    await advance(2_500);
    expect(screen.getByText(/tickets estão sendo gerados em segundo plano/)).toBeInTheDocument();
    expect(screen.queryByText('Campanha publicada com sucesso!')).not.toBeInTheDocument();
  });

  it('should toast, refresh the list, return to confirm and close after 2 s when already published', async () => {
    server.on('POST', '/api/campaigns/:id/publish', () =>
      reply(422, { success: false, message: 'Campanha já está publicada' }),
    );
    const { user, onClose, onRefresh } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));

    expect(await screen.findByRole('button', { name: 'Publicar Campanha' })).toBeInTheDocument();
    expect(toastTexts()).toEqual(['Não foi possível publicar / Campanha já está publicada']);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await advance(1_999);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should keep the modal open on another 422 and use the server message', async () => {
    server.on('POST', '/api/campaigns/:id/publish', () =>
      reply(422, { success: false, message: 'A carteira de recebimento precisa estar ativa para publicar.' }),
    );
    const { user, onClose, onRefresh } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Não foi possível publicar / A carteira de recebimento precisa estar ativa para publicar.',
      ]),
    );
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'Campanha não encontrada'],
    [500, 'Erro do servidor / Tente novamente em alguns instantes'],
  ])('should toast the spec text for a %i and return to confirm', async (status, text) => {
    server.on('POST', '/api/campaigns/:id/publish', () => reply(status, { success: false, message: 'x' }));
    const { user, onRefresh } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    await waitFor(() => expect(toastTexts()).toEqual([text]));
    expect(screen.getByRole('button', { name: 'Publicar Campanha' })).toBeInTheDocument();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('should toast the connection error when no response arrives', async () => {
    // No handler: the fetch mock fails like a network error.
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Erro de conexão / Verifique sua conexão com a internet']));
  });
});

describe('Cancel modal (POST /api/campaigns/{id}/cancel)', () => {
  function setup() {
    const onClose = jest.fn();
    const onCancelled = jest.fn();
    const user = userEvent.setup();
    render(<CancelCampaignModal campaign={campaign()} open onClose={onClose} onCancelled={onCancelled} />);
    return { user, onClose, onCancelled };
  }

  it('should send the reason, toast and report the cancelled campaign', async () => {
    const cancelled = campaign({ status: { id: 3, description: 'Cancelada' } });
    server.on('POST', '/api/campaigns/:id/cancel', () => ({
      success: true,
      message: 'Campanha cancelada com sucesso!',
      data: cancelled,
    }));
    const { user, onClose, onCancelled } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancelar Campanha' }));

    await waitFor(() => expect(onCancelled).toHaveBeenCalledWith(cancelled));
    expect(onClose).toHaveBeenCalled();
    expect(server.callsTo('POST', '/api/campaigns/11/cancel')[0]!.body).toEqual({ reason: 'Cancelada pelo usuário' });
    expect(toastTexts()).toEqual(['Campanha cancelada com sucesso! / A campanha foi removida da sua lista.']);
  });

  it.each([
    [
      'tickets sold',
      422,
      { success: false, message: 'x', details: { tickets_sold: 12 } },
      'Não é possível cancelar esta campanha pois já possui 12 tickets vendidos.',
    ],
    [
      '422 with a message',
      422,
      { success: false, message: 'Esta campanha não pode ser cancelada no momento.' },
      'Esta campanha não pode ser cancelada no momento.',
    ],
    ['422 without a message', 422, { success: false }, 'Esta campanha não pode ser cancelada no momento.'],
    [
      '404',
      404,
      { success: false, message: 'x' },
      'Campanha não encontrada ou você não tem permissão para cancelá-la.',
    ],
    ['401', 401, { success: false, message: 'x' }, 'Sessão expirada. Faça login novamente.'],
    ['500 without a message', 500, {}, 'Erro ao cancelar campanha. Tente novamente.'],
  ])('should show the spec message for %s', async (_label, status, body, text) => {
    const unregister = setApiNavigate(jest.fn());
    try {
      server.on('POST', '/api/campaigns/:id/cancel', () => reply(status, body));
      const { user, onCancelled } = setup();
      await user.click(screen.getByRole('button', { name: 'Cancelar Campanha' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(onCancelled).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });
});

describe('Draw-date modal (PUT /api/campaigns/{id})', () => {
  // Wednesday 18/11/2026 12:00 in São Paulo: the next Saturday is 21/11.
  const NOW = new Date('2026-11-18T15:00:00.000Z');

  function setup(drawDatetime: string | null = null) {
    jest.useFakeTimers({ now: NOW });
    const onClose = jest.fn();
    const onSaved = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <DrawDateModal campaign={campaign({ draw_datetime: drawDatetime })} open onClose={onClose} onSaved={onSaved} />,
    );
    return { user, onClose, onSaved };
  }

  it('should default to the next Saturday at 20:00 with today as the minimum date', () => {
    setup();
    expect(screen.getByLabelText('Data do sorteio')).toHaveValue('2026-11-21');
    expect(screen.getByLabelText('Data do sorteio')).toHaveAttribute('min', '2026-11-18');
    expect(screen.getByLabelText('Hora do sorteio')).toHaveValue('20:00');
  });

  it("should start from the campaign's own date when it has one", () => {
    setup('2026-12-24 19:30:00');
    expect(screen.getByLabelText('Data do sorteio')).toHaveValue('2026-12-24');
    expect(screen.getByLabelText('Hora do sorteio')).toHaveValue('19:30');
  });

  it('should refuse a moment in the past without calling the API', async () => {
    const { user } = setup();
    fireEvent.change(screen.getByLabelText('Data do sorteio'), { target: { value: '2026-11-18' } });
    fireEvent.change(screen.getByLabelText('Hora do sorteio'), { target: { value: '11:00' } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('A data do sorteio deve ser no futuro')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it("should PUT draw_datetime as 'YYYY-MM-DD HH:MM:00' and report the saved campaign", async () => {
    const saved = campaign({ draw_datetime: '2026-11-21 20:00:00' });
    server.on('PUT', '/api/campaigns/:id', () => ({ success: true, message: 'ok', data: saved }));
    const { user, onSaved, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(onClose).toHaveBeenCalled();
    expect(server.callsTo('PUT', '/api/campaigns/11')[0]!.body).toEqual({ draw_datetime: '2026-11-21 20:00:00' });
  });

  it.each([
    [
      { success: false, message: 'x', errors: { draw_datetime: ['Data muito distante', 'outra'] } },
      'Data muito distante',
    ],
    [{ success: false, message: 'x', errors: { name: ['y'] } }, 'Dados inválidos. Verifique a data e horário.'],
  ])('should map a 422 to the draw_datetime message or the generic one', async (body, text) => {
    server.on('PUT', '/api/campaigns/:id', () => reply(422, body));
    const { user, onSaved } = setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
