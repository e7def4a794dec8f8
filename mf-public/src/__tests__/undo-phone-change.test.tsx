import { screen } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { knownBuyer, mockFetchForFile, renderAt, server } from '../testing/fixtures';

mockFetchForFile();

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
const PAGE = `/p/desfazer-troca-de-telefone#${TOKEN}`;
const submit = () => screen.findByRole('button', { name: 'Desfazer a troca' });

describe('/p/desfazer-troca-de-telefone (the old phone undoes a phone change)', () => {
  it('should move the buyer back only when the button is tapped, with the token of the link', async () => {
    let body: unknown = null;
    server.on('POST', '/public/buyers/change-phone/undo', (request) => {
      body = request.body;
      return { success: true, message: BUYER_MESSAGES.phoneChangeUndone, data: knownBuyer };
    });
    const { user } = renderAt(PAGE);
    expect(await screen.findByRole('heading', { name: 'Desfazer troca de telefone', level: 1 })).toBeVisible();
    expect(body).toBeNull();
    await user.click(await submit());
    expect(await screen.findByRole('heading', { name: 'Troca desfeita', level: 1 })).toBeVisible();
    expect(screen.getByText(BUYER_MESSAGES.phoneChangeUndone)).toBeVisible();
    expect(screen.getByText(`Telefone do cadastro: ${knownBuyer.phone}`)).toBeVisible();
    expect(body).toEqual({ token: TOKEN });
  });

  it('should say the link is invalid, and send nothing, when the fragment is not a token', async () => {
    let calls = 0;
    server.on('POST', '/public/buyers/change-phone/undo', () => {
      calls += 1;
      return reply(500, {});
    });
    renderAt('/p/desfazer-troca-de-telefone#cortado');
    expect(await screen.findByRole('alert')).toHaveTextContent(BUYER_MESSAGES.undoTokenInvalid);
    expect(await submit()).toBeDisabled();
    expect(calls).toBe(0);
  });

  it.each([
    [422, BUYER_MESSAGES.undoTokenInvalid],
    [409, BUYER_MESSAGES.phoneChangeUndoTaken],
    [429, BUYER_MESSAGES.tooManyRequests],
    [500, 'Erro ao desfazer a troca. Tente novamente.'],
  ])('should show the reply of a %i and keep the button', async (status, message) => {
    server.on('POST', '/public/buyers/change-phone/undo', () => reply(status, { success: false, message }));
    const { user } = renderAt(PAGE);
    await user.click(await submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await submit()).toBeEnabled();
  });
});
