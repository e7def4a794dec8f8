import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, setupApp } from '../../helper';
import { createCampaign, uploadBanner } from '../../support/campaigns';
import { setupOrganiser } from '../../support/organisers';
import { JPEG, PDF, PNG } from '../../support/uploads';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-banners-'));
const t = setupApp({ config: { storage: { dir: storageDir } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const keyOf = (bannerUrl: string) => bannerUrl.split('/media/banners/')[1]!;
const storedFile = (key: string) => path.join(storageDir, 'campaign-banners', key);
const storedCount = () => {
  const dir = path.join(storageDir, 'campaign-banners');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('POST /api/campaigns/{id}/upload-banner', () => {
  const user = setupOrganiser(t);

  it('should store a PNG and serve it publicly with immutable caching headers', async () => {
    const created = await createCampaign(t.app, user);
    const response = await uploadBanner(t.app, user, created.id, PNG, 'banner.png', 'image/png');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Banner atualizado com sucesso!');
    expect(body.data.banner).toMatch(/^\/media\/banners\/[0-9a-f-]{36}$/);
    expect(body.data.banner_image).toBe(body.data.banner);

    const served = await t.app.inject({ method: 'GET', url: `/media/banners/${keyOf(body.data.banner)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('should accept a JPG by its bytes whatever its name, and delete the previous file', async () => {
    const created = await createCampaign(t.app, user);
    const first = (await uploadBanner(t.app, user, created.id, PNG, 'a.png', 'image/png')).json().data.banner;
    const second = await uploadBanner(t.app, user, created.id, JPEG, 'foto.bin', 'application/octet-stream');
    expect(second.statusCode).toBe(200);
    const url = second.json().data.banner;
    expect(url).not.toBe(first);
    const served = await t.app.inject({ method: 'GET', url: `/media/banners/${keyOf(url)}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(fs.existsSync(storedFile(keyOf(first)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/media/banners/${keyOf(first)}` })).statusCode).toBe(404);
  });

  it.each([
    ['a PDF', PDF, 'banner.png', 'image/png'],
    ['a text file', Buffer.from('não sou uma imagem'), 'banner.jpg', 'image/jpeg'],
  ])('should refuse %s by its magic bytes', async (_label, data, filename, type) => {
    const created = await createCampaign(t.app, user);
    const before = storedCount();
    const response = await uploadBanner(t.app, user, created.id, data, filename, type);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ banner: ['O banner deve ser uma imagem PNG ou JPG.'] });
    expect(storedCount()).toBe(before);
  });

  it('should refuse a file over 5 MB', async () => {
    const created = await createCampaign(t.app, user);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const response = await uploadBanner(t.app, user, created.id, big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ banner: ['O banner deve ter no máximo 5MB.'] });
    expect((await api(t.app).get(`/api/campaigns/${created.id}`, user)).json().data.banner).toBeNull();
  });

  it('should replace an external banner_url with the uploaded file', async () => {
    const created = await createCampaign(t.app, user);
    await api(t.app).put(`/api/campaigns/${created.id}`, user, { banner_url: 'https://example.com/b.png' });
    const response = await uploadBanner(t.app, user, created.id, PNG, 'b.png', 'image/png');
    expect(response.json().data.banner).toContain('/media/banners/');
  });

  it('should delete the uploaded file when an external banner_url replaces it', async () => {
    const created = await createCampaign(t.app, user);
    const url = (await uploadBanner(t.app, user, created.id, PNG, 'b.png', 'image/png')).json().data.banner;
    await api(t.app).put(`/api/campaigns/${created.id}`, user, { banner_url: 'https://example.com/b.png' });
    expect(fs.existsSync(storedFile(keyOf(url)))).toBe(false);
  });
});

describe('GET /media/banners/{key}', () => {
  it('should answer 404 for an unknown or malformed key', async () => {
    for (const key of ['00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', 'abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/media/banners/${key}` })).statusCode).toBe(404);
    }
  });
});
