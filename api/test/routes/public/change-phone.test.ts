import { sql } from 'kysely';
import type { SandboxGateway } from '../../../src/whatsapp/sandbox';
import { setupApp } from '../../helper';
import { lastCodeSentTo, platformMessagesTo, undoTokenSentTo } from '../../support/buyer-codes';
import { cpfFromBase, insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

const CODE_SENT = {
  success: true,
  message:
    'Se o CPF estiver cadastrado, enviamos um código de 6 dígitos por WhatsApp para o novo telefone (e um aviso para o telefone antigo).',
};
const NOT_CONFIRMED = {
  success: false,
  message: 'Código inválido ou expirado. Confira o CPF e o código, ou peça um novo código.',
  errors: { code: ['Código inválido ou expirado. Confira o CPF e o código, ou peça um novo código.'] },
};

describe("'Trocar de telefone' (POST /public/buyers/change-phone/code, /change-phone, /change-phone/undo)", () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  const db = () => t.database.db;

  let sequence = 0;
  /** A fresh valid mobile phone (DDD 41) and CPF per call. */
  const newPhone = () => `419${String(process.pid % 1000).padStart(3, '0')}${String((sequence += 1)).padStart(5, '0')}`;
  const newCpf = () => cpfFromBase(String(700_000_000 + (sequence += 1)));
  const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: '10.40.0.7',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Teste' },
    });
  const requestCode = (payload: object) => post('/public/buyers/change-phone/code', payload);
  const changePhone = (payload: object) => post('/public/buyers/change-phone', payload);
  const undo = (token: string) => post('/public/buyers/change-phone/undo', { token });
  const buyerRow = (buyerId: string) =>
    db()
      .selectFrom('buyers')
      .select(['phone', 'phone_verified_at', 'token_epoch'])
      .where('id', '=', buyerId)
      .executeTakeFirstOrThrow();
  /** Each code request of one buyer waits a minute: move the buyer's codes back instead of waiting. */
  const ageCodes = (buyerId: string) =>
    sql`UPDATE buyer_phone_codes SET created_at = created_at - interval '2 minutes' WHERE buyer_id = ${buyerId}`.execute(
      db(),
    );

  it('should send a code to the new and the old phone, move the buyer with it, and let the old phone undo it', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { name: 'Carla Nunes', phone: oldPhone, cpf, email: 'carla@example.com' });
    const campaign = await insertCampaign(db());
    await insertPurchase(db(), { campaignId: campaign.id, buyerId: buyer.id, tickets: 2, status: 'paid' });
    const phone = newPhone();

    const sent = await requestCode({
      cpf: formatted(cpf),
      phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual(CODE_SENT);
    const code = await lastCodeSentTo(db(), phone);
    expect(code).toMatch(/^\d{6}$/);
    // The old phone hears of it, with the same code (its owner may finish the change themself).
    const toOld = await platformMessagesTo(db(), oldPhone);
    expect(toOld).toHaveLength(1);
    expect(toOld[0]).toContain(`(41) *****-${phone.slice(-4)}`);
    expect(toOld[0]).toContain(code!);
    // Stored as an HMAC only.
    const stored = await db().selectFrom('buyer_phone_codes').selectAll().where('buyer_id', '=', buyer.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code!);

    const response = await changePhone({ cpf, phone, code });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      message: 'Telefone atualizado. Seu cadastro e suas compras agora estão neste número.',
      data: {
        name: 'Carla Nunes',
        cpf: `***.***.***-${cpf.slice(9)}`,
        email: 'c***@example.com',
        phone: `(41) *****-${phone.slice(-4)}`,
      },
    });
    const moved = await buyerRow(buyer.id);
    expect(moved.phone).toBe(phone);
    expect(moved.phone_verified_at).toBeInstanceOf(Date);
    expect(moved.token_epoch).toBe(1);
    // A code is used once.
    expect((await changePhone({ cpf, phone, code })).json()).toEqual(NOT_CONFIRMED);

    const audit = await db().selectFrom('buyer_phone_changes').selectAll().where('buyer_id', '=', buyer.id).execute();
    expect(audit).toEqual([
      expect.objectContaining({
        old_phone_masked: `(41) *****-${oldPhone.slice(-4)}`,
        new_phone_masked: `(41) *****-${phone.slice(-4)}`,
        ip: '10.40.0.7',
        user_agent: 'Mozilla/5.0 (Linux; Android 14) Teste',
        undone_at: null,
      }),
    ]);

    // The old phone got a link that undoes the change (7 days), once.
    const token = await undoTokenSentTo(db(), oldPhone);
    expect(token).not.toBeNull();
    const undone = await undo(token!);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ success: true, message: 'Pronto: seu cadastro voltou para este telefone.' });
    const back = await buyerRow(buyer.id);
    expect(back.phone).toBe(oldPhone);
    expect(back.token_epoch).toBe(2);
    expect((await undo(token!)).json()).toEqual(
      refusal('Link inválido ou expirado.', { token: ['Link inválido ou expirado.'] }),
    );

    // The platform sends these messages itself (WHATSAPP_PLATFORM_INSTANCE), not through an organiser.
    await t.app.services.whatsappSender.sendDue();
    const gateway = t.app.services.whatsapp.gateway as SandboxGateway;
    expect(gateway.sent.filter((m) => m.number === `55${oldPhone}`).map((m) => m.instance)).toEqual([
      'rifaria-plataforma',
      'rifaria-plataforma',
    ]);
  });

  it('should not undo after 7 days, nor after the owner undid a later change', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const phone = newPhone();
    await requestCode({ cpf, phone });
    expect((await changePhone({ cpf, phone, code: await lastCodeSentTo(db(), phone) })).statusCode).toBe(200);
    const token = await undoTokenSentTo(db(), oldPhone);
    await sql`UPDATE buyer_phone_changes SET undo_until = now() - interval '1 second' WHERE buyer_id = ${buyer.id}`.execute(
      db(),
    );
    expect((await undo(token!)).statusCode).toBe(422);
    expect((await buyerRow(buyer.id)).phone).toBe(phone);
  });

  it('should answer the same for an unknown CPF and send nothing', async () => {
    const phone = newPhone();
    const response = await requestCode({ cpf: newCpf(), phone });
    expect(response.json()).toEqual(CODE_SENT);
    expect(await platformMessagesTo(db(), phone)).toEqual([]);
    expect((await changePhone({ cpf: newCpf(), phone, code: '123456' })).json()).toEqual(NOT_CONFIRMED);
  });

  it('should need the code: none, a wrong one, one for another phone, and 5 wrong tries kill it', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const phone = newPhone();
    const missing = await changePhone({ cpf, phone });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: ['Código deve ter 6 dígitos'] });

    await requestCode({ cpf, phone });
    const code = (await lastCodeSentTo(db(), phone))!;
    const wrong = code === '000000' ? '000001' : '000000';
    // The code proves the phone it was sent to, not another.
    expect((await changePhone({ cpf, phone: newPhone(), code })).json()).toEqual(NOT_CONFIRMED);
    for (let i = 0; i < 4; i += 1)
      expect((await changePhone({ cpf, phone, code: wrong })).json()).toEqual(NOT_CONFIRMED);
    // Five wrong tries in all: the right code comes too late.
    expect((await changePhone({ cpf, phone, code })).json()).toEqual(NOT_CONFIRMED);
    expect((await buyerRow(buyer.id)).phone).toBe(oldPhone);

    // A new code (a minute later) voids the old one and works.
    await ageCodes(buyer.id);
    await requestCode({ cpf, phone });
    const fresh = (await lastCodeSentTo(db(), phone))!;
    expect((await changePhone({ cpf, phone, code: fresh })).statusCode).toBe(200);
  });

  it('should keep a code to the time it was sent for (10 minutes)', async () => {
    const cpf = newCpf();
    const buyer = await insertBuyer(db(), { phone: newPhone(), cpf });
    const phone = newPhone();
    await requestCode({ cpf, phone });
    await sql`UPDATE buyer_phone_codes SET expires_at = now() - interval '1 second' WHERE buyer_id = ${buyer.id}`.execute(
      db(),
    );
    expect((await changePhone({ cpf, phone, code: await lastCodeSentTo(db(), phone) })).json()).toEqual(NOT_CONFIRMED);
  });

  it("should refuse a new phone that is another buyer's, after the code", async () => {
    const cpf = newCpf();
    const buyer = await insertBuyer(db(), { phone: newPhone(), cpf });
    const other = await insertBuyer(db(), { phone: newPhone() });
    await requestCode({ cpf, phone: other.phone });
    const response = await changePhone({ cpf, phone: other.phone, code: await lastCodeSentTo(db(), other.phone) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ phone: ['Este telefone já está cadastrado para outro comprador.'] });
    expect((await buyerRow(buyer.id)).phone).not.toBe(other.phone);
  });

  it('should limit codes per buyer record: one a minute, five a day, whatever the addresses and phones', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const ask = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/public/buyers/change-phone/code',
        payload: { cpf, phone: newPhone() },
        remoteAddress: `10.41.0.${n}`,
      });
    expect((await ask(1)).json()).toEqual(CODE_SENT);
    expect((await ask(2)).json()).toEqual(CODE_SENT); // within the minute: nothing sent
    expect(await platformMessagesTo(db(), oldPhone)).toHaveLength(1);
    for (let n = 3; n < 10; n += 1) {
      await ageCodes(buyer.id);
      expect((await ask(n)).json()).toEqual(CODE_SENT);
    }
    expect(await platformMessagesTo(db(), oldPhone)).toHaveLength(5);
  });

  it("should show the sandbox's WhatsApp messages in the sandbox mailbox, by phone (no phone receives them)", async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    await insertBuyer(db(), { name: 'Dora Lima', phone: oldPhone, cpf, email: null });
    const phone = newPhone();
    await requestCode({ cpf, phone });
    const code = await lastCodeSentTo(db(), phone);
    const mailbox = async (to: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/sandbox/mailbox?to=${encodeURIComponent(to)}` });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: { to: string; subject: string; text: string }[] }).data;
    };
    const masked = `(41) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    for (const to of [phone, masked]) {
      const listed = await mailbox(to);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toEqual(expect.objectContaining({ subject: 'WhatsApp da Rifaria' }));
      expect(listed[0]!.text).toContain(code!);
    }
    expect(await mailbox(oldPhone)).toHaveLength(1);
    // An address filter lists e-mails only.
    expect(await mailbox('ninguem@example.com')).toEqual([]);
  });

  it('should refuse malformed bodies with the error shape', async () => {
    const malformed = await changePhone({ cpf: '12345678900', phone: '20987654321', code: '12a' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual(expect.objectContaining({ code: ['Código deve ter 6 dígitos'] }));
    const long = await changePhone({ cpf: newCpf(), phone: newPhone(), code: '1'.repeat(100_000) });
    expect(long.statusCode).toBe(422);
    expect((await undo('x'.repeat(10_000))).statusCode).toBe(422);
  });
});
