import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../src/config';
import { buildApp, setupApp, type TestApp } from '../../helper';
import { setupTwoAppsOnRedis } from '../../support/redis';
import { cpfFromBase, insertBuyer, newBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { publishedCampaign } from '../../support/campaigns';
import { buy, campaignAndBuyer, order, RESERVATION_DEFAULTS } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Issue 10: public limits per phone AND per address. The address ceiling is high (thousands of phones share one
 * carrier NAT address), the per-phone limits stop one person hammering whatever addresses they use. With REDIS_URL
 * every API process shares the counters; otherwise each counts in memory.
 */

const TOO_MANY_IP = { success: false, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' };
const TOO_MANY_PHONE = {
  success: false,
  message: 'Muitas tentativas com este telefone. Aguarde um minuto e tente novamente.',
};

const check = (app: FastifyInstance, phone: string, ip: string) =>
  app.inject({ method: 'GET', url: `/public/buyers/check/${encodeURIComponent(phone)}`, remoteAddress: ip });
const createBuyer = (app: FastifyInstance, payload: object, ip: string) =>
  app.inject({ method: 'POST', url: '/public/buyers', payload, remoteAddress: ip });
const myTickets = (app: FastifyInstance, link: string, query: Record<string, string>, ip: string) =>
  app.inject({ method: 'GET', url: `/public/campaigns/${link}/my-tickets`, query, remoteAddress: ip });
const purchase = (app: FastifyInstance, body: object, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/public/purchases',
    payload: { ...RESERVATION_DEFAULTS, ...body },
    remoteAddress: ip,
  });

let phoneSeq = 0;
/** A fresh valid mobile phone (DDD 31) that no buyer has. */
const freshPhone = () => `319${String(process.pid % 1000).padStart(3, '0')}${String((phoneSeq += 1)).padStart(5, '0')}`;

describe('configuration', () => {
  it('should default to high address ceilings and low per-phone limits, each overridable', () => {
    const { rateLimits, purchases, redisUrl, rateLimitNamespace } = loadConfig({});
    for (const rule of [rateLimits.publicBuyerCheck, rateLimits.publicPurchase]) {
      expect(rule).toEqual({ max: 1000, timeWindowMs: 60_000 });
    }
    for (const rule of [rateLimits.publicBuyerCreate, rateLimits.publicMyTickets]) {
      expect(rule).toEqual({ max: 600, timeWindowMs: 60_000 });
    }
    expect(rateLimits.publicBuyerCheckPerPhone).toEqual({ max: 10, timeWindowMs: 60_000 });
    expect(rateLimits.publicBuyerCreatePerPhone).toEqual({ max: 5, timeWindowMs: 60_000 });
    expect(rateLimits.publicPurchasePerPhone).toEqual({ max: 20, timeWindowMs: 60_000 });
    expect(rateLimits.publicMyTicketsPerPhone).toEqual({ max: 10, timeWindowMs: 15 * 60_000 });
    // 'Trocar de telefone': per new phone and per address (per buyer record: in the database, phone-codes.ts).
    expect(rateLimits.publicBuyerChangePhonePerPhone).toEqual({ max: 5, timeWindowMs: 60 * 60_000 });
    expect(rateLimits.publicBuyerChangePhone).toEqual({ max: 30, timeWindowMs: 60 * 60_000 });
    expect(purchases.pendingNumbersPerBuyer).toBe(1000);
    expect(purchases.pendingSharePerBuyer).toBe(10);
    expect(purchases.pendingSharePerAddress).toBe(20);
    expect(redisUrl).toBeUndefined();
    expect(rateLimitNamespace).toBe('rifaria-rl:');

    const custom = loadConfig({
      RATE_LIMIT_PUBLIC_BUYER_CHECK_PHONE_MAX: '3',
      RATE_LIMIT_PUBLIC_BUYER_CREATE_PHONE_MAX: '4',
      RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX: '5',
      RATE_LIMIT_PUBLIC_MY_TICKETS_PHONE_MAX: '6',
      PENDING_NUMBERS_PER_BUYER: '50',
      PENDING_SHARE_PER_BUYER: '100',
      PENDING_SHARE_PER_ADDRESS: '35',
      REDIS_URL: ' redis://cache:6379/2 ',
      RATE_LIMIT_NAMESPACE: 'staging:',
    });
    expect(custom.rateLimits.publicBuyerCheckPerPhone.max).toBe(3);
    expect(custom.rateLimits.publicBuyerCreatePerPhone.max).toBe(4);
    expect(custom.rateLimits.publicPurchasePerPhone.max).toBe(5);
    expect(custom.rateLimits.publicMyTicketsPerPhone.max).toBe(6);
    expect(custom.purchases.pendingNumbersPerBuyer).toBe(50);
    expect(custom.purchases).toMatchObject({ pendingSharePerBuyer: 100, pendingSharePerAddress: 35 });
    expect(custom.redisUrl).toBe('redis://cache:6379/2');
    expect(custom.rateLimitNamespace).toBe('staging:');
    expect(() => loadConfig({ PENDING_NUMBERS_PER_BUYER: '0' })).toThrow(/PENDING_NUMBERS_PER_BUYER/);
    expect(() => loadConfig({ PENDING_SHARE_PER_BUYER: '0' })).toThrow(/PENDING_SHARE_PER_BUYER/);
    expect(() => loadConfig({ PENDING_SHARE_PER_ADDRESS: '101' })).toThrow(/PENDING_SHARE_PER_ADDRESS/);
  });
});

describe('public limits with the default values (in memory)', () => {
  // The shipped limits, not the relaxed ones of the other tests.
  const t = setupApp({
    config: { buyerData: { secret: TEST_BUYER_DATA_SECRET }, rateLimits: loadConfig({}).rateLimits },
  });

  it('should let a crowd behind one carrier address check their phones', async () => {
    const replies = await Promise.all(Array.from({ length: 300 }, () => check(t.app, freshPhone(), '177.10.0.1')));
    expect(replies.filter((r) => r.statusCode !== 200)).toEqual([]);
  });

  it('should stop one phone checked over and over, whatever addresses the calls come from', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 10; i += 1) expect((await check(t.app, phone, `177.20.0.${i}`)).statusCode).toBe(200);
    const blocked = await check(t.app, phone, '177.20.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY_PHONE);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Typed with the mask it is the same phone.
    const masked = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    expect((await check(t.app, masked, '177.20.1.2')).statusCode).toBe(429);
    // Other phones are not held back.
    expect((await check(t.app, freshPhone(), '177.20.1.1')).statusCode).toBe(200);
  });
});

describe('per-phone limits of each public route', () => {
  const t = setupApp({
    config: {
      buyerData: { secret: TEST_BUYER_DATA_SECRET },
      rateLimits: {
        publicBuyerCreatePerPhone: { max: 2, timeWindowMs: 60_000 },
        publicPurchasePerPhone: { max: 2, timeWindowMs: 60_000 },
        publicMyTicketsPerPhone: { max: 2, timeWindowMs: 15 * 60_000 },
      },
    },
  });
  const db = () => t.database.db;

  it('should limit buyer sign-ups per phone (those of a registered phone count too)', async () => {
    const phone = freshPhone();
    const body = (n: number) => ({ name: 'Fulano', phone, cpf: cpfFromBase(String(400_000_000 + n)), email: null });
    expect((await createBuyer(t.app, body(1), '10.50.0.1')).statusCode).toBe(201);
    expect((await createBuyer(t.app, body(2), '10.50.0.2')).statusCode).toBe(201);
    const blocked = await createBuyer(t.app, body(3), '10.50.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY_PHONE);
    const other = { name: 'Beltrano', phone: freshPhone(), cpf: cpfFromBase('400000099'), email: null };
    expect((await createBuyer(t.app, other, '10.50.0.3')).statusCode).toBe(201);
  });

  it('should limit purchases per phone, and not other buyers at the same address', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const body = order(buyer, campaign, 1);
    expect((await purchase(t.app, body, '10.60.0.1')).statusCode).toBe(201);
    expect((await purchase(t.app, body, '10.60.0.2')).statusCode).toBe(201);
    const blocked = await purchase(t.app, body, '10.60.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY_PHONE);
    const neighbour = await newBuyer(db());
    expect((await buy(t.app, { ...body, buyer_phone: neighbour.phone })).statusCode).toBe(201);
  });

  it('should make CPF guesses for one phone in "Meus números" slow (15-minute window)', async () => {
    const campaign = await publishedCampaign(t.app);
    const phone = freshPhone();
    await insertBuyer(db(), { name: 'Maria', phone, cpf: cpfFromBase('500000001') });
    const guess = (n: number, ip: string) =>
      myTickets(t.app, campaign.link, { phone, cpf: cpfFromBase(String(500_000_100 + n)) }, ip);
    expect((await guess(1, '10.70.0.1')).statusCode).toBe(200);
    expect((await guess(2, '10.70.0.2')).statusCode).toBe(200);
    const blocked = await guess(3, '10.70.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(
      refusal('Muitas tentativas com este telefone. Aguarde 15 minutos e tente novamente.'),
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});

describe("limits of 'Trocar de telefone' (POST /public/buyers/change-phone/code and /change-phone)", () => {
  const t = setupApp({
    config: {
      buyerData: { secret: TEST_BUYER_DATA_SECRET },
      rateLimits: {
        publicBuyerChangePhone: { max: 3, timeWindowMs: 60 * 60_000 },
        publicBuyerChangePhonePerPhone: { max: 2, timeWindowMs: 60 * 60_000 },
      },
    },
  });
  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url: `/public/buyers/${url}`, payload, remoteAddress: ip });

  it('should limit tries per new phone, across CPFs and addresses', async () => {
    const phone = freshPhone();
    const attempt = (n: number) =>
      post('change-phone', { cpf: cpfFromBase(String(600_000_100 + n)), phone, code: '123456' }, `10.96.0.${n}`);
    expect((await attempt(1)).statusCode).toBe(422);
    expect((await attempt(2)).statusCode).toBe(422);
    const blocked = await attempt(3);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(refusal('Muitas tentativas com este telefone. Aguarde uma hora e tente novamente.'));
    // Asking for codes to one new phone is limited the same way.
    const ask = (n: number) =>
      post('change-phone/code', { cpf: cpfFromBase(String(600_000_150 + n)), phone }, `10.96.1.${n}`);
    expect((await ask(1)).statusCode).toBe(200);
    expect((await ask(2)).statusCode).toBe(200);
    expect((await ask(3)).statusCode).toBe(429);
  });

  it('should limit tries per address (invalid bodies count too)', async () => {
    const ip = '10.97.0.1';
    expect((await post('change-phone', {}, ip)).statusCode).toBe(422);
    const body = (n: number) => ({ cpf: cpfFromBase(String(600_000_200 + n)), phone: freshPhone(), code: '123456' });
    expect((await post('change-phone', body(1), ip)).statusCode).toBe(422);
    expect((await post('change-phone', body(2), ip)).statusCode).toBe(422);
    const blocked = await post('change-phone', body(3), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY_IP);
    expect((await post('change-phone', body(4), '10.97.0.2')).statusCode).toBe(422);
  });
});

describe('counters shared across API processes', () => {
  const limits = {
    buyerData: { secret: TEST_BUYER_DATA_SECRET },
    rateLimits: {
      publicBuyerCheck: { max: 3, timeWindowMs: 60_000 },
      publicBuyerCheckPerPhone: { max: 4, timeWindowMs: 60_000 },
    },
  };
  const first = setupApp({ config: limits });

  describe('with Redis (REDIS_URL)', () => {
    const { a, b, redis, nameSpace } = setupTwoAppsOnRedis(first);

    it('should count one address across two processes', async () => {
      const ip = '10.80.0.1';
      expect((await check(a.app, freshPhone(), ip)).statusCode).toBe(200);
      expect((await check(b.app, freshPhone(), ip)).statusCode).toBe(200);
      expect((await check(a.app, freshPhone(), ip)).statusCode).toBe(200);
      const blocked = await check(b.app, freshPhone(), ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY_IP);
      expect((await check(a.app, freshPhone(), '10.80.0.2')).statusCode).toBe(200);
      // The counters live in Redis under the namespace.
      expect((await redis.keys(`${nameSpace}*`)).length).toBeGreaterThan(0);
    });

    it('should count one phone across two processes, without its digits in the keys', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 4; i += 1) {
        const app = i % 2 === 0 ? a.app : b.app;
        expect((await check(app, phone, `10.81.0.${i}`)).statusCode).toBe(200);
      }
      const blocked = await check(b.app, phone, '10.81.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY_PHONE);
      const keys = await redis.keys(`${nameSpace}*`);
      expect(keys.some((key) => key.includes('phone:buyer-check:'))).toBe(true);
      expect(keys.some((key) => key.includes(phone))).toBe(false);
    });
  });

  describe('in memory (default)', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildApp({ database: first.database, config: limits });
    });
    afterAll(() => second.close());

    it('should count each process on its own', async () => {
      const ip = '10.90.0.1';
      for (let i = 0; i < 3; i += 1) expect((await check(first.app, freshPhone(), ip)).statusCode).toBe(200);
      expect((await check(first.app, freshPhone(), ip)).statusCode).toBe(429);
      expect((await check(second.app, freshPhone(), ip)).statusCode).toBe(200);
    });
  });

  describe('Redis unreachable', () => {
    it('should start and answer without limits instead of stalling', async () => {
      const started = Date.now();
      const down = await buildApp({
        database: first.database,
        config: { ...limits, redisUrl: 'redis://127.0.0.1:1', rateLimitNamespace: 'rifaria-test-down:' },
      });
      try {
        expect(Date.now() - started).toBeLessThan(5_000);
        const requestStarted = Date.now();
        for (let i = 0; i < 5; i += 1) {
          expect((await check(down.app, freshPhone(), '10.91.0.1')).statusCode).toBe(200);
        }
        expect(Date.now() - requestStarted).toBeLessThan(2_000);
      } finally {
        await down.close();
      }
    });
  });
});
