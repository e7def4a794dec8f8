import { ConfigError, loadConfig } from '../../src/config';
import { BacenPixProvider } from '../../src/payments/bacen';
import { createPixProvider } from '../../src/payments/providers';
import { SandboxPixProvider } from '../../src/payments/sandbox';
import { fixture } from './fake-psp';

const log = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as never;
// createPixProvider never queries at creation; a placeholder handle is enough here.
const db = {} as never;
const deliverWebhook = async () => {};

describe('createPixProvider', () => {
  it('should create the sandbox by default, with the spec defaults for merchant name and city', () => {
    const config = loadConfig({});
    expect(config.pix).toMatchObject({ provider: 'sandbox', merchantName: 'RIFARIA', merchantCity: 'SAO PAULO' });
    expect(createPixProvider({ config, db, log, deliverWebhook })).toBeInstanceOf(SandboxPixProvider);
  });

  it('should create the BACEN adapter when PIX_PROVIDER=bacen and its settings are complete', () => {
    const config = loadConfig({
      PIX_PROVIDER: 'bacen',
      PIX_KEY: 'pix@rifaria.com.br',
      PIX_BACEN_BASE_URL: 'https://pix.psp.example/',
      PIX_BACEN_CLIENT_ID: 'id',
      PIX_BACEN_CLIENT_SECRET: 'secret',
      PIX_BACEN_CERT_PEM: fixture('client.crt'),
      PIX_BACEN_KEY_PEM: fixture('client.key'),
    });
    expect(config.pix.bacen).toMatchObject({
      baseUrl: 'https://pix.psp.example',
      tokenUrl: 'https://pix.psp.example/oauth/token',
    });
    expect(config.pix.webhookRequireMtls).toBe(true);
    const provider = createPixProvider({ config, db, log, deliverWebhook });
    expect(provider).toBeInstanceOf(BacenPixProvider);
    (provider as BacenPixProvider).close();
  });

  it('should fail fast at start when the BACEN settings are incomplete', () => {
    const config = loadConfig({
      PIX_PROVIDER: 'bacen',
      PIX_KEY: 'pix@rifaria.com.br',
      PIX_BACEN_BASE_URL: 'https://pix.psp.example',
    });
    expect(() => createPixProvider({ config, db, log, deliverWebhook })).toThrow(ConfigError);
    expect(() => createPixProvider({ config, db, log, deliverWebhook })).toThrow(
      'PIX_PROVIDER=bacen needs PIX_BACEN_CLIENT_ID, PIX_BACEN_CLIENT_SECRET, PIX_BACEN_CERT_P12 (or PIX_BACEN_CERT_PEM + PIX_BACEN_KEY_PEM) (see api/README.md, "Pix providers")',
    );
  });

  it('should refuse an unknown PIX_PROVIDER', () => {
    expect(() => loadConfig({ PIX_PROVIDER: 'mercadopago' })).toThrow(
      'PIX_PROVIDER must be sandbox or bacen (got "mercadopago")',
    );
  });
});
