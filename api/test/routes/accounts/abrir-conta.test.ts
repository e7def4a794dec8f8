import fs from 'node:fs';
import { ACCOUNT_OPENING_MESSAGES, ADDRESS_MESSAGES, AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { isValidAccountNumber } from '../../../src/accounts';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { countRows } from '../../support/rows';
import { openAccount, storedDocuments, temporaryStorageDir, VALID_FIELDS, withFreshCpf } from '../../support/accounts';
import { SE_ADDRESS } from '../../support/payloads';
import { PDF, PNG } from '../../support/uploads';
import { ACCOUNT_OPENING_REQUIRED, asErrors, refusal } from '@rifaria/shared/testing/fixtures';

const storageDir = temporaryStorageDir();
const t = setupApp({ config: { storage: { dir: storageDir } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const VALIDATION_FAILED = 'Dados inválidos. Verifique os campos informados.';

describe('GET /api/document-types', () => {
  it('should list the seeded document types by id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/document-types' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [
        { id: 1, name: 'RG (Carteira de Identidade)' },
        { id: 2, name: 'CNH (Carteira de Motorista)' },
        { id: 3, name: 'CIN (Carteira de Identidade Nacional)' },
        { id: 4, name: 'RNM (Registro Nacional Migratório)' },
        { id: 5, name: 'Passaporte' },
      ],
    });
  });
});

describe('POST /digital-wallets/abrir-conta', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t.app);
  });

  it('should answer 401 without a token, before reading the upload', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/digital-wallets/abrir-conta', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('should answer 415 to a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/digital-wallets/abrir-conta',
      headers: bearer(user.token),
      payload: VALID_FIELDS,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(refusal('Envie os dados da abertura de conta como multipart/form-data.'));
  });

  it('should report the required message of every field of an empty form', async () => {
    const response = await openAccount(t.app, user.token, {}, null);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: VALIDATION_FAILED,
      errors: asErrors({ ...ACCOUNT_OPENING_REQUIRED, documentFile: ACCOUNT_OPENING_MESSAGES.documentFileRequired }),
    });
  });

  it.each([
    ['name', '   ', ACCOUNT_OPENING_MESSAGES.nameRequired],
    ['email', 'maria@', AUTH_MESSAGES.emailInvalid],
    ['cpf', '123.456.789', ACCOUNT_OPENING_MESSAGES.cpfDigits],
    ['cpf', '111.111.111-11', ACCOUNT_OPENING_MESSAGES.cpfInvalid],
    ['phone', '11 1234', ACCOUNT_OPENING_MESSAGES.phoneInvalid],
    ['birthdate', '17-05-1990', ACCOUNT_OPENING_MESSAGES.birthdateFormat],
    ['birthdate', '1990-02-30', ACCOUNT_OPENING_MESSAGES.birthdateInvalid],
    ['birthdate', '2999-01-01', ACCOUNT_OPENING_MESSAGES.birthdateFuture],
    ['birthdate', '1899-12-31', ACCOUNT_OPENING_MESSAGES.birthdateTooOld],
    // Issue 30: whatever the KYC provider would say, no account for a minor.
    ['birthdate', '2015-01-01', ACCOUNT_OPENING_MESSAGES.birthdateMinor],
    ['zipCode', '0100-100', ADDRESS_MESSAGES.cepDigits],
    ['street', '', ADDRESS_MESSAGES.streetRequired],
    ['number', '', ADDRESS_MESSAGES.numberRequired],
    ['neighborhood', '', ADDRESS_MESSAGES.neighborhoodRequired],
    ['city', '', ADDRESS_MESSAGES.cityRequired],
    ['state', '', ADDRESS_MESSAGES.stateRequired],
    ['state', 'XX', ADDRESS_MESSAGES.stateInvalid],
    ['documentType', 'abc', ACCOUNT_OPENING_MESSAGES.documentTypeRequired],
  ])('should refuse %s = %p with its message', async (field, value, message) => {
    const response = await openAccount(t.app, user.token, { ...VALID_FIELDS, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal(VALIDATION_FAILED, { [field]: [message] }));
  });

  it('should refuse a document type that does not exist', async () => {
    const response = await openAccount(t.app, user.token, { ...VALID_FIELDS, documentType: '99' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ documentType: [ACCOUNT_OPENING_MESSAGES.documentTypeRequired] });
  });

  it('should refuse a text file named .png and declared image/png (type by magic bytes)', async () => {
    const response = await openAccount(t.app, user.token, VALID_FIELDS, {
      data: Buffer.from('not an image at all'),
      filename: 'documento.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ documentFile: [ACCOUNT_OPENING_MESSAGES.documentFileType] });
  });

  it('should refuse a GIF, which is an image but not an accepted document format', async () => {
    const response = await openAccount(t.app, user.token, VALID_FIELDS, {
      data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      filename: 'documento.gif',
      type: 'image/gif',
    });
    expect(response.json().errors).toEqual({ documentFile: [ACCOUNT_OPENING_MESSAGES.documentFileType] });
  });

  it('should treat an empty file part (no file chosen) as a missing document', async () => {
    const response = await openAccount(t.app, user.token, VALID_FIELDS, {
      data: Buffer.alloc(0),
      filename: '',
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ documentFile: [ACCOUNT_OPENING_MESSAGES.documentFileRequired] });
  });

  it('should refuse a document over 10 MB and store nothing', async () => {
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    PNG.copy(tooBig);
    const response = await openAccount(t.app, user.token, VALID_FIELDS, {
      data: tooBig,
      filename: 'rg.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      refusal(VALIDATION_FAILED, { documentFile: [ACCOUNT_OPENING_MESSAGES.documentFileSize] }),
    );
    expect(storedDocuments(storageDir)).toEqual([]);
  });

  it('should accept a document of exactly 10 MB', async () => {
    const other = await registerUser(t.app);
    const exact = Buffer.alloc(10 * 1024 * 1024);
    PDF.copy(exact);
    const response = await openAccount(t.app, other.token, withFreshCpf(), {
      data: exact,
      filename: 'rg.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
  });

  it('should create an in-review wallet and the application, store the document and complete the profile', async () => {
    const response = await openAccount(t.app, user.token, VALID_FIELDS);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: 'Solicitação recebida! Sua conta está em análise.',
      data: {
        wallet: {
          id: expect.any(Number),
          is_active: false,
          status: 'in_review',
          status_label: 'Em análise',
          account_number: expect.stringMatching(/^\d{8}$/),
          wallet_type: { id: 1, name: 'Conta Digital Rifaria' },
          created_at: expect.any(String),
        },
      },
    });
    const { wallet } = body.data;
    expect(isValidAccountNumber(wallet.account_number)).toBe(true);
    expect(new Date(wallet.created_at).toISOString()).toBe(wallet.created_at);

    const db = t.database.db;
    const walletRow = await db
      .selectFrom('user_wallets')
      .selectAll()
      .where('id', '=', String(wallet.id))
      .executeTakeFirstOrThrow();
    expect(walletRow).toMatchObject({
      user_id: String(user.id),
      status: 'in_review',
      wallet_type_id: 1,
      activated_at: null,
    });

    const application = await t.app.services.accounts.findApplicationByWallet(String(wallet.id));
    expect(application).toMatchObject({
      user_id: String(user.id),
      name: 'Maria da Silva',
      email: 'maria.silva@example.com',
      cpf: '52998224725',
      phone: '11987654321',
      birthdate: '1990-05-17',
      ...SE_ADDRESS,
      state_uf: 'SP',
      document_type_id: 1,
      document_mime: 'image/png',
      document_size: PNG.length,
      status: 'in_review',
      reviewer: null,
      reviewed_at: null,
    });
    // The key is the server's own, nothing of the uploaded name ('rg-frente.png') in it.
    expect(application!.document_storage_key).toMatch(/^account-documents\/[0-9a-f-]{36}$/);
    expect(await t.app.services.storage.get(application!.document_storage_key)).toEqual({
      data: PNG,
      contentType: 'image/png',
    });

    const profile = await t.repos.users.findById(String(user.id));
    expect(profile).toMatchObject({ cpf: '52998224725', phone: '11987654321', birthdate: '1990-05-17' });
    const address = await t.repos.addresses.findByUser(String(user.id));
    expect(address).toMatchObject({
      zip_code: '01001000',
      street: 'Praça da Sé',
      city: 'São Paulo',
      state: { abbreviation: 'SP' },
    });
  });

  it('should refuse a second opening while the first is in review, and keep no file of it', async () => {
    const filesBefore = storedDocuments(storageDir).length;
    const response = await openAccount(t.app, user.token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('Você já possui uma conta digital ativa ou em análise.'));
    expect(storedDocuments(storageDir)).toHaveLength(filesBefore);
    expect(await countRows(t.database.db, 'user_wallets', { user_id: user.id })).toBe(1);
  });

  it('should open one account only when the same user submits twice at once, leaving no orphan file', async () => {
    const racer = await registerUser(t.app);
    const responses = await Promise.all([openAccount(t.app, racer.token), openAccount(t.app, racer.token)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const applications = await t.app.services.accounts.listApplicationsOfUser(String(racer.id));
    expect(applications).toHaveLength(1);
    const stored = storedDocuments(storageDir);
    const keys = (await t.database.db.selectFrom('account_applications').select('document_storage_key').execute()).map(
      (row) => row.document_storage_key.split('/')[1],
    );
    expect(stored.sort()).toEqual(keys.sort());
  });

  it('should accept a PDF named .png: the bytes decide, and the stored type is the sniffed one', async () => {
    const other = await registerUser(t.app);
    const response = await openAccount(
      t.app,
      other.token,
      withFreshCpf({ ...VALID_FIELDS, birthdate: '', complement: '' }),
      {
        data: PDF,
        filename: 'foto.png',
        type: 'image/png',
      },
    );
    expect(response.statusCode).toBe(201);
    const [application] = await t.app.services.accounts.listApplicationsOfUser(String(other.id));
    expect(application).toMatchObject({ document_mime: 'application/pdf', birthdate: null, complement: null });
    expect((await t.app.services.storage.get(application!.document_storage_key))?.contentType).toBe('application/pdf');
  });

  it('should not overwrite the CPF and phone the profile already has, and not touch other users', async () => {
    const owner = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const fields = withFreshCpf();
    const profileCpf = fields.cpf!.replace(/\D/g, '');
    await t.repos.users.update(String(owner.id), { cpf: profileCpf, phone: '21987654321' });
    const response = await openAccount(t.app, owner.token, fields);
    expect(response.statusCode).toBe(201);
    expect(await t.repos.users.findById(String(owner.id))).toMatchObject({
      cpf: profileCpf,
      phone: '21987654321',
      birthdate: '1990-05-17',
    });
    expect(await t.repos.users.findById(String(bystander.id))).toMatchObject({ cpf: null, phone: null });
    expect(await t.repos.addresses.findByUser(String(bystander.id))).toBeNull();
  });
});
