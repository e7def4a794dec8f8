import { isMailSandbox, loadConfig, mailFromAddress, productionProblems } from '../../src/config';

/** SMTP_URL, MAIL_FROM and SMTP_TIMEOUT_MS: the e-mail transport and the sandbox mailbox. */

const production = {
  NODE_ENV: 'production',
  TICKET_POOL_SECRET: 'a'.repeat(64),
  BUYER_DATA_SECRET: 'b'.repeat(64),
  PUBLIC_URL: 'https://rifaria.com.br',
  TRUST_PROXY: '127.0.0.1',
  PIX_PROVIDER: 'sandbox',
  KYC_PROVIDER: 'sandbox',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
};

describe('e-mail settings', () => {
  it('should keep mail in the outbox by default, the sandbox mailbox outside production', () => {
    const config = loadConfig({});
    expect(config.mail).toMatchObject({
      smtpUrl: null,
      from: 'Rifaria <nao-responda@rifaria.com.br>',
      timeoutMs: 10_000,
    });
    expect(isMailSandbox(config)).toBe(true);
    expect(isMailSandbox(loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' }))).toBe(false);
    expect(isMailSandbox(loadConfig(production))).toBe(false);
  });

  it('should take SMTP_URL, MAIL_FROM and SMTP_TIMEOUT_MS', () => {
    const config = loadConfig({
      SMTP_URL: ' smtps://user:pass@smtp.example.com:465 ',
      MAIL_FROM: 'Equipe Rifaria <contato@rifaria.com.br>',
      SMTP_TIMEOUT_MS: '5000',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Equipe Rifaria <contato@rifaria.com.br>',
      timeoutMs: 5000,
    });
  });

  it.each([
    ['http://user:hunter2@smtp.example.com', 'SMTP_URL must start with smtp:// or smtps://'],
    ['smtp://', 'SMTP_URL has no host'],
    ['not a url hunter2', 'SMTP_URL must be a URL'],
  ])('should refuse SMTP_URL=%s without repeating its password', (url, message) => {
    expect(() => loadConfig({ SMTP_URL: url })).toThrow(message);
    expect(() => loadConfig({ SMTP_URL: url })).not.toThrow(/hunter2/);
    expect(productionProblems({ ...production, SMTP_URL: url })).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['nao-responda@rifaria.com.br', 'nao-responda@rifaria.com.br'],
    ['Rifaria <nao-responda@rifaria.com.br>', 'nao-responda@rifaria.com.br'],
    ['"Rifaria, Equipe" <a@b.co>', 'a@b.co'],
    ['rifaria', null],
    ['Rifaria <nao-responda>', null],
    ['Rifaria <a@b.com', null],
    ['a@b.com\r\nBcc: alvo@example.com', null],
    [`${'a'.repeat(400)}@b.com`, null],
    [`a@${'b.'.repeat(2000)}`, null],
  ])('should read the address of MAIL_FROM=%j as %j', (from, address) => {
    expect(mailFromAddress(from)).toBe(address);
  });

  it('should refuse a MAIL_FROM without an address', () => {
    expect(() => loadConfig({ MAIL_FROM: 'Rifaria' })).toThrow(/MAIL_FROM must be an address/);
    expect(productionProblems({ ...production, MAIL_FROM: 'Rifaria' })).toEqual([
      'MAIL_FROM must be an address or "Name <address>" (got "Rifaria")',
    ]);
  });

  it('should warn a deployment without SMTP_URL that nobody receives its e-mails', () => {
    expect(loadConfig(production).warnings.join('\n')).toMatch(/SMTP_URL is not set: e-mails .* are never delivered/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.com' }).warnings.join('\n')).not.toMatch(
      /SMTP_URL/,
    );
  });
});
