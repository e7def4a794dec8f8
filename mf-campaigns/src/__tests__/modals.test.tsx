import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setApiNavigate } from '@rifaria/shared/api-client';
import { browser, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { CancelCampaignModal } from '../features/list/components/cancel-modal';
import { DrawDateModal } from '../features/panel/components/draw-date-modal';
import { PublishModal } from '../features/list/components/publish-modal';
import { campaign, renderAt, toastTexts } from '../testing/fixtures';

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
    const { user } = renderAt('/campanhas', {
      element: <PublishModal campaign={campaign()} open onClose={onClose} onRefresh={onRefresh} />,
      user: { advanceTimers: jest.advanceTimersByTime },
    });
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

  it("should close on the browser's Back instead of leaving the page, but not while publishing", async () => {
    let release: (value: unknown) => void = () => undefined;
    server.on('POST', '/api/campaigns/:id/publish', () => new Promise((resolve) => (release = resolve)));
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Publicar Campanha' }));
    await browser.back();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
    await act(async () => {
      release({ success: true, message: 'ok', data: { ...campaign(), processing: false } });
    });
    expect(await screen.findByText('Publicação concluída!')).toBeInTheDocument();
    await browser.back();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
  });
});

describe('Cancel modal (POST /api/campaigns/{id}/cancel)', () => {
  function setup() {
    const onClose = jest.fn();
    const onCancelled = jest.fn();
    const { user } = renderAt('/campanhas', {
      element: <CancelCampaignModal campaign={campaign()} open onClose={onClose} onCancelled={onCancelled} />,
    });
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

  // final: the server refused this campaign's cancellation, so the modal no longer offers to send it again.
  it.each([
    [
      'tickets sold',
      422,
      { success: false, message: 'x', details: { tickets_sold: 12 } },
      'Não é possível cancelar esta campanha pois já possui 12 tickets vendidos.',
      true,
    ],
    [
      '422 with a message',
      422,
      { success: false, message: 'Esta campanha não pode ser cancelada no momento.' },
      'Esta campanha não pode ser cancelada no momento.',
      true,
    ],
    ['422 without a message', 422, { success: false }, 'Esta campanha não pode ser cancelada no momento.', true],
    [
      '404',
      404,
      { success: false, message: 'x' },
      'Campanha não encontrada ou você não tem permissão para cancelá-la.',
      true,
    ],
    ['401', 401, { success: false, message: 'x' }, 'Sessão expirada. Faça login novamente.', false],
    ['500 without a message', 500, {}, 'Erro ao cancelar campanha. Tente novamente.', false],
  ])('should show the spec message for %s', async (_label, status, body, text, final) => {
    const unregister = setApiNavigate(jest.fn());
    try {
      server.on('POST', '/api/campaigns/:id/cancel', () => reply(status, body));
      const { user, onCancelled, onClose } = setup();
      await user.click(screen.getByRole('button', { name: 'Cancelar Campanha' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(onCancelled).not.toHaveBeenCalled();
      if (final) {
        expect(screen.queryByRole('button', { name: 'Cancelar Campanha' })).not.toBeInTheDocument();
        expect(screen.queryByText(/Tem certeza que deseja cancelar/)).not.toBeInTheDocument();
      } else {
        expect(screen.getByRole('button', { name: 'Cancelar Campanha' })).toBeEnabled();
      }
      await user.click(screen.getByRole('button', { name: 'Voltar' }));
      expect(onClose).toHaveBeenCalled();
    } finally {
      unregister();
    }
  });

  it('should offer the cancellation again when it is opened anew after a refusal', async () => {
    server.on('POST', '/api/campaigns/:id/cancel', () =>
      reply(422, { success: false, message: 'x', details: { tickets_sold: 3 } }),
    );
    let setOpen: (open: boolean) => void = () => undefined;
    function Reopenable() {
      const [open, set] = useState(true);
      setOpen = set;
      return <CancelCampaignModal campaign={campaign()} open={open} onClose={jest.fn()} onCancelled={jest.fn()} />;
    }
    const { user } = renderAt('/campanhas', { element: <Reopenable /> });
    await user.click(screen.getByRole('button', { name: 'Cancelar Campanha' }));
    await screen.findByText(/já possui 3 tickets vendidos/);
    act(() => setOpen(false));
    act(() => setOpen(true));
    expect(await screen.findByRole('button', { name: 'Cancelar Campanha' })).toBeEnabled();
  });

  it("should close on the browser's Back and stay on the page", async () => {
    const { onClose } = setup();
    await browser.back();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
  });
});

describe('Draw-date modal (PUT /api/campaigns/{id})', () => {
  // Wednesday 18/11/2026 12:00 in São Paulo: the next Saturday is 21/11.
  const NOW = new Date('2026-11-18T15:00:00.000Z');

  function setup(drawDatetime: string | null = null) {
    jest.useFakeTimers({ now: NOW });
    const onClose = jest.fn();
    const onSaved = jest.fn();
    const { user } = renderAt('/campanhas', {
      element: (
        <DrawDateModal campaign={campaign({ draw_datetime: drawDatetime })} open onClose={onClose} onSaved={onSaved} />
      ),
      user: { advanceTimers: jest.advanceTimersByTime },
    });
    return { user, onClose, onSaved };
  }

  it('should default to the next Saturday at 20:00, shown as DD/MM/AAAA and HH:MM', () => {
    setup();
    expect(screen.getByRole('textbox', { name: 'Data do sorteio' })).toHaveValue('21/11/2026');
    expect(screen.getByRole('textbox', { name: 'Hora do sorteio' })).toHaveValue('20:00');
    expect(screen.getByText('Horário de Brasília')).toBeInTheDocument();
  });

  it("should start from the campaign's own date when it has one", () => {
    setup('2026-12-24 19:30:00');
    expect(screen.getByRole('textbox', { name: 'Data do sorteio' })).toHaveValue('24/12/2026');
    expect(screen.getByRole('textbox', { name: 'Hora do sorteio' })).toHaveValue('19:30');
  });

  /** Types over the modal's date and time, as a person does (the masks add '/' and ':'). */
  async function typeDrawDate(user: ReturnType<typeof setup>['user'], date: string, time: string) {
    const dateInput = screen.getByRole('textbox', { name: 'Data do sorteio' });
    const timeInput = screen.getByRole('textbox', { name: 'Hora do sorteio' });
    await user.clear(dateInput);
    await user.type(dateInput, date);
    await user.clear(timeInput);
    await user.type(timeInput, time);
    return { dateInput, timeInput };
  }

  it('should refuse a moment in the past, or a date that does not exist, without calling the API', async () => {
    const { user } = setup();
    const { dateInput, timeInput } = await typeDrawDate(user, '18112026', '1100');
    expect(dateInput).toHaveValue('18/11/2026');
    expect(timeInput).toHaveValue('11:00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('A data do sorteio deve ser no futuro')).toBeInTheDocument();

    await typeDrawDate(user, '31022027', '25');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Data do sorteio inválida')).toBeInTheDocument();
    expect(screen.getByText('Hora deve estar no formato HH:MM')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('should send a date typed as DD/MM/AAAA in the API format', async () => {
    const saved = campaign({ draw_datetime: '2026-12-05 18:45:00' });
    server.on('PUT', '/api/campaigns/:id', () => ({ success: true, message: 'ok', data: saved }));
    const { user, onSaved } = setup();
    await typeDrawDate(user, '05/12/2026', '1845');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(server.callsTo('PUT', '/api/campaigns/11')[0]!.body).toEqual({ draw_datetime: '2026-12-05 18:45:00' });
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

  it("should close on the browser's Back", async () => {
    const { onClose } = setup();
    await browser.back();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
