import { setupApp } from '../../helper';
import { cpfFromBase, insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

const NOT_CONFIRMED = {
  success: false,
  message: 'Não foi possível confirmar seu cadastro. Confira o CPF e os 4 últimos dígitos do telefone cadastrado.',
};

describe('POST /public/buyers/change-phone', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  const db = () => t.database.db;

  let sequence = 0;
  /** A fresh valid mobile phone (DDD 41) and CPF per call. */
  const newPhone = () => `419${String(process.pid % 1000).padStart(3, '0')}${String((sequence += 1)).padStart(5, '0')}`;
  const newCpf = () => cpfFromBase(String(700_000_000 + (sequence += 1)));
  const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

  const changePhone = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/public/buyers/change-phone',
      payload,
      remoteAddress: '10.40.0.7',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Teste', ...headers },
    });
  const check = (phone: string) => t.app.inject({ method: 'GET', url: `/public/buyers/check/${phone}` });
  const audit = (buyerId: string) =>
    db().selectFrom('buyer_phone_changes').selectAll().where('buyer_id', '=', buyerId).execute();
  const phoneOf = async (buyerId: string) =>
    (await db().selectFrom('buyers').select('phone').where('id', '=', buyerId).executeTakeFirstOrThrow()).phone;

  it('should move the registration to the new phone, keep the buyer and its purchases, and audit it', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { name: 'Carla Nunes', phone: oldPhone, cpf, email: 'carla@example.com' });
    const campaign = await insertCampaign(db());
    const { link } = await db()
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    await insertPurchase(db(), { campaignId: campaign.id, buyerId: buyer.id, tickets: 2, status: 'paid' });
    const phone = newPhone();

    const response = await changePhone({
      cpf: formatted(cpf),
      phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
      old_phone_last_digits: oldPhone.slice(-4),
    });
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
    expect(response.body).not.toContain(cpf);

    // Same buyer row (same id), new phone; the old phone is free, the new one is this buyer.
    expect(await phoneOf(buyer.id)).toBe(phone);
    expect((await check(oldPhone)).json()).toMatchObject({ found: false });
    expect((await check(phone)).json()).toMatchObject({ found: true, data: { name: 'Carla Nunes' } });
    // The purchases follow: "Meus números" finds them with the new phone, no longer with the old one.
    const mine = (p: string) =>
      t.app.inject({ method: 'GET', url: `/public/campaigns/${link}/my-tickets`, query: { phone: p, cpf } });
    const withNew = (await mine(phone)).json();
    expect(withNew).toMatchObject({ found: true, data: { buyer: { name: 'Carla Nunes' } } });
    expect(withNew.data.purchases).toHaveLength(1);
    expect((await mine(oldPhone)).json()).toMatchObject({ found: false, data: null });

    const rows = await audit(buyer.id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        buyer_id: buyer.id,
        old_phone_masked: `(41) *****-${oldPhone.slice(-4)}`,
        new_phone_masked: `(41) *****-${phone.slice(-4)}`,
        ip: '10.40.0.7',
        user_agent: 'Mozilla/5.0 (Linux; Android 14) Teste',
        created_at: expect.any(Date),
      },
    ]);
    // The audit keeps no full phone.
    expect(JSON.stringify(rows)).not.toContain(oldPhone);
    expect(JSON.stringify(rows)).not.toContain(phone);
  });

  it('should refuse wrong digits and an unknown CPF with the same reply, changing nothing', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const wrongDigits = await changePhone({
      cpf,
      phone: newPhone(),
      old_phone_last_digits: oldPhone.endsWith('9999') ? '0000' : '9999',
    });
    const unknownCpf = await changePhone({ cpf: newCpf(), phone: newPhone(), old_phone_last_digits: '1234' });
    for (const reply of [wrongDigits, unknownCpf]) {
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toEqual(NOT_CONFIRMED);
    }
    // The same bytes: nothing tells "this CPF exists" from "these digits are wrong".
    expect(wrongDigits.body).toBe(unknownCpf.body);
    expect(await phoneOf(buyer.id)).toBe(oldPhone);
    expect(await audit(buyer.id)).toEqual([]);
  });

  it('should refuse a new phone that is another buyer’s, after the proof, changing nothing', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const other = await insertBuyer(db(), { phone: newPhone() });
    const response = await changePhone({ cpf, phone: other.phone, old_phone_last_digits: oldPhone.slice(-4) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: 'Dados inválidos. Verifique os campos informados.',
      errors: { phone: ['Este telefone já está cadastrado para outro comprador.'] },
    });
    expect(await phoneOf(buyer.id)).toBe(oldPhone);
    expect(await phoneOf(other.id)).toBe(other.phone);
    expect(await audit(buyer.id)).toEqual([]);
  });

  it('should answer "already your phone" without an audit row when the phone does not change', async () => {
    const cpf = newCpf();
    const phone = newPhone();
    const buyer = await insertBuyer(db(), { phone, cpf });
    const response = await changePhone({ cpf, phone, old_phone_last_digits: phone.slice(-4) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Este já é o telefone do seu cadastro.' });
    expect(await audit(buyer.id)).toEqual([]);
  });

  it('should move a buyer once when two changes of one CPF race (the second proof no longer matches)', async () => {
    const cpf = newCpf();
    const oldPhone = newPhone();
    const buyer = await insertBuyer(db(), { phone: oldPhone, cpf });
    const targets = [newPhone(), newPhone()];
    const replies = await Promise.all(
      targets.map((phone) => changePhone({ cpf, phone, old_phone_last_digits: oldPhone.slice(-4) })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = targets[replies.findIndex((r) => r.statusCode === 200)];
    expect(await phoneOf(buyer.id)).toBe(winner);
    expect(await audit(buyer.id)).toHaveLength(1);
  });

  it('should answer 422 with one message per field for missing or malformed fields', async () => {
    const empty = await changePhone({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      success: false,
      message: 'Dados inválidos. Verifique os campos informados.',
      errors: {
        cpf: ['CPF é obrigatório'],
        phone: ['Telefone deve ter pelo menos 10 dígitos'],
        old_phone_last_digits: ['Informe os 4 últimos dígitos do telefone antigo'],
      },
    });
    const malformed = await changePhone({ cpf: '12345678900', phone: '20987654321', old_phone_last_digits: '12a' });
    expect(malformed.json().errors).toEqual({
      cpf: ['CPF inválido'],
      phone: ['Telefone inválido'],
      old_phone_last_digits: ['Informe os 4 últimos dígitos do telefone antigo'],
    });
    const long = await changePhone({ cpf: newCpf(), phone: newPhone(), old_phone_last_digits: '1'.repeat(100_000) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ old_phone_last_digits: ['Informe os 4 últimos dígitos do telefone antigo'] });
  });
});
