import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BANNER_VARIANT_NAMES } from '../../../src/campaigns/banner-images';
import { workerSteps } from '../../../src/plugins/app/services';
import { api, setupApp } from '../../helper';
import { createCampaign, insertCampaign, uploadBanner } from '../../support/campaigns';
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
/** The files stored for an uploaded banner: its original and its variants (`<uuid>-w800-avif`…), without metadata. */
const filesOf = (key: string) =>
  fs
    .readdirSync(path.join(storageDir, 'campaign-banners'))
    .filter((name) => name.startsWith(key) && !name.endsWith('.meta.json'))
    .sort();

/**
 * A real photo-like JPEG `width`×`height` as stored (sideways when `orientation` is 6: EXIF asks viewers to turn it a
 * quarter clockwise, so it shows `height`×`width`), carrying an EXIF copyright that must not reach the variants.
 */
async function photo(width: number, height: number, orientation?: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#1b5e20"/><circle cx="50%" cy="50%" r="30%" fill="#f9a825"/></svg>`;
  let image = sharp(Buffer.from(svg)).withExif({ IFD0: { Copyright: 'segredo do organizador' } });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: 85 }).toBuffer();
}

const variantUrl = (bannerUrl: string, name: string) => `${bannerUrl}/${name}`;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const bannerRow = (id: number | string) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['banner_storage_key', 'banner_width', 'banner_height', 'banner_variants'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();

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

describe('banner variants (AVIF, WebP, JPEG fallback, link preview)', () => {
  const user = setupOrganiser(t);

  it('should turn a sideways photo upright, strip its metadata and store every width without upscaling', async () => {
    const created = await createCampaign(t.app, user);
    // 900×1800 stored with EXIF orientation 6: an 1800×900 picture.
    const response = await uploadBanner(t.app, user, created.id, await photo(900, 1800, 6), 'foto.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.banner;
    const key = keyOf(url);

    const expected: Record<string, [format: string, width: number, height: number]> = {
      'w480.avif': ['heif', 480, 240],
      'w800.avif': ['heif', 800, 400],
      'w1200.avif': ['heif', 1200, 600],
      'w1600.avif': ['heif', 1600, 800],
      'w480.webp': ['webp', 480, 240],
      'w800.webp': ['webp', 800, 400],
      'w1200.webp': ['webp', 1200, 600],
      'w1600.webp': ['webp', 1600, 800],
      'w1200.jpg': ['jpeg', 1200, 600],
      'preview.jpg': ['jpeg', 1200, 630],
    };
    for (const [name, [format, width, height]] of Object.entries(expected)) {
      const served = await get(variantUrl(url, name));
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect({ name, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        name,
        format,
        width,
        height,
      });
      if (format === 'heif') expect(meta.compression).toBe('av1');
      // No EXIF (orientation, copyright, GPS…) survives.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const preview = await get(variantUrl(url, 'preview.jpg'));
    expect(preview.rawPayload.length).toBeLessThan(300 * 1024);

    expect(filesOf(key)).toEqual(
      [key, ...Object.keys(expected).map((name) => `${key}-${name.replace('.', '-')}`)].sort(),
    );
    const row = await bannerRow(created.id);
    expect(row).toMatchObject({ banner_width: 1800, banner_height: 900 });
    expect((row.banner_variants as { name: string }[]).map((variant) => variant.name).sort()).toEqual(
      Object.keys(expected).sort(),
    );
  });

  it('should stop at the original width: a 1000 px banner gets 480, 800 and a 1000 px "w1200", no w1600', async () => {
    const created = await createCampaign(t.app, user);
    const url: string = (
      await uploadBanner(t.app, user, created.id, await photo(1000, 500), 'b.jpg', 'image/jpeg')
    ).json().data.banner;
    for (const [name, width] of [
      ['w1200.avif', 1000],
      ['w1200.webp', 1000],
      ['w1200.jpg', 1000],
      ['preview.jpg', 1200],
    ] as const) {
      expect((await sharp((await get(variantUrl(url, name))).rawPayload).metadata()).width).toBe(width);
    }
    expect((await get(variantUrl(url, 'w1600.avif'))).statusCode).toBe(404);
    expect((await get(variantUrl(url, 'w1600.webp'))).statusCode).toBe(404);
  });

  it('should serve each variant with its content type, a year of immutable cache and nosniff', async () => {
    const created = await createCampaign(t.app, user);
    const url: string = (await uploadBanner(t.app, user, created.id, PNG, 'b.png', 'image/png')).json().data.banner;
    for (const [name, type] of [
      ['w480.avif', 'image/avif'],
      ['w480.webp', 'image/webp'],
      ['w1200.jpg', 'image/jpeg'],
      ['preview.jpg', 'image/jpeg'],
    ]) {
      const served = await get(variantUrl(url, name!));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    // The original is still served as uploaded.
    const original = await get(url);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(PNG)).toBe(true);
  });

  it('should answer 404 JSON for an unknown variant, a variant of an unknown key, or a malformed one', async () => {
    const created = await createCampaign(t.app, user);
    const url: string = (await uploadBanner(t.app, user, created.id, PNG, 'b.png', 'image/png')).json().data.banner;
    const key = keyOf(url);
    for (const path of [
      `${key}/w999.avif`,
      `${key}/w800.AVIF`,
      `${key}/preview.png`,
      `${key}/w800-avif`,
      `${key}/..%2F..%2Fetc%2Fpasswd`,
      `${key}/${'w'.repeat(150)}`,
      `${key}/__proto__`,
      `${key}/constructor`,
      `00000000-0000-0000-0000-000000000000/w800.avif`,
      `${key.toUpperCase()}/w800.avif`,
      `abc/w800.avif`,
    ]) {
      const response = await get(`/media/banners/${path}`);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ success: false, message: 'Arquivo não encontrado.' });
    }
  });

  it.each([
    [
      'a JPEG cut at 70% (a readable header, missing pixels)',
      async () => {
        const whole = await photo(800, 450);
        return whole.subarray(0, Math.floor(whole.length * 0.7));
      },
    ],
    ['a PNG whose pixels are missing', async () => PNG.subarray(0, 33)],
    [
      'a JPEG header followed by garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]),
    ],
  ])('should refuse %s in pt-BR, storing nothing', async (_label, make) => {
    const created = await createCampaign(t.app, user);
    const before = storedCount();
    const response = await uploadBanner(t.app, user, created.id, await make(), 'b.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Por favor, corrija os erros nos campos destacados.',
      errors: {
        banner: ['O banner deve ser uma imagem PNG ou JPG válida: este arquivo está corrompido ou incompleto.'],
      },
    });
    expect(storedCount()).toBe(before);
    expect((await bannerRow(created.id)).banner_storage_key).toBeNull();
  });

  it('should refuse an image over 40 megapixels by its header, before decoding it', async () => {
    const created = await createCampaign(t.app, user);
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#2e7d32' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const response = await uploadBanner(t.app, user, created.id, huge, 'huge.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      banner: ['O banner deve ter no máximo 40 megapixels (por exemplo, 8000 × 5000).'],
    });
  });

  it('should delete the old variants when a new banner replaces it, and all of them for an external URL', async () => {
    const created = await createCampaign(t.app, user);
    const first: string = (await uploadBanner(t.app, user, created.id, PNG, 'a.png', 'image/png')).json().data.banner;
    // 32 px wide: the original, w480 (32 px) in AVIF and WebP, the JPEG fallback and the preview.
    expect(filesOf(keyOf(first))).toHaveLength(1 + 4);
    const second: string = (await uploadBanner(t.app, user, created.id, JPEG, 'b.jpg', 'image/jpeg')).json().data
      .banner;
    expect(filesOf(keyOf(first))).toEqual([]);
    expect((await get(variantUrl(first, 'w480.avif'))).statusCode).toBe(404);
    expect(filesOf(keyOf(second))).toHaveLength(1 + 4);

    await api(t.app).put(`/api/campaigns/${created.id}`, user, { banner_url: 'https://example.com/b.png' });
    expect(filesOf(keyOf(second))).toEqual([]);
    expect(await bannerRow(created.id)).toEqual({
      banner_storage_key: null,
      banner_width: null,
      banner_height: null,
      banner_variants: null,
    });
  });
});

describe("the public reply's banner", () => {
  const user = setupOrganiser(t);

  it('should offer AVIF then WebP srcsets, the JPEG as src, the largest size and the preview', async () => {
    const created = await createCampaign(t.app, user);
    const url: string = (
      await uploadBanner(t.app, user, created.id, await photo(1000, 500), 'b.jpg', 'image/jpeg')
    ).json().data.banner;
    expect((await api(t.app).post(`/api/campaigns/${created.id}/publish`, user)).statusCode).toBe(200);
    const { data } = (await get(`/public/campaigns/${created.link}`)).json();
    expect(data.banner_image).toBe(url);
    expect(data.banner).toEqual({
      src: `${url}/w1200.jpg`,
      width: 1000,
      height: 500,
      sources: [
        { type: 'image/avif', srcset: `${url}/w480.avif 480w, ${url}/w800.avif 800w, ${url}/w1200.avif 1000w` },
        { type: 'image/webp', srcset: `${url}/w480.webp 480w, ${url}/w800.webp 800w, ${url}/w1200.webp 1000w` },
      ],
      preview: `${url}/preview.jpg`,
    });
    // Every URL it names is served.
    const named = [
      data.banner.src,
      data.banner.preview,
      ...data.banner.sources.flatMap((source: { srcset: string }) =>
        source.srcset.split(', ').map((entry) => entry.split(' ')[0]),
      ),
    ];
    for (const each of named) expect((await get(each)).statusCode).toBe(200);
  });
});

describe("the worker's 'campaign-banner-variants' step (banners uploaded before variants existed)", () => {
  const step = () => workerSteps(t.app.services).find((each) => each.name === 'campaign-banner-variants')!;

  /** A published campaign whose banner was stored the old way: the original only, no variants recorded. */
  async function legacyCampaign(original: Buffer) {
    const campaign = await insertCampaign(t.database.db);
    const uuid = randomUUID();
    await t.app.services.storage.put(`campaign-banners/${uuid}`, original, 'image/jpeg');
    await t.database.db
      .updateTable('campaigns')
      .set({ banner_storage_key: `campaign-banners/${uuid}` })
      .where('id', '=', campaign.id)
      .execute();
    const { link } = await t.database.db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    return { ...campaign, uuid, link };
  }

  it('should show the original until the step made the variants, then the full picture', async () => {
    const legacy = await legacyCampaign(await photo(1000, 500));
    const before = (await get(`/public/campaigns/${legacy.link}`)).json().data;
    const original = `/media/banners/${legacy.uuid}`;
    expect(before.banner_image).toBe(original);
    expect(before.banner).toEqual({ src: original, width: null, height: null, sources: [], preview: null });

    // Every pending banner is done within a few ticks (other files' legacy rows may share the queue).
    let processed: number;
    do processed = ((await step().run()) as { processed: number }).processed;
    while (processed > 0);

    const after = (await get(`/public/campaigns/${legacy.link}`)).json().data;
    expect(after.banner_image).toBe(original);
    expect(after.banner).toMatchObject({ src: `${original}/w1200.jpg`, width: 1000, height: 500 });
    expect(after.banner.sources.map((source: { type: string }) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect((await get(`${original}/w800.avif`)).headers['content-type']).toBe('image/avif');
    expect(await bannerRow(legacy.id)).toMatchObject({ banner_width: 1000, banner_height: 500 });
  });

  it('should record an unreadable or missing original as "no variants" once, and keep showing the original', async () => {
    const broken = await legacyCampaign(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]));
    const missing = await legacyCampaign(PNG);
    await t.app.services.storage.delete(`campaign-banners/${missing.uuid}`);
    let processed: number;
    do processed = ((await step().run()) as { processed: number }).processed;
    while (processed > 0);
    for (const each of [broken, missing]) {
      expect((await bannerRow(each.id)).banner_variants).toEqual([]);
      const { banner } = (await get(`/public/campaigns/${each.link}`)).json().data;
      expect(banner).toEqual({
        src: `/media/banners/${each.uuid}`,
        width: null,
        height: null,
        sources: [],
        preview: null,
      });
    }
    expect(await step().run()).toEqual({ processed: 0 });
  });

  it('should delete what it made when the banner was replaced while it encoded', async () => {
    const legacy = await legacyCampaign(await photo(800, 400));
    const storage = t.app.services.storage;
    const read = storage.get.bind(storage);
    // The organiser removes the banner while the worker reads the original.
    const spy = jest.spyOn(storage, 'get').mockImplementation(async (key) => {
      const file = await read(key);
      if (key === `campaign-banners/${legacy.uuid}`) {
        await t.database.db
          .updateTable('campaigns')
          .set({ banner_storage_key: null, banner_url: 'https://example.com/novo.png' })
          .where('id', '=', legacy.id)
          .execute();
      }
      return file;
    });
    try {
      let processed: number;
      do processed = ((await step().run()) as { processed: number }).processed;
      while (processed > 0);
    } finally {
      spy.mockRestore();
    }
    // The original goes too: no row points at it any more (keys are never reused).
    expect(filesOf(legacy.uuid)).toEqual([]);
    expect(await bannerRow(legacy.id)).toMatchObject({ banner_storage_key: null, banner_variants: null });
  });

  it('should be registered once, and every variant name be a valid storage key suffix', () => {
    expect(workerSteps(t.app.services).filter((each) => each.name === 'campaign-banner-variants')).toHaveLength(1);
    expect(BANNER_VARIANT_NAMES).toHaveLength(10);
  });
});

describe('GET /media/banners/{key}', () => {
  it('should answer 404 for an unknown or malformed key', async () => {
    for (const key of ['00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', 'abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/media/banners/${key}` })).statusCode).toBe(404);
    }
  });
});
