import { DB_KIND, setupApp } from '../../helper';

const t = setupApp();

describe('GET /api/health', () => {
  it('should report ok and the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: DB_KIND });
  });
});
