import fs from 'node:fs';
import { bearer, registerUser, setupApp } from '../../helper';
import { openAccount, pngFile, temporaryStorageDir, withFreshCpf } from '../../support/accounts';
import { auditRows, signInOperator, type SignedInOperator } from '../../support/operators';
import { PDF, PNG, type UploadFile } from '../../support/uploads';

/**
 * Issue 32, KYC review by the operators (KYC_PROVIDER=manual): the queue with the automatic checks, the detail, the
 * document served to operators only and never cached, the approval and the rejection (one transaction each, with
 * the audit row, locked so two operators cannot both decide), the organiser told by e-mail, and the resubmission
 * back in the queue. Anyone but an operator gets the 404 of an unknown route.
 */

const storageDir = temporaryStorageDir();
const t = setupApp({
  config: { storage: { dir: storageDir }, kyc: { provider: 'manual' }, publicUrl: 'https://rifas.example' },
});
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));
const db = () => t.database.db;

let operator: SignedInOperator;
beforeAll(async () => {
  operator = await signInOperator(t.app);
});

async function application(file: UploadFile = pngFile) {
  const user = await registerUser(t.app);
  const fields = withFreshCpf();
  const response = await openAccount(t.app, user.token, fields, file);
  if (response.statusCode !== 201) throw new Error(`opening failed: ${response.body}`);
  const walletId = String(response.json().data.wallet.id);
  const row = await db()
    .selectFrom('account_applications')
    .select('id')
    .where('user_wallet_id', '=', walletId)
    .executeTakeFirstOrThrow();
  return { user, fields, walletId, id: row.id };
}

const as = (headers: Record<string, string>) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
  post: (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
});
const op = () => as(operator.headers);
const base = (id: string) => `/api/admin/account-openings/${id}`;
const walletStatus = async (walletId: string) =>
  (await db().selectFrom('user_wallets').select('status').where('id', '=', walletId).executeTakeFirstOrThrow()).status;
const mailsTo = (address: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();

describe('GET /api/admin/account-openings (the queue)', () => {
  it('should list the pending ones oldest first, with the masked CPF and the checks, and page them', async () => {
    const first = await application();
    const second = await application();
    const reply = await op().get('/api/admin/account-openings?status=pending&per_page=100');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { items, total } = reply.json();
    expect(total).toBeGreaterThanOrEqual(2);
    const ids = items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(Number(first.id))).toBeLessThan(ids.indexOf(Number(second.id)));
    expect(items.find((item: { id: number }) => item.id === Number(first.id))).toEqual({
      id: Number(first.id),
      name: first.fields.name,
      cpf_masked: `***.***.***-${(first.fields.cpf ?? '').slice(-2)}`,
      created_at: expect.any(String),
      status: 'pending',
      status_label: 'Em análise',
      checks: { cpf_valid: true, adult: true, cpf_unique: true },
    });
    // The full CPF never appears in the list.
    expect(reply.body).not.toContain(first.fields.cpf);

    const paged = await op().get('/api/admin/account-openings?per_page=1&page=2');
    expect(paged.json()).toMatchObject({ total, page: 2, per_page: 1, items: [{ id: ids[1] }] });
    expect((await op().get('/api/admin/account-openings?status=lost')).statusCode).toBe(422);
    expect((await op().get('/api/admin/account-openings?page=0')).statusCode).toBe(422);
  });
});

describe('GET /api/admin/account-openings/{id} and its document', () => {
  it('should give the data, the checks and a document URL served to operators only, never cached', async () => {
    const { id, fields } = await application();
    const detail = await op().get(base(id));
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.json()).toMatchObject({
      id: Number(id),
      status: 'pending',
      data: { name: fields.name, cpf: fields.cpf, zipCode: '01001000', documentType: 1 },
      document_type: expect.any(String),
      checks: { cpf_valid: true, adult: true, cpf_unique: true },
      rejection: null,
      resubmission_of: null,
      document: { mime: 'image/png', size: PNG.length },
      document_url: `/api/admin/account-openings/${id}/document`,
    });

    const document = await op().get(detail.json().document_url);
    expect(document.statusCode).toBe(200);
    expect(document.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="documento-${id}.png"`,
    });
    expect(document.rawPayload.equals(PNG)).toBe(true);

    // A PDF goes out as a PDF, under its own name.
    const pdf = await application({ data: PDF, filename: 'rg.pdf', type: 'application/pdf' });
    const served = await op().get(`${base(pdf.id)}/document`);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`inline; filename="documento-${pdf.id}.pdf"`);
    expect(served.rawPayload.equals(PDF)).toBe(true);

    expect((await op().get(base('999999999'))).statusCode).toBe(404);
    expect((await op().get(base('abc'))).statusCode).toBe(404);
  });

  it('should answer an organiser, or no one, the 404 of an unknown route on every KYC route', async () => {
    const { id, user } = await application();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/no-such-route' });
    for (const headers of [{}, bearer(user.token)]) {
      for (const [method, url] of [
        ['GET', '/api/admin/account-openings'],
        ['GET', base(id)],
        ['GET', `${base(id)}/document`],
        ['POST', `${base(id)}/approve`],
        ['POST', `${base(id)}/reject`],
      ] as const) {
        const reply = await t.app.inject({ method, url, headers });
        expect({ url, status: reply.statusCode, body: reply.body }).toEqual({
          url,
          status: 404,
          body: unknown.body,
        });
        expect(reply.headers['cache-control']).toBe(unknown.headers['cache-control']);
      }
    }
  });
});

describe('POST /api/admin/account-openings/{id}/approve', () => {
  it('should activate the wallet, e-mail the organiser and audit it, once', async () => {
    const { id, walletId, user } = await application();
    const approved = await op().post(`${base(id)}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Conta aprovada. O organizador foi avisado por e-mail.');
    expect(await walletStatus(walletId)).toBe('active');
    const row = await db()
      .selectFrom('account_applications')
      .select(['status', 'reviewer', 'reviewed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', reviewer: 'operator', reviewed_at: expect.any(Date) });
    expect((await mailsTo(user.email)).map((mail) => mail.dedupe_key)).toContain(`wallet_approved:${walletId}`);

    const audit = (await auditRows(t.app, 'account_opening.approve')).filter((r) => r.target_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: operator.operatorId, target_type: 'account_opening' });
    expect(audit[0]!.before).toMatchObject({ status: 'in_review' });
    expect(audit[0]!.after).toMatchObject({ status: 'approved', wallet: 'active' });

    const again = await op().post(`${base(id)}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta solicitação já foi decidida por outro operador.');
    expect((await op().get('/api/admin/account-openings?status=approved&per_page=100')).json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: Number(id), status: 'approved' })]),
    );
  });

  it('should let only one of two operators decide at the same time', async () => {
    const { id, walletId } = await application();
    const other = as((await signInOperator(t.app)).headers);
    const replies = await Promise.all([
      op().post(`${base(id)}/approve`),
      other.post(`${base(id)}/reject`, { reason: 'dados_nao_conferem', details: null }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const audits = [
      ...(await auditRows(t.app, 'account_opening.approve')),
      ...(await auditRows(t.app, 'account_opening.reject')),
    ].filter((r) => r.target_id === id);
    expect(audits).toHaveLength(1);
    expect(await walletStatus(walletId)).toBe(replies[0]!.statusCode === 200 ? 'active' : 'rejected');
  });
});

describe('POST /api/admin/account-openings/{id}/reject', () => {
  it('should refuse a reason off the list, details too long, and "outro" without details', async () => {
    const { id } = await application();
    for (const [payload, field] of [
      [{ reason: 'feio' }, 'reason'],
      [{}, 'reason'],
      [{ reason: 'outro' }, 'details'],
      [{ reason: 'outro', details: '   ' }, 'details'],
      [{ reason: 'documento_ilegivel', details: 'x'.repeat(501) }, 'details'],
      [{ reason: 'documento_ilegivel', details: 'x'.repeat(5000) }, 'details'],
    ] as const) {
      const reply = await op().post(`${base(id)}/reject`, payload);
      expect({ payload, status: reply.statusCode, fields: Object.keys(reply.json().errors ?? {}) }).toEqual({
        payload,
        status: 422,
        fields: [field],
      });
    }
    expect((await op().get(base(id))).json().status).toBe('pending');
  });

  it('should reject with the reason, tell the organiser both ways, audit it, and take the correction back in the queue', async () => {
    const { id, walletId, user, fields } = await application();
    const rejected = await op().post(`${base(id)}/reject`, {
      reason: 'outro',
      details: 'O comprovante de endereço não confere com o CEP.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await walletStatus(walletId)).toBe('rejected');

    const mail = (await mailsTo(user.email)).find((m) => m.dedupe_key === `wallet_rejected:${walletId}`);
    expect(mail?.subject).toBe('Sua solicitação de conta digital Rifaria não foi aprovada');
    expect(mail?.body_text).toContain('Motivo: Outro: O comprovante de endereço não confere com o CEP.');
    expect(mail?.body_text).toContain('Corrigir e reenviar: https://rifas.example/carteiras');

    const audit = (await auditRows(t.app, 'account_opening.reject')).filter((r) => r.target_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ status: 'rejected', wallet: 'rejected', reason: 'outro', wallet_id: walletId });
    // No personal data in the audit log: not the free text, not the name, not the CPF.
    const logged = JSON.stringify(audit[0]);
    for (const secret of ['comprovante', fields.name, fields.cpf, user.email]) expect(logged).not.toContain(secret);

    const told = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/applications/latest',
      headers: bearer(user.token),
    });
    expect(told.json().data).toMatchObject({
      status: 'rejected',
      rejection: {
        reason: 'outro',
        reason_label: 'Outro',
        details: 'O comprovante de endereço não confere com o CEP.',
      },
      can_resubmit: true,
    });
    expect((await op().get(base(id))).json()).toMatchObject({
      status: 'rejected',
      rejection: { reason: 'outro', reason_label: 'Outro' },
    });

    const resent = await openAccount(t.app, user.token, { ...fields, resubmissionOf: id }, null);
    expect(resent.statusCode).toBe(201);
    const { id: againId } = await db()
      .selectFrom('account_applications')
      .select('id')
      .where('user_wallet_id', '=', String(resent.json().data.wallet.id))
      .executeTakeFirstOrThrow();
    const queue = (await op().get('/api/admin/account-openings?status=pending&per_page=100')).json().items;
    const again = queue.find((item: { id: number }) => item.id === Number(againId));
    expect(again).toMatchObject({ status: 'pending', checks: { cpf_valid: true, adult: true, cpf_unique: true } });
    const detail = (await op().get(base(String(again.id)))).json();
    expect(detail.resubmission_of).toBe(Number(id));
    expect((await op().get(detail.document_url)).rawPayload.equals(PNG)).toBe(true);
    // Approved this time: the new wallet is active.
    expect((await op().post(`${base(String(again.id))}/approve`)).statusCode).toBe(200);
    const wallets = await db()
      .selectFrom('user_wallets')
      .select('status')
      .where('user_id', '=', String(user.id))
      .execute();
    expect(wallets.map((w) => w.status).sort()).toEqual(['active', 'rejected']);
  });
});

describe('the audit rows', () => {
  it('should stay: the audit log is append-only', async () => {
    const { id } = await application();
    await op().post(`${base(id)}/approve`);
    await expect(db().deleteFrom('audit_log').where('target_id', '=', id).execute()).rejects.toThrow();
  });
});
