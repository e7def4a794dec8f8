import fs from 'node:fs';
import { accountsWorkerSteps } from '../../../src/accounts';
import { bearer, registerUser, setupApp, type TestApp } from '../../helper';
import { openAccount, storedDocuments, temporaryStorageDir, withFreshCpf } from '../../support/accounts';
import { JPEG } from '../../support/uploads';

/**
 * Issue 32, the organiser's side of KYC_PROVIDER=manual: nothing decides by itself, the automatic checks are recorded
 * with the application, GET /api/accounts/applications/latest tells the organiser the outcome (the reason of a
 * rejection) and gives the wizard the data to correct, and 'Corrigir e reenviar' sends it again, keeping the document
 * or replacing it, back in the queue.
 */

const storageDir = temporaryStorageDir();
const t = setupApp({ config: { storage: { dir: storageDir }, kyc: { provider: 'manual' } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));
const db = () => t.database.db;

async function opened(app: TestApp['app'] = t.app) {
  const user = await registerUser(app);
  const fields = withFreshCpf();
  const response = await openAccount(app, user.token, fields);
  if (response.statusCode !== 201) throw new Error(`opening failed: ${response.body}`);
  const application = await db()
    .selectFrom('account_applications')
    .selectAll()
    .where('user_wallet_id', '=', String(response.json().data.wallet.id))
    .executeTakeFirstOrThrow();
  return { user, fields, application };
}

/** An operator's rejection, as the decision service writes it (the routes are tested in test/routes/admin). */
async function rejected(applicationId: string) {
  const application = await db()
    .selectFrom('account_applications')
    .selectAll()
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  await t.app.services.accounts.reject(application, 'operator', 'Documento ilegível: A foto está desfocada.', db(), {
    rejection_code: 'documento_ilegivel',
    rejection_details: 'A foto está desfocada.',
  });
}

const latest = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/accounts/applications/latest', headers: bearer(token) });

async function resubmit(token: string, fields: Record<string, string>, resubmissionOf: string, withFile = false) {
  return openAccount(
    t.app,
    token,
    { ...fields, resubmissionOf },
    withFile ? { data: JPEG, filename: 'rg-nitido.jpg', type: 'image/jpeg' } : null,
  );
}

describe('KYC_PROVIDER=manual (organiser side)', () => {
  it('should leave the application in review: the worker decides nothing, and the checks are recorded', async () => {
    const { application } = await opened();
    for (const step of accountsWorkerSteps(t.app.services.kycReview)) await step.run();
    const after = await db()
      .selectFrom('account_applications as a')
      .innerJoin('user_wallets as w', 'w.id', 'a.user_wallet_id')
      .select(['a.status', 'w.status as wallet_status', 'a.check_cpf_valid', 'a.check_adult', 'a.check_cpf_unique'])
      .where('a.id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({
      status: 'in_review',
      wallet_status: 'in_review',
      check_cpf_valid: true,
      check_adult: true,
      check_cpf_unique: true,
    });
  });

  it("should tell the organiser the latest application, no-store, and nobody else's", async () => {
    const stranger = await registerUser(t.app);
    const none = await latest(stranger.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, data: null });

    const { user, fields, application } = await opened();
    const pending = await latest(user.token);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.json().data).toMatchObject({
      id: Number(application.id),
      status: 'in_review',
      rejection: null,
      can_resubmit: false,
      fields: { name: fields.name, cpf: fields.cpf, documentType: Number(fields.documentType) },
      document: { mime: 'image/png' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/applications/latest' })).statusCode).toBe(401);
  });

  it("should show the rejection's reason, then resubmit keeping the document, back in the queue", async () => {
    const { user, fields, application } = await opened();
    await rejected(application.id);
    const told = (await latest(user.token)).json().data;
    expect(told).toMatchObject({
      status: 'rejected',
      rejection: {
        reason: 'documento_ilegivel',
        reason_label: 'Documento ilegível',
        details: 'A foto está desfocada.',
      },
      can_resubmit: true,
    });
    const filesBefore = storedDocuments(storageDir).length;

    const again = await resubmit(user.token, { ...fields, number: '200' }, application.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.wallet.status).toBe('in_review');
    const fresh = (await latest(user.token)).json().data;
    expect(fresh).toMatchObject({ status: 'in_review', fields: { number: '200' }, document: told.document });
    const row = await db()
      .selectFrom('account_applications')
      .selectAll()
      .where('id', '=', String(fresh.id))
      .executeTakeFirstOrThrow();
    expect(row.resubmission_of).toBe(application.id);
    // The document is copied under a key of its own (each application owns its file).
    expect(row.document_storage_key).not.toBe(application.document_storage_key);
    expect(storedDocuments(storageDir)).toHaveLength(filesBefore + 1);
    const [kept, original] = await Promise.all([
      t.app.services.storage.get(row.document_storage_key),
      t.app.services.storage.get(application.document_storage_key),
    ]);
    expect(kept?.data.equals(original!.data)).toBe(true);
  });

  it('should resubmit with a new document when one is sent, and refuse a second correction of the same one', async () => {
    const { user, fields, application } = await opened();
    await rejected(application.id);
    const again = await resubmit(user.token, fields, application.id, true);
    expect(again.statusCode).toBe(201);
    const row = await db()
      .selectFrom('account_applications')
      .select(['document_mime', 'resubmission_of', 'id'])
      .where('resubmission_of', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.document_mime).toBe('image/jpeg');

    await rejected(row.id);
    const twice = await resubmit(user.token, fields, application.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('Esta solicitação não pode ser corrigida e reenviada.');
  });

  it("should refuse to correct another organiser's application, one in review, or a malformed id", async () => {
    const other = await opened();
    await rejected(other.application.id);
    const { user, fields, application } = await opened();
    await rejected(application.id);
    const theirs = await resubmit(user.token, fields, other.application.id);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().message).toBe('Esta solicitação não pode ser corrigida e reenviada.');

    const pending = await opened();
    const inReview = await resubmit(pending.user.token, pending.fields, pending.application.id);
    // An open wallet already refuses any new opening.
    expect(inReview.statusCode).toBe(422);

    const malformed = await resubmit(user.token, fields, '1; DROP TABLE users');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({
      resubmissionOf: ['Esta solicitação não pode ser corrigida e reenviada.'],
    });
    // Without the correction's id, a document is required as always.
    const noFile = await openAccount(t.app, user.token, fields, null);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.documentFile).toEqual(['Arquivo do documento é obrigatório']);
  });
});
