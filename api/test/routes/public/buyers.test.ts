import { setupApp, setupAppBeside } from '../../helper';
import { countRows } from '../../support/rows';
import { maskBuyerCpf, maskBuyerEmail, maskBuyerPhone } from '../../../src/lib/masks';
import { BUYER_DEVICE_COOKIE } from '../../../src/buyers/device-token';
import {
  buyerDevice,
  cpfFromBase,
  insertBuyer,
  NEW_BUYER_REPLY,
  TEST_BUYER_DATA_SECRET,
  testCpfCipher,
} from '../../support/buyers';
import { refusal } from '@rifaria/shared/testing/fixtures';

const TOO_MANY = { success: false, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' };
const GENERAL_422 = 'Dados inválidos. Verifique os campos informados.';

/** Every digit run of 4+ in a reply, to prove no full document or phone is in it. */
const fullDigits = (body: string) => body.match(/\d{5,}/g) ?? [];

/** A buyer as the public replies show them: the name, the CPF's check digits, the e-mail and phone masked. */
const maskedBuyer = (name: string, email: string, cpf: string, phone: string) => ({
  name,
  cpf: `***.***.***-${cpf.slice(9)}`,
  email,
  phone: maskBuyerPhone(phone),
});

describe('public buyers', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  const cipher = testCpfCipher();

  const check = (phone: string, app = t.app, ip = '127.0.0.1', cookies: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/public/buyers/check/${encodeURIComponent(phone)}`,
      remoteAddress: ip,
      cookies,
    });
  const checkOn = (phone: string, cookies: Record<string, string>) => check(phone, t.app, '127.0.0.1', cookies);
  /** The device cookie a reply set, or undefined. */
  const cookieSet = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((cookie) => cookie.name === BUYER_DEVICE_COOKIE);
  const create = (payload: unknown, app = t.app, ip = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/public/buyers', payload: payload as object, remoteAddress: ip });

  let phoneSeq = 0;
  /** A fresh valid mobile phone (DDD 21) per test. */
  const newPhone = () => `2198${String(1_000_000 + (phoneSeq += 1)).slice(1)}00`.slice(0, 11);
  let cpfSeq = 0;
  const newCpf = () => cpfFromBase(String(300_000_000 + (cpfSeq += 1)));

  describe('GET /public/buyers/check/:phone', () => {
    it('should answer the buyer masked to a device that proved them: the name, CPF check digits, first e-mail letter, DDD and last 4 digits', async () => {
      const { id } = await insertBuyer(t.database.db, {
        name: 'Ana Lima',
        phone: '11987654321',
        email: 'ana.lima@gmail.com',
        cpf: '12345678909',
      });
      const response = await checkOn('11987654321', buyerDevice(id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        found: true,
        data: { name: 'Ana Lima', cpf: '***.***.***-09', email: 'a***@gmail.com', phone: '(11) *****-4321' },
      });
      expect(fullDigits(response.body)).toEqual([]);
      expect(response.body).not.toContain('ana.lima');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('should accept the phone as typed with the mask, and give email null when the buyer has none', async () => {
      const { id } = await insertBuyer(t.database.db, { name: 'Zeca', phone: '3134567890', email: null });
      const response = await checkOn('(31) 3456-7890', buyerDevice(id));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ name: 'Zeca', email: null, phone: '(31) ****-7890' });
    });

    it('should answer 200 found false for a phone without a buyer (a new buyer is not an error)', async () => {
      const response = await check('21999990000');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(NEW_BUYER_REPLY);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('should answer a registered phone exactly as a new one to any other device (typing a phone reveals nothing)', async () => {
      const { id, phone } = await insertBuyer(t.database.db, { name: 'Vítima', phone: newPhone() });
      const other = await insertBuyer(t.database.db, { phone: newPhone() });
      const stranger = (await check(newPhone())).json();
      const forged = { [BUYER_DEVICE_COOKIE]: `v1.${id}.0.${'A'.repeat(43)}` };
      for (const cookies of [
        {},
        buyerDevice(other.id),
        buyerDevice(id, 1),
        forged,
        { [BUYER_DEVICE_COOKIE]: 'x'.repeat(5000) },
      ]) {
        const response = await checkOn(phone, cookies);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(stranger);
        expect(response.body).not.toContain('Vítima');
      }
      // A phone change bumps the epoch: the devices of before no longer count.
      expect((await checkOn(phone, buyerDevice(id))).json().found).toBe(true);
      await t.database.db.updateTable('buyers').set({ token_epoch: 1 }).where('id', '=', id).execute();
      expect((await checkOn(phone, buyerDevice(id))).json().found).toBe(false);
      expect((await checkOn(phone, buyerDevice(id, 1))).json().found).toBe(true);
    });

    it('should answer 422 with the reservation messages for an invalid phone', async () => {
      const short = await check('119876');
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual(refusal(GENERAL_422, { phone: ['Telefone deve ter pelo menos 10 dígitos'] }));
      for (const phone of ['00987654321', '119876543210', '11887654321']) {
        const response = await check(phone);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ phone: ['Telefone inválido'] });
      }
    });

    it('should show a fully masked CPF, not fail, when the stored CPF cannot be decrypted (lost key)', async () => {
      const { id, phone } = await insertBuyer(t.database.db, { phone: newPhone() });
      await t.database.db
        .updateTable('buyers')
        .set({ cpf_encrypted: Buffer.alloc(39, 7) })
        .where('phone', '=', phone)
        .execute();
      const response = await checkOn(phone, buyerDevice(id));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.cpf).toBe('***.***.***-**');
    });
  });

  describe('POST /public/buyers', () => {
    it('should create the buyer (201, masked reply) storing the CPF only as HMAC and AES-GCM ciphertext', async () => {
      const phone = newPhone();
      const cpf = newCpf();
      const response = await create({
        name: '  Bruno Souza  ',
        phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
        cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
        email: 'Bruno.Souza@Example.COM',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        data: maskedBuyer('Bruno Souza', 'b***@example.com', cpf, phone),
      });
      expect(fullDigits(response.body)).toEqual([]);

      const row = await t.database.db
        .selectFrom('buyers')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Bruno Souza', phone, email: 'bruno.souza@example.com', cpf_key_id: 1 });
      expect(Buffer.compare(row.cpf_hash, cipher.hash(cpf))).toBe(0);
      expect(cipher.decrypt(row.cpf_encrypted)).toBe(cpf);
      // Not readable in a dump: no column holds the digits.
      const dump = JSON.stringify({
        ...row,
        cpf_hash: row.cpf_hash.toString('latin1'),
        cpf_encrypted: row.cpf_encrypted.toString('latin1'),
      });
      expect(dump).not.toContain(cpf);
      expect(dump).not.toContain(cpf.slice(3, 9));
    });

    it('should accept email null or empty as no e-mail', async () => {
      for (const email of [null, '']) {
        const response = await create({ name: 'Sem Email', phone: newPhone(), cpf: newCpf(), email });
        expect(response.statusCode).toBe(201);
        expect(response.json().data.email).toBeNull();
      }
      const omitted = await create({ name: 'Sem Email', phone: newPhone(), cpf: newCpf() });
      expect(omitted.statusCode).toBe(201);
      expect(omitted.json().data.email).toBeNull();
    });

    it('should answer 422 with one message per field for an empty body', async () => {
      const response = await create({});
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        message: GENERAL_422,
        errors: {
          name: ['Nome é obrigatório'],
          phone: ['Telefone deve ter pelo menos 10 dígitos'],
          cpf: ['CPF é obrigatório'],
        },
      });
    });

    it.each([
      ['a 10-digit CPF', { cpf: '1234567890' }, 'cpf', 'CPF deve ter 11 dígitos'],
      ['wrong CPF check digits', { cpf: '12345678900' }, 'cpf', 'CPF inválido'],
      ['an all-equal CPF', { cpf: '11111111111' }, 'cpf', 'CPF inválido'],
      ['a malformed e-mail', { email: 'nao-e-email' }, 'email', 'E-mail inválido'],
      ['a non-string e-mail', { email: 42 }, 'email', 'E-mail inválido'],
      ['a 121-character name', { name: 'x'.repeat(121) }, 'name', 'Nome deve ter no máximo 120 caracteres'],
      ['a blank name', { name: '   ' }, 'name', 'Nome é obrigatório'],
      ['a 7-digit phone', { phone: '1198765' }, 'phone', 'Telefone deve ter pelo menos 10 dígitos'],
      ['a phone with DDD 20', { phone: '20987654321' }, 'phone', 'Telefone inválido'],
    ])('should answer 422 for %s', async (_label, override, field, message) => {
      const response = await create({ name: 'Válido', phone: newPhone(), cpf: newCpf(), email: null, ...override });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ [field]: [message] });
    });

    it('should answer a registered phone with another CPF as a new buyer (the typed data, masked), changing nothing and proving nothing', async () => {
      const phone = newPhone();
      const first = await create({ name: 'Primeira', phone, cpf: newCpf(), email: 'primeira@example.com' });
      expect(first.statusCode).toBe(201);
      const cpf = newCpf();
      const again = await create({ name: 'Outra Pessoa', phone, cpf, email: 'outra@example.com' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({
        success: true,
        data: maskedBuyer('Outra Pessoa', 'o***@example.com', cpf, phone),
      });
      expect(cookieSet(again)).toBeUndefined();
      const rows = await t.database.db
        .selectFrom('buyers')
        .select(['name', 'email'])
        .where('phone', '=', phone)
        .execute();
      expect(rows).toEqual([{ name: 'Primeira', email: 'primeira@example.com' }]);
    });

    it('should answer a registered phone with its own CPF with that buyer, and recognise the device from then on', async () => {
      const phone = newPhone();
      const cpf = newCpf();
      const first = await create({ name: 'Primeira', phone, cpf, email: 'primeira@example.com' });
      const again = await create({ name: 'Outro Nome', phone, cpf, email: null });
      expect(again.statusCode).toBe(201);
      expect(again.json().data).toEqual(first.json().data);
      const device = cookieSet(again)!;
      expect(device).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/' }));
      expect((await checkOn(phone, { [device.name]: device.value })).json().data).toEqual(first.json().data);
    });

    it('should answer 422 errors.cpf "Este CPF já está cadastrado com outro telefone." for a CPF of another phone', async () => {
      const cpf = newCpf();
      expect((await create({ name: 'Dono', phone: newPhone(), cpf, email: null })).statusCode).toBe(201);
      const otherPhone = newPhone();
      const response = await create({ name: 'Outro', phone: otherPhone, cpf, email: null });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(
        refusal(GENERAL_422, { cpf: ['Este CPF já está cadastrado com outro telefone.'] }),
      );
      expect(
        await t.database.db.selectFrom('buyers').select('id').where('phone', '=', otherPhone).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('should create exactly one buyer when the same new buyer is sent twice at once (double click)', async () => {
      const body = { name: 'Clique Duplo', phone: newPhone(), cpf: newCpf(), email: null };
      const replies = await Promise.all(Array.from({ length: 5 }, () => create(body)));
      expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      // The same CPF: every reply is that buyer, and every click's device is recognised.
      for (const reply of replies) {
        expect(reply.json().data).toEqual(replies[0]!.json().data);
        expect(cookieSet(reply)).toBeDefined();
      }
      expect(await countRows(t.database.db, 'buyers', { phone: body.phone })).toBe(1);
    });

    it('should create exactly one buyer when one CPF is sent with several new phones at once', async () => {
      const cpf = newCpf();
      const phones = Array.from({ length: 5 }, newPhone);
      const replies = await Promise.all(phones.map((phone) => create({ name: 'Mesmo CPF', phone, cpf, email: null })));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
      for (const reply of replies.filter((r) => r.statusCode === 422)) {
        expect(reply.json().errors).toEqual({ cpf: ['Este CPF já está cadastrado com outro telefone.'] });
      }
      const rows = await t.database.db.selectFrom('buyers').select('id').where('phone', 'in', phones).execute();
      expect(rows).toHaveLength(1);
    });

    it('should be found by GET /public/buyers/check afterwards, on the device that registered, with the same masked data', async () => {
      const phone = newPhone();
      const created = await create({ name: 'Depois', phone, cpf: newCpf(), email: 'depois@example.com' });
      const device = cookieSet(created)!;
      const checked = await checkOn(phone, { [device.name]: device.value });
      expect(checked.json()).toEqual({ success: true, found: true, data: created.json().data });
    });
  });

  describe('rate limits (per IP)', () => {
    const limited = setupAppBeside(t, {
      config: {
        rateLimits: {
          publicBuyerCheck: { max: 3, timeWindowMs: 60_000 },
          publicBuyerCreate: { max: 2, timeWindowMs: 60_000 },
        },
      },
    });

    it('should answer 429 in pt-BR on the phone check after N lookups from one IP, not for another IP', async () => {
      for (let i = 0; i < 3; i++) expect((await check('21911112222', limited.app, '10.1.0.1')).statusCode).toBe(200);
      const blocked = await check('21911112222', limited.app, '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await check('21911112222', limited.app, '10.1.0.2')).statusCode).toBe(200);
    });

    it('should answer 429 in pt-BR on buyer creation after N attempts from one IP (invalid ones count too)', async () => {
      expect((await create({}, limited.app, '10.2.0.1')).statusCode).toBe(422);
      const body = { name: 'Limite', phone: newPhone(), cpf: newCpf(), email: null };
      expect((await create(body, limited.app, '10.2.0.1')).statusCode).toBe(201);
      const blocked = await create({ ...body, phone: newPhone(), cpf: newCpf() }, limited.app, '10.2.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY);
      expect((await create({ ...body, phone: newPhone(), cpf: newCpf() }, limited.app, '10.2.0.2')).statusCode).toBe(
        201,
      );
    });
  });
});

describe('masks', () => {
  it('should mask a public CPF to its two check digits (the middle six would narrow it to ~1,000 candidates)', () => {
    expect(maskBuyerCpf('12345678909')).toBe('***.***.***-09');
    expect(maskBuyerCpf('529.982.247-25')).toBe('***.***.***-25');
    expect(maskBuyerCpf('123')).toBe('***.***.***-**');
  });

  it('should mask e-mails to the first letter and the domain', () => {
    expect(maskBuyerEmail('ana.lima@gmail.com')).toBe('a***@gmail.com');
    expect(maskBuyerEmail('x@y.com.br')).toBe('x***@y.com.br');
    expect(maskBuyerEmail(null)).toBeNull();
    expect(maskBuyerEmail('sem-arroba')).toBe('***');
  });

  it('should mask phones to the DDD and the last four digits', () => {
    expect(maskBuyerPhone('11987654321')).toBe('(11) *****-4321');
    expect(maskBuyerPhone('1134567890')).toBe('(11) ****-7890');
    expect(maskBuyerPhone('123')).toBe('(**) *****-****');
  });
});
