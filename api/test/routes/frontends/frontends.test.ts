import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { cacheControlFor, isApiPath } from '../../../src/plugins/frontends';
import { buildApp, type TestApp } from '../../helper';
import { tempTree } from '../../support/temp-tree';
import { refusal } from '@rifaria/shared/testing/fixtures';

/** A fake build output: shell/dist and one remote's dist. */
function makeDists(): string {
  const { root, write } = tempTree('rifaria-dists-');
  write('shell/dist/index.html', '<!doctype html><title>Rifaria</title><div id="root"></div>');
  write('shell/dist/main.3f9a1c2b7d.js', 'console.log("shell")');
  write('shell/dist/favicon.ico', 'ico');
  write('mf-campaigns/dist/mf-manifest.json', '{"name":"mf_campaigns"}');
  write('mf-campaigns/dist/remoteEntry.js', 'var mf_campaigns;');
  write('mf-campaigns/dist/312.a1b2c3d4e5.js', 'chunk');
  // Precompressed copies as the build writes them (tooling/webpack/create-config.cjs `precompress`).
  const big = `console.log(${JSON.stringify('rifaria '.repeat(400))});`;
  write('shell/dist/733.0123456789.chunk.js', big);
  fs.writeFileSync(path.join(root, 'shell/dist/733.0123456789.chunk.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(root, 'shell/dist/733.0123456789.chunk.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(
    path.join(root, 'mf-campaigns/dist/remoteEntry.js.br'),
    zlib.brotliCompressSync('var mf_campaigns;'),
  );
  return root;
}

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = makeDists();
  t = await buildApp({
    config: {
      frontends: {
        mode: 'auto',
        root,
        remoteUrls: { mf_wallet: 'https://cdn.example.com/wallet/mf-manifest.json' },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

describe('GET /runtime-config.json', () => {
  it('should announce the API base and each remote, honouring overrides', async () => {
    const response = await get('/runtime-config.json', 'application/json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      apiBaseUrl: '',
      sandbox: true,
      googleSignIn: false,
      remotes: {
        mf_campaigns: '/_mf/mf-campaigns/mf-manifest.json',
        mf_wallet: 'https://cdn.example.com/wallet/mf-manifest.json',
        mf_profile: '/_mf/mf-profile/mf-manifest.json',
        mf_whatsapp: '/_mf/mf-whatsapp/mf-manifest.json',
        mf_public: '/_mf/mf-public/mf-manifest.json',
        mf_admin: '/_mf/mf-admin/mf-manifest.json',
      },
    });
  });

  it('should let the CSP load scripts from a remote deployed elsewhere', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.example.com");
  });
});

describe('precompressed assets', () => {
  const fetchAs = (url: string, encoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'accept-encoding': encoding } });

  it('should send the brotli copy to a browser that accepts it, as JavaScript, cached for a year', async () => {
    const response = await fetchAs('/733.0123456789.chunk.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('rifaria rifaria');
  });

  it('should send gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await fetchAs('/733.0123456789.chunk.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('rifaria rifaria');
    const plain = await fetchAs('/733.0123456789.chunk.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('rifaria rifaria');
  });

  it('should keep a remote entry uncached when it is sent compressed', async () => {
    const response = await fetchAs('/_mf/mf-campaigns/remoteEntry.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('static front ends', () => {
  it('should serve the shell at / without caching index.html', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Rifaria</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('should cache content-hashed assets for a year', async () => {
    const response = await get('/main.3f9a1c2b7d.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should send a script only the security headers a script uses, and a page all of them', async () => {
    const script = await get('/main.3f9a1c2b7d.js', '*/*');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(script.headers[header]).toBeUndefined();
    }
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('should serve a remote under /_mf/<dir>/ with CORS for any origin', async () => {
    const manifest = await get('/_mf/mf-campaigns/mf-manifest.json', '*/*');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await get('/_mf/mf-campaigns/remoteEntry.js', '*/*');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const chunk = await get('/_mf/mf-campaigns/312.a1b2c3d4e5.js', '*/*');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/login',
    '/cadastro',
    '/campanhas/1/painel',
    '/p/minha-rifa',
    '/p/checkout?compra=abc',
    '/whatsapp',
    '/perfil',
    '/admin',
    '/admin/login',
    '/admin/abertura-de-contas/7',
  ])('should answer the page reload %s with the shell', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    '/api/nada',
    '/public/nada/x',
    '/payments/deposits',
    '/digital-wallets/abrir-conta',
    '/whatsapp/instances/1/nada',
    '/whatsapp/messages/nada',
    '/webhooks/nada',
    '/api/admin/nada',
    '/_mf/mf-campaigns/missing.js',
  ])('should never answer %s with the shell page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refusal('Rota não encontrada.'));
  });

  it('should answer a missing asset (not a page navigation) with a 404', async () => {
    const response = await get('/missing.js', '*/*');
    expect(response.statusCode).toBe(404);
  });

  it("should serve the shell's pages whatever the client accepts (issue 30: curl /login got a JSON 404)", async () => {
    for (const url of ['/login', '/cadastro?x=1', '/campanhas/7/painel', '/admin/login']) {
      const response = await get(url, '*/*');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    // An address that is no page stays a 404 for a client that does not ask for HTML.
    expect((await get('/nada-aqui', 'application/json')).statusCode).toBe(404);
  });

  it('should not serve files outside the dist folder', async () => {
    const response = await get('/..%2f..%2fpackage.json', '*/*');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('"workspaces"');
  });

  it('should keep the API working next to the static files', async () => {
    const response = await get('/api/health', 'application/json');
    expect(response.json().status).toBe('ok');
  });
});

describe('helpers', () => {
  it('should tell API paths from pages', () => {
    expect(isApiPath('/api/auth/me')).toBe(true);
    expect(isApiPath('/whatsapp')).toBe(false);
    expect(isApiPath('/whatsapp/instances')).toBe(true);
    expect(isApiPath('/whatsapp/messages')).toBe(true);
    expect(isApiPath('/webhooks/evolution')).toBe(true);
    expect(isApiPath('/publico')).toBe(false);
  });

  it('should pick cache headers by file name', () => {
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/vendors.0123abcd.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/logo.svg')).toBe('public, max-age=3600');
    expect(cacheControlFor('/x/remoteEntry.js.br')).toBe('no-cache');
    expect(cacheControlFor('/x/main.3f9a1c2b7d.js.gz')).toBe('public, max-age=31536000, immutable');
  });
});
