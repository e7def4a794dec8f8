import { API_MESSAGES } from '../../../src/lib/messages';
import { bearer, registerUser, setupApp } from '../../helper';
import { openAccount, withFreshCpf } from '../../support/accounts';
import { createCampaign, postCampaign } from '../../support/campaigns';
import { setupOrganiser } from '../../support/organisers';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Input that used to reach the database or the multipart parser and come back as a 500 (issue 29, item 8): a NUL
 * character in any text, an id above its column's range, a multipart body without its boundary. Each is a 4xx
 * with the error shape.
 */

const t = setupApp();
const owner = setupOrganiser(t);

const errorShape = { success: false, message: expect.any(String) };

describe('a NUL character in any text', () => {
  it('should refuse it in a public path: /public/campaigns/%00/result', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/campaigns/%00/result' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal(API_MESSAGES.validationFailed, { link: [API_MESSAGES.nulCharacter] }));
  });

  it("should refuse it in the Evolution webhook's instance", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/evolution?secret=x',
      payload: { event: 'connection.update', instance: 'rifaria-\u0000', data: { state: 'open' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal(API_MESSAGES.validationFailed, { instance: [API_MESSAGES.nulCharacter] }));
  });

  it('should refuse it in a nested body field and in a query, naming the field', async () => {
    const campaign = await postCampaign(t.app, owner, {
      awards: [{ description: 'Carro\u00000km', value: 1 }],
    });
    expect(campaign.statusCode).toBe(422);
    expect(campaign.json().errors).toEqual({ 'awards.0.description': [API_MESSAGES.nulCharacter] });

    const list = await t.app.inject({ method: 'GET', url: '/api/campaigns?status=%00', headers: bearer(owner.token) });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ status: [API_MESSAGES.nulCharacter] });
  });

  it('should refuse it in a field of the account-opening form (multipart)', async () => {
    const applicant = await registerUser(t.app);
    const response = await openAccount(t.app, applicant.token, { ...withFreshCpf(), name: 'Maria\u0000 da Silva' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [API_MESSAGES.nulCharacter] });
  });
});

describe("ids above their column's range", () => {
  it('should refuse draw_type_id 2147483648 (a smallint) with the field message', async () => {
    for (const drawTypeId of [32768, 2147483648, '2147483648']) {
      const response = await postCampaign(t.app, owner, { draw_type_id: drawTypeId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ ...errorShape, errors: { draw_type_id: [expect.any(String)] } });
    }
  });

  it('should refuse an award value, a wallet or a document type id beyond its column', async () => {
    const award = await postCampaign(t.app, owner, { awards: [{ description: 'Carro', value: 1e20 }] });
    expect(award.statusCode).toBe(422);
    expect(Object.keys(award.json().errors)).toEqual(['awards.0.value']);

    const wallet = await postCampaign(t.app, owner, { user_wallet_id: 9223372036854775808 });
    expect(wallet.statusCode).toBe(422);
    expect(wallet.json().errors).toHaveProperty('user_wallet_id');

    const applicant = await registerUser(t.app);
    const response = await openAccount(t.app, applicant.token, { ...withFreshCpf(), documentType: '40000' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['documentType']);
  });

  it.each([
    ['GET', '/api/campaigns/99999999999999999999'],
    ['GET', '/api/campaigns/9223372036854775808/sales'],
    ['GET', '/api/user-wallets/99999999999999999999/balance'],
    ['GET', '/payments/deposits/99999999999999999999'],
    ['GET', '/whatsapp/instances/99999999999999999999'],
  ])('should answer 404 to %s %s', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, headers: bearer(owner.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject(errorShape);
  });
});

describe('multipart without a boundary', () => {
  it.each([
    ['the banner upload', async () => `/api/campaigns/${(await createCampaign(t.app, owner)).id}/upload-banner`],
    ['the account opening', async () => '/digital-wallets/abrir-conta'],
  ])('should answer 400 on %s', async (_name, url) => {
    const response = await t.app.inject({
      method: 'POST',
      url: await url(),
      headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="banner"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(API_MESSAGES.malformedMultipart));
  });
});
