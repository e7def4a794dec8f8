import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, productionProblems, REPO_ROOT } from '../../src/config';

/** A production environment with every required setting, safe; each test takes one away or spoils it. */
const complete = {
  NODE_ENV: 'production',
  TICKET_POOL_SECRET: 'a'.repeat(64),
  BUYER_DATA_SECRET: 'b'.repeat(64),
  PUBLIC_URL: 'https://rifaria.com.br',
  TRUST_PROXY: '127.0.0.1,10.0.0.0/8',
  PIX_PROVIDER: 'sandbox',
  KYC_PROVIDER: 'sandbox',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
};
const without = (key: keyof typeof complete) => {
  const env: Record<string, string> = { ...complete };
  delete env[key];
  return env;
};

describe('production settings', () => {
  it('should start the demo with an empty environment: sandboxes, demo data, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.pix.provider).toBe('sandbox');
    expect(config.demoUser.enabled).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.warnings).toEqual([]);
    // No PUBLIC_URL: links follow the address each request came to (lib/public-origin.ts).
    expect(config.publicUrl).toBeNull();
    expect(config.docs).toBe(true);
  });

  it('should keep /api/docs off in production unless API_DOCS asks for it', () => {
    expect(loadConfig(complete).docs).toBe(false);
    expect(loadConfig({ ...complete, API_DOCS: 'true' }).docs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).docs).toBe(false);
  });

  it('should take PUBLIC_URL without its trailing slashes, and refuse one that is not an http(s) URL', () => {
    expect(loadConfig({ PUBLIC_URL: ' https://rifaria.com.br// ' }).publicUrl).toBe('https://rifaria.com.br');
    expect(loadConfig(complete).publicUrl).toBe('https://rifaria.com.br');
    expect(() => loadConfig({ PUBLIC_URL: 'rifaria.com.br' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(productionProblems({ ...complete, PUBLIC_URL: 'ftp://rifaria.com.br' })).toEqual([
      'PUBLIC_URL must be an http(s) URL (got "ftp://rifaria.com.br")',
    ]);
  });

  it('should refuse NODE_ENV=production with nothing else, naming every missing setting in one message', () => {
    const problems = productionProblems({ NODE_ENV: 'production' });
    for (const name of ['TICKET_POOL_SECRET', 'BUYER_DATA_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'PIX_PROVIDER']) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TICKET_POOL_SECRET[\s\S]*BUYER_DATA_SECRET/);
  });

  it('should accept a complete production environment, with loud warnings for the sandboxes', () => {
    const config = loadConfig(complete);
    expect(config.production).toBe(true);
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(config.demoUser.enabled).toBe(false);
    expect(config.corsOrigins).toEqual([]);
    expect(config.warnings.join('\n')).toMatch(/PIX_PROVIDER=sandbox: payments are SIMULATED/);
    expect(config.warnings.join('\n')).toMatch(/KYC_PROVIDER=sandbox/);
  });

  it('should take KYC_PROVIDER=manual in production without a warning, and keep the sandbox as the demo default', () => {
    const config = loadConfig({ ...complete, KYC_PROVIDER: 'manual' });
    expect(config.kyc.provider).toBe('manual');
    expect(config.warnings.join('\n')).not.toMatch(/KYC_PROVIDER/);
    expect(loadConfig({}).kyc.provider).toBe('sandbox');
    expect(productionProblems(without('KYC_PROVIDER'))).toEqual([expect.stringMatching(/^KYC_PROVIDER must be set/)]);
    expect(() => loadConfig({ KYC_PROVIDER: 'nobody' })).toThrow(/KYC_PROVIDER must be sandbox or manual/);
  });

  it.each(['TICKET_POOL_SECRET', 'BUYER_DATA_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'PIX_PROVIDER'] as const)(
    'should refuse production without %s',
    (key) => {
      const problems = productionProblems(without(key));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${key}`));
    },
  );

  it('should refuse short or shared secrets', () => {
    expect(productionProblems({ ...complete, TICKET_POOL_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^TICKET_POOL_SECRET is too short/),
    ]);
    expect(productionProblems({ ...complete, BUYER_DATA_SECRET: complete.TICKET_POOL_SECRET })).toEqual([
      'BUYER_DATA_SECRET must differ from TICKET_POOL_SECRET',
    ]);
  });

  it.each(['true', 'TRUE', '1', '2'])('should refuse TRUST_PROXY=%s (anyone could forge X-Forwarded-For)', (value) => {
    expect(productionProblems({ ...complete, TRUST_PROXY: value })).toEqual([
      expect.stringMatching(/trusts X-Forwarded-For from anyone/),
    ]);
  });

  it('should accept TRUST_PROXY=false and named ranges, and refuse what is not an address', () => {
    expect(productionProblems({ ...complete, TRUST_PROXY: 'false' })).toEqual([]);
    expect(productionProblems({ ...complete, TRUST_PROXY: 'loopback, ::1, fd00::/8' })).toEqual([]);
    expect(productionProblems({ ...complete, TRUST_PROXY: '127.0.0.1, nginx, 10.0.0.0/99' })).toEqual([
      'TRUST_PROXY has entries that are not addresses or CIDRs: nginx, 10.0.0.0/99',
    ]);
  });

  it('should create demo data in production only with DEMO_DATA=on', () => {
    expect(loadConfig({ ...complete }).demoUser.enabled).toBe(false);
    const staging = loadConfig({ ...complete, DEMO_DATA: 'on' });
    expect(staging.demoUser.enabled).toBe(true);
    expect(staging.warnings.join('\n')).toMatch(/DEMO_DATA=on/);
    expect(productionProblems({ ...complete, DEMO_DATA: 'maybe' })).toEqual([
      expect.stringMatching(/^DEMO_DATA must be on or off/),
    ]);
  });

  it('should list every missing BACEN setting when PIX_PROVIDER=bacen', () => {
    expect(productionProblems({ ...complete, PIX_PROVIDER: 'bacen' })).toEqual([
      'PIX_PROVIDER=bacen needs PIX_KEY, PIX_BACEN_BASE_URL, PIX_BACEN_CLIENT_ID, PIX_BACEN_CLIENT_SECRET, PIX_BACEN_CERT_P12 (or PIX_BACEN_CERT_PEM + PIX_BACEN_KEY_PEM)',
    ]);
    expect(productionProblems({ ...complete, PIX_PROVIDER: 'paypal' })).toEqual([
      'PIX_PROVIDER must be bacen or sandbox (got "paypal")',
    ]);
  });

  it('should stop the server process at boot with exit code 1 and the message, before opening any database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-prod-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/server.ts')], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/NODE_ENV=production refuses to start: \d+ setting\(s\) missing or unsafe/);
      expect(result.stderr).toContain('- TICKET_POOL_SECRET is required');
      expect(result.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
      expect(fs.readdirSync(dataDir)).toEqual([]); // nothing generated, nothing opened
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
