import { PIX_KEY_MESSAGES, TRANSFER_MESSAGES } from '@rifaria/shared/schemas';
import { PIX_KEYS_SHOWN } from '@rifaria/shared/testing/fixtures';
import { SANDBOX_UNREGISTERED_KEY } from '../../../src/payments/sandbox/dict';
import { api, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { userWithWallet } from '../../support/organisers';
import { pdfTextLines } from '../../support/pdf';
import { depositInto } from '../../support/wallets';

/**
 * Issue 30, item 11: the Pix transfer takes a key written any way people write it, shows who receives it (the PSP's
 * directory, DICT) before anything is sent, and gives a receipt with the end-to-end id, as a PDF only its owner gets.
 */

const t = setupApp();
const db = () => t.database.db;

async function funded(cents = 10_000) {
  const { user, walletId } = await userWithWallet(t.app);
  await depositInto(db(), walletId, cents);
  return { user, walletId };
}

const preview = (walletId: string, user: RegisteredUser, payload: object) =>
  api(t.app).post(`/api/user-wallets/${walletId}/transfers/preview`, user, payload);
const send = (walletId: string, user: RegisteredUser, payload: object) =>
  api(t.app).post(`/api/user-wallets/${walletId}/transfers`, user, payload);
const debits = async (walletId: string) =>
  db().selectFrom('wallet_transfers').select('id').where('wallet_id', '=', walletId).execute();

describe('POST /api/user-wallets/{id}/transfers/preview', () => {
  it.each(PIX_KEYS_SHOWN)(
    'should read %p as a %s key and show who receives it, debiting nothing',
    async (key, type, shown) => {
      const { user, walletId } = await funded();
      const response = await preview(walletId, user, { amount: 25, pix_key: key, description: 'Prêmio' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        sandbox: true,
        data: {
          amount: 25,
          formatted_amount: 'R$\u00a025,00',
          pix_key: shown,
          pix_key_type: type,
          description: 'Prêmio',
          recipient: {
            name: expect.stringMatching(/^[A-ZÀ-Ú][\p{L} ]+$/u),
            document: type === 'cnpj' ? shown : expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/),
            bank: expect.any(String),
            ispb: expect.stringMatching(/^\d{8}$/),
          },
        },
      });
      // The same key always names the same holder (deterministic sandbox).
      expect((await preview(walletId, user, { amount: 25, pix_key: key })).json().data.recipient).toEqual(
        body.data.recipient,
      );
      expect(await debits(walletId)).toEqual([]);
    },
  );

  it('should never reveal the full CPF of a recipient', async () => {
    const { user, walletId } = await funded();
    const response = await preview(walletId, user, { amount: 10, pix_key: '529.982.247-25' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      pix_key: '***.982.247-**',
      pix_key_type: 'cpf',
      recipient: { document: '***.982.247-**' },
    });
    expect(response.body).not.toMatch(/52998224725|529\.982\.247-25/);
  });

  it("should answer 'Chave Pix não encontrada' for a key the directory does not know", async () => {
    const { user, walletId } = await funded();
    const response = await preview(walletId, user, { amount: 10, pix_key: SANDBOX_UNREGISTERED_KEY });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGES.notFound] });
  });

  it('should give each field its pt-BR message and respect the chosen key type', async () => {
    const { user, walletId } = await funded(1000);
    const invalid = await preview(walletId, user, { amount: 10, pix_key: '(21) 3877-6655' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGES.phone] });
    // 11 digits that form a valid CPF are a CPF, unless the form says 'Celular'.
    const asPhone = await preview(walletId, user, { amount: 1, pix_key: '52998224725', pix_key_type: 'phone' });
    expect(asPhone.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGES.phone] });
    const tooMuch = await preview(walletId, user, { amount: 11, pix_key: 'ana@exemplo.com' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: [TRANSFER_MESSAGES.insufficientFunds] });
    const long = await preview(walletId, user, { amount: 1, pix_key: `${'a'.repeat(5000)}@x.com` });
    expect(long.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGES.tooLong] });
  });

  it("should answer 404 for another user's wallet", async () => {
    const { walletId } = await funded();
    const stranger = await registerUser(t.app);
    expect((await preview(walletId, stranger, { amount: 1, pix_key: 'ana@exemplo.com' })).statusCode).toBe(404);
  });
});

describe('POST /api/user-wallets/{id}/transfers and its receipt', () => {
  it('should send to the canonical key, keep the confirmed recipient and give a receipt with the end-to-end id', async () => {
    const { user, walletId } = await funded();
    const confirmed = (await preview(walletId, user, { amount: 25, pix_key: '(21) 98877-6655' })).json().data;

    const sent = await send(walletId, user, { amount: 25, pix_key: '21988776655', description: 'Prêmio' });
    expect(sent.statusCode).toBe(201);
    const transfer = sent.json().data;
    expect(transfer).toMatchObject({
      status: 'completed',
      pix_key: '+55 (21) 98877-6655',
      pix_key_type: 'phone',
      recipient: confirmed.recipient,
      end_to_end_id: expect.stringMatching(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/),
      completed_at: expect.any(String),
    });
    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('id', '=', String(transfer.id))
      .executeTakeFirstOrThrow();
    expect(row.pix_key).toBe('+5521988776655');

    // The receipt on screen (from the history: its line carries transfer_id) and as a PDF.
    const history = (await api(t.app).get(`/api/user-wallets/${walletId}/transactions`, user)).json().data;
    expect(history[0]).toMatchObject({ kind: 'transfer', transfer_id: transfer.id });
    const shown = await api(t.app).get(`/api/user-wallets/${walletId}/transfers/${transfer.id}`, user);
    expect(shown.json().data).toEqual(transfer);

    const pdf = await api(t.app).get(`/api/user-wallets/${walletId}/transfers/${transfer.id}/comprovante.pdf`, user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="comprovante-pix-${transfer.id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Comprovante de transferência Pix',
        'R$ 25,00'.replace(' ', '\u00a0'),
        transfer.end_to_end_id,
        confirmed.recipient.name,
        `${confirmed.recipient.bank} (ISPB ${confirmed.recipient.ispb})`,
        '+55 (21) 98877-6655 (Celular)',
      ]),
    );

    // Only the wallet's owner: anyone else gets the same 404 as for a transfer that does not exist.
    const stranger = await userWithWallet(t.app);
    for (const [who, wallet] of [
      [stranger.user, walletId],
      [stranger.user, stranger.walletId],
    ] as const) {
      const response = await api(t.app).get(
        `/api/user-wallets/${wallet}/transfers/${transfer.id}/comprovante.pdf`,
        who,
      );
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/user-wallets/${walletId}/transfers/${transfer.id}/comprovante.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should mask a CPF key on the receipt as on the screen', async () => {
    const { user, walletId } = await funded();
    const sent = (await send(walletId, user, { amount: 5, pix_key: '529.982.247-25' })).json().data;
    const pdf = await api(t.app).get(`/api/user-wallets/${walletId}/transfers/${sent.id}/comprovante.pdf`, user);
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toContain('***.982.247-** (CPF)');
    expect(lines.join('\n')).not.toMatch(/52998224725|529\.982\.247-25/);
  });

  it('should refuse a key the directory does not know, debiting nothing', async () => {
    const { user, walletId } = await funded();
    const response = await send(walletId, user, { amount: 5, pix_key: SANDBOX_UNREGISTERED_KEY });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGES.notFound] });
    expect(await debits(walletId)).toEqual([]);
  });

  it('should say a failed transfer has no receipt (409)', async () => {
    const { user, walletId } = await funded();
    const failed = (await send(walletId, user, { amount: 5, pix_key: 'falha@sandbox.rifaria' })).json().data;
    expect(failed.status).toBe('failed');
    const pdf = await api(t.app).get(`/api/user-wallets/${walletId}/transfers/${failed.id}/comprovante.pdf`, user);
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().message).toBe('O comprovante fica disponível quando a transferência for concluída.');
  });
});
