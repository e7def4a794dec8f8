import { maskCpf, maskPhone } from '@rifaria/shared/format';
import { PRIVACY_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { PRIVACY_ADMIN_MESSAGES } from '../../../src/admin/privacy-routes';
import { ANONYMISED_NAME } from '../../../src/buyers/anonymise';
import { api, setupApp } from '../../helper';
import { lastCodeSentTo, platformMessagesTo } from '../../support/buyer-codes';
import { cpfFromBase, newBuyer } from '../../support/buyers';
import { drawableCampaign, drawCampaign, setDrawAt } from '../../support/draws';
import { auditRows, signInOperator, type SignedInOperator } from '../../support/operators';
import { organiser, setupOrganiser } from '../../support/organisers';
import { findPersonalData, ledgerSnapshot } from '../../support/personal-data';
import { payCharge } from '../../support/pix';
import { buy, chargeOf, order, purchaseRow, sellingConfig } from '../../support/purchases';

/**
 * A buyer's LGPD requests (issue 32): POST /public/privacy-requests and …/{id}/confirm from 'Meus números', and the
 * operators' queue: GET /api/admin/privacy-requests, POST …/{id}/export (a JSON file), POST …/{id}/execute (deletion).
 */

const t = setupApp({ config: sellingConfig() });
const owner = setupOrganiser(t);
const db = () => t.database.db;
let operator: SignedInOperator;
beforeAll(async () => {
  operator = await signInOperator(t.app);
});

let sequence = 0;
const newPhone = () => `319${String(process.pid % 1000).padStart(3, '0')}${String((sequence += 1)).padStart(5, '0')}`;
const newCpf = () => cpfFromBase(String(610_000_000 + (sequence += 1)));

const post = (url: string, payload: object, remoteAddress = '10.60.0.9') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const ask = (payload: { phone: string; cpf: string; kind: string }) => post('/public/privacy-requests', payload);
const confirm = (id: string, code: string) => post(`/public/privacy-requests/${id}/confirm`, { code });
const admin = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: operator.headers });

/** A registered buyer (POST /public/buyers) with one paid purchase of `tickets` numbers in `campaign`. */
async function buyerWithPurchase(
  campaign: { link: string },
  person: { name: string; email: string | null },
  tickets = 3,
) {
  const phone = newPhone();
  const cpf = newCpf();
  const registered = await post('/public/buyers', { ...person, phone, cpf });
  expect(registered.statusCode).toBe(201);
  const reply = await buy(t.app, order({ phone }, campaign, tickets));
  expect(reply.statusCode).toBe(201);
  const purchase = await purchaseRow(db(), reply.json().data.purchase_hash);
  expect((await payCharge(t.app, (await chargeOf(db(), purchase.id)).txid)).statusCode).toBe(200);
  const buyer = await db().selectFrom('buyers').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
  return { ...buyer, cpf, purchaseHash: purchase.purchase_hash };
}

/** A confirmed request of the buyer (their code read from the outbox). */
async function confirmedRequest(phone: string, cpf: string, kind: 'export' | 'deletion') {
  const asked = await ask({ phone, cpf, kind });
  expect(asked.statusCode).toBe(200);
  const { id } = asked.json().data;
  const code = await lastCodeSentTo(db(), phone);
  expect(code).toMatch(/^\d{6}$/);
  const confirmed = await confirm(id, code!);
  expect(confirmed.json()).toEqual({ success: true, message: PRIVACY_MESSAGES.confirmed });
  return id as string;
}

describe('POST /public/privacy-requests and /public/privacy-requests/{id}/confirm', () => {
  it('should answer the same whoever asks, and send a code only to a buyer whose phone and CPF match', async () => {
    const campaign = await drawableCampaign(t.app, owner, { paid: [], drawAt: new Date(Date.now() + 86_400_000) });
    const buyer = await buyerWithPurchase(campaign, { name: 'Renata Lobo', email: 'renata.lobo@example.com' });
    const stranger = newPhone();

    const replies = [
      await ask({ phone: buyer.phone, cpf: buyer.cpf, kind: 'export' }),
      await ask({ phone: stranger, cpf: buyer.cpf, kind: 'export' }),
      await ask({ phone: buyer.phone, cpf: newCpf(), kind: 'deletion' }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.json()).toEqual({
        success: true,
        message: PRIVACY_MESSAGES.codeSent,
        data: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
      });
    }
    // One code, to the buyer's WhatsApp and e-mail; nothing to the stranger's phone.
    const texts = await platformMessagesTo(db(), buyer.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('receber uma cópia dos seus dados');
    expect(await platformMessagesTo(db(), stranger)).toEqual([]);
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'renata.lobo@example.com')
      .where('subject', '=', 'Rifaria: código para confirmar o seu pedido')
      .execute();
    expect(mail).toHaveLength(1);
    const code = await lastCodeSentTo(db(), buyer.phone);
    expect(mail[0]!.body_text).toContain(code!);
    // Only the HMAC of the code is stored; the request holds the buyer's id only.
    const stored = await db().selectFrom('privacy_requests').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(buyer.phone);

    // The stranger's request and the wrong CPF's can never be confirmed, not even with the buyer's code.
    const invalid = {
      success: false,
      message: PRIVACY_MESSAGES.codeInvalid,
      errors: { code: [PRIVACY_MESSAGES.codeInvalid] },
    };
    for (const reply of replies.slice(1)) {
      const refused = await confirm(reply.json().data.id, code!);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(invalid);
    }
    expect((await confirm('A'.repeat(22), code!)).json()).toEqual(invalid);
    // A wrong code counts a try; the right one then confirms: the request enters the operators' queue.
    const id = replies[0]!.json().data.id as string;
    expect((await confirm(id, code === '000000' ? '111111' : '000000')).statusCode).toBe(422);
    expect((await confirm(id, code!)).json()).toEqual({ success: true, message: PRIVACY_MESSAGES.confirmed });
    expect((await confirm(id, code!)).statusCode).toBe(422);
    const queue = (await admin('GET', '/api/admin/privacy-requests')).json();
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        id,
        kind: 'export',
        status: 'pending',
        buyer: {
          id: buyer.id,
          name: 'Renata Lobo',
          phone: `(31) *****-${buyer.phone.slice(-4)}`,
          cpf: expect.any(String),
          anonymised: false,
        },
      }),
    );
    expect(queue.items.map((item: { id: string }) => item.id)).not.toContain(replies[1]!.json().data.id);
  });

  it('should refuse malformed input before any lookup', async () => {
    const cpf = newCpf();
    expect((await ask({ phone: '123', cpf, kind: 'export' })).statusCode).toBe(422);
    expect((await ask({ phone: newPhone(), cpf, kind: 'tudo' })).statusCode).toBe(422);
    expect((await ask({ phone: newPhone(), cpf: '1'.repeat(500), kind: 'export' })).statusCode).toBe(422);
    expect((await confirm('não-é-um-id', '123456')).statusCode).toBe(422);
    expect((await post(`/public/privacy-requests/${'A'.repeat(22)}/confirm`, { code: '12' })).statusCode).toBe(422);
  });
});

describe('the operators’ queue (GET /api/admin/privacy-requests, POST …/export, POST …/execute)', () => {
  it('should answer 404 to organisers and to requests without a session, as for an unknown route', async () => {
    const someone = await organiser(t.app);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/nao-existe' });
    for (const [method, url] of [
      ['GET', '/api/admin/privacy-requests'],
      ['POST', `/api/admin/privacy-requests/${'A'.repeat(22)}/export`],
      ['POST', `/api/admin/privacy-requests/${'A'.repeat(22)}/execute`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(unknown.statusCode);
      expect((await api(t.app)[method === 'GET' ? 'get' : 'post'](url, someone)).statusCode).toBe(404);
    }
  });

  it('should give an export request its JSON file, send it to the buyer, and audit it', async () => {
    const campaign = await drawableCampaign(t.app, owner, { paid: [], drawAt: new Date(Date.now() + 86_400_000) });
    const buyer = await buyerWithPurchase(campaign, { name: 'Paulo Freire Teste', email: 'paulo.teste@example.com' });
    const id = await confirmedRequest(buyer.phone, buyer.cpf, 'export');

    expect((await admin('POST', `/api/admin/privacy-requests/${id}/execute`)).statusCode).toBe(409);
    const reply = await admin('POST', `/api/admin/privacy-requests/${id}/export`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="dados-titular-${id}.json"`);
    expect(reply.headers['cache-control']).toBe('no-store');
    const file = reply.json();
    expect(file.buyer).toMatchObject({
      id: buyer.id,
      name: 'Paulo Freire Teste',
      phone: buyer.phone,
      cpf: buyer.cpf,
      email: 'paulo.teste@example.com',
    });
    expect(file.purchases).toEqual([
      expect.objectContaining({
        campaign: { id: String(campaign.id), name: expect.any(String), link: campaign.link },
        purchase_hash: buyer.purchaseHash,
        status: 'Pago',
        total_tickets: 3,
        numbers: expect.arrayContaining([expect.stringMatching(/^\d{2}$/)]),
      }),
    ]);
    expect(file.purchases[0].numbers).toHaveLength(3);
    expect(file.messages.some((m: { channel: string }) => m.channel === 'whatsapp')).toBe(true);
    expect(file.messages.some((m: { channel: string }) => m.channel === 'email')).toBe(true);

    // Done: the buyer gets the file by e-mail and a WhatsApp notice; the audit has ids, no personal data.
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', '=', `privacy_exported:${id}`)
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('paulo.teste@example.com');
    expect(mail.body_text).toContain(buyer.cpf);
    expect((await platformMessagesTo(db(), buyer.phone)).at(-1)).toContain('Enviamos o arquivo para o seu e-mail.');
    const audit = (await auditRows(t.app, 'privacy.export')).filter((row) => row.target_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: operator.operatorId, target_type: 'privacy_request' });
    const auditText = JSON.stringify(audit);
    for (const value of [buyer.phone, buyer.cpf, 'Paulo', 'paulo.teste']) expect(auditText).not.toContain(value);

    const done = (await admin('GET', '/api/admin/privacy-requests?status=done')).json();
    expect(done.items).toContainEqual(expect.objectContaining({ id, status: 'done', done_at: expect.any(String) }));
    // Downloaded again later: the same file, audited again, no second message.
    expect((await admin('POST', `/api/admin/privacy-requests/${id}/export`)).statusCode).toBe(200);
    expect((await auditRows(t.app, 'privacy.export')).filter((row) => row.target_id === id)).toHaveLength(2);
    expect(
      await db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `privacy_exported:${id}`).execute(),
    ).toHaveLength(1);
    expect((await admin('POST', `/api/admin/privacy-requests/${'B'.repeat(22)}/export`)).statusCode).toBe(404);
  });

  it('should leave no name, phone, CPF or e-mail of a deleted buyer in any table, and the ledger unchanged', async () => {
    // A campaign with two buyers, paid, a phone change, then drawn: the organiser's mail names the winners.
    const campaign = await drawableCampaign(t.app, owner, { paid: [], drawAt: new Date(Date.now() + 86_400_000) });
    const person = { name: 'Zuleica Brandão Teste', email: 'zuleica.brandao@example.com' };
    const buyer = await buyerWithPurchase(campaign, person, 5);
    const other = await buyerWithPurchase(campaign, { name: 'Outro Comprador Mantido', email: 'outro@example.com' }, 2);
    const phone = newPhone();
    const cpfDigits = buyer.cpf;
    expect((await post('/public/buyers/change-phone/code', { cpf: cpfDigits, phone })).statusCode).toBe(200);
    const changeCode = await lastCodeSentTo(db(), phone);
    const changed = await post('/public/buyers/change-phone', { cpf: cpfDigits, phone, code: changeCode });
    expect(changed.statusCode).toBe(200);
    // They reported the campaign too, leaving their phone to be called back.
    const report = { reason: 'outro', description: 'Quero saber a data do sorteio.', phone };
    expect((await post(`/public/campaigns/${campaign.link}/reports`, report)).statusCode).toBe(201);
    await setDrawAt(t.app, campaign.id, new Date(Date.now() - 60_000));
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
    const needles = {
      text: [person.name, buyer.phone, phone, cpfDigits, maskCpf(cpfDigits), maskPhone(phone), person.email],
      bytes: [buyer.cpf_hash, buyer.cpf_encrypted],
    };
    // They are everywhere before (the check can see them).
    expect(await findPersonalData(db(), needles)).toEqual(
      expect.arrayContaining([
        `buyers.name: ${person.name}`,
        `buyers.cpf_hash: ${buyer.cpf_hash.toString('hex')}`,
        `buyer_phone_changes.old_phone: ${buyer.phone}`,
        `buyer_phone_codes.phone: ${phone}`,
        `campaign_reports.phone: ${phone}`,
        `mail_outbox.body_text: ${person.name}`,
        `mail_outbox.body_text: ${maskPhone(phone)}`,
        `whatsapp_outbox.to_phone: ${buyer.phone}`,
      ]),
    );

    const id = await confirmedRequest(phone, cpfDigits, 'deletion');
    const ledgerBefore = await ledgerSnapshot(db());
    expect((await admin('POST', `/api/admin/privacy-requests/${id}/export`)).statusCode).toBe(409);
    const reply = await admin('POST', `/api/admin/privacy-requests/${id}/execute`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: PRIVACY_ADMIN_MESSAGES.executed });
    expect(await ledgerSnapshot(db())).toEqual(ledgerBefore);
    expect((await admin('POST', `/api/admin/privacy-requests/${id}/execute`)).statusCode).toBe(409);

    // The buyer is told, at the phone and e-mail just erased; those rows go once delivered.
    expect((await platformMessagesTo(db(), phone)).at(-1)).toContain('seus dados de comprador foram apagados');
    const notice = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', '=', `privacy_deleted:${id}`)
      .executeTakeFirstOrThrow();
    expect(notice.to_address).toBe(person.email);
    expect(await findPersonalData(db(), needles)).toEqual([
      `mail_outbox.to_address: ${person.email}`,
      `whatsapp_outbox.to_phone: ${phone}`,
    ]);
    await sql`UPDATE whatsapp_outbox SET status = 'sent', sent_at = now() WHERE dedupe_key = ${`privacy_deleted:${id}`}`.execute(
      db(),
    );
    await sql`UPDATE mail_outbox SET sent_at = now() WHERE dedupe_key = ${`privacy_deleted:${id}`}`.execute(db());
    expect(await t.app.services.privacy.eraseDeliveredNotices()).toBe(1);
    expect(await findPersonalData(db(), needles)).toEqual([]);

    // Purchases and numbers stay, with the buyer anonymised; the other buyer is untouched.
    const row = await db().selectFrom('buyers').selectAll().where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: ANONYMISED_NAME, phone: `removido-${buyer.id}`, email: null });
    expect(row.anonymised_at).toBeInstanceOf(Date);
    expect((await purchaseRow(db(), buyer.purchaseHash)).status_id).toBe(2);
    expect(await findPersonalData(db(), { text: ['Outro Comprador Mantido', other.phone], bytes: [] })).toContain(
      'buyers.name: Outro Comprador Mantido',
    );
    // 'Meus números' no longer finds them.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/public/campaigns/${campaign.link}/my-tickets?phone=${phone}&cpf=${cpfDigits}`,
    });
    expect(mine.json()).toMatchObject({ found: false });
    const audit = (await auditRows(t.app, 'privacy.delete')).filter((r) => r.target_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: operator.operatorId, address: expect.any(String) });
  });
});

describe('BUYER_DATA_RETENTION_DAYS (the worker)', () => {
  it('should anonymise buyers whose every campaign ended longer ago, and keep the others', async () => {
    const old = await newBuyer(db(), { name: 'Antiga Compradora' });
    const recent = await newBuyer(db(), { name: 'Recente Compradora' });
    const drawn = await drawableCampaign(t.app, owner, { paid: [], drawAt: new Date(Date.now() + 86_400_000) });
    const open = await drawableCampaign(t.app, owner, { paid: [], drawAt: new Date(Date.now() + 86_400_000) });
    for (const [who, where] of [
      [old, drawn],
      [recent, drawn],
      [recent, open],
    ] as const) {
      expect((await buy(t.app, order(who, where, 1))).statusCode).toBe(201);
    }
    const longAgo = sql<Date>`now() - interval '1900 days'`;
    await db().updateTable('campaigns').set({ drawn_at: longAgo }).where('id', '=', String(drawn.id)).execute();
    await sql`UPDATE purchases SET purchased_at = ${longAgo} WHERE campaign_id = ${String(drawn.id)}`.execute(db());
    await sql`UPDATE buyers SET created_at = ${longAgo} WHERE id IN (${old.id}, ${recent.id})`.execute(db());

    expect(await t.app.services.privacy.retentionPass()).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .selectFrom('buyers')
      .select(['id', 'name', 'anonymised_at'])
      .where('id', 'in', [old.id, recent.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: old.id, name: ANONYMISED_NAME, anonymised_at: expect.any(Date) },
      { id: recent.id, name: 'Recente Compradora', anonymised_at: null },
    ]);
    const audit = (await auditRows(t.app, 'privacy.retention')).filter((r) => r.target_id === old.id);
    expect(audit).toMatchObject([{ operator_id: null, target_type: 'buyer' }]);
    expect(await t.app.services.privacy.retentionPass()).toBe(0);
  });
});
