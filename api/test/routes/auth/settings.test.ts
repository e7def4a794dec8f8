import { SETTINGS_MESSAGES } from '@rifaria/shared/schemas';
import { api, registerUser, setupApp } from '../../helper';

/** GET/PUT /api/auth/settings: 'Configurações' (issue 14). */

const t = setupApp({ config: { whatsapp: { sandboxConnectMs: 0 } } });
const db = () => t.database.db;

const allOn = { purchase_reserved: true, payment_confirmed: true, reservation_expired: true, draw_result: true };

describe('GET /api/auth/settings', () => {
  it('should need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/settings', payload: {} })).statusCode).toBe(401);
  });

  it('should answer the defaults before anything is saved, with the numbers the organiser may pick', async () => {
    const user = await registerUser(t.app, { name: 'Carla Mendes' });
    await db().updateTable('users').set({ phone: '11987654321' }).where('id', '=', String(user.id)).execute();
    await api(t.app).post('/whatsapp/instances', user, { instance_name: 'vendas', phone_number: '(21) 99999-0000' });

    const reply = await api(t.app).get('/api/auth/settings', user);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      data: {
        public_name: null,
        public_whatsapp: null,
        notifications: allOn,
        effective: { name: 'Carla Mendes', whatsapp: null },
        suggestions: { account_phone: '11987654321', instance_phones: ['21999990000'] },
      },
    });
  });
});

describe('PUT /api/auth/settings', () => {
  it('should save the display name, the WhatsApp (digits) and the switches, for this organiser only', async () => {
    const user = await registerUser(t.app, { name: 'Carla Mendes' });
    const other = await registerUser(t.app, { name: 'Outro Organizador' });
    const reply = await api(t.app).put('/api/auth/settings', user, {
      public_name: '  Rifas da Carla ',
      public_whatsapp: '(11) 91234-5678',
      notifications: { purchase_reserved: false, draw_result: false },
    });
    expect(reply.statusCode).toBe(200);
    const expected = {
      public_name: 'Rifas da Carla',
      public_whatsapp: '11912345678',
      notifications: { ...allOn, purchase_reserved: false, draw_result: false },
      effective: { name: 'Rifas da Carla', whatsapp: '11912345678' },
      suggestions: { account_phone: null, instance_phones: [] },
    };
    expect(reply.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.saved, data: expected });
    expect((await api(t.app).get('/api/auth/settings', user)).json().data).toEqual(expected);
    expect((await api(t.app).get('/api/auth/settings', other)).json().data).toMatchObject({
      public_name: null,
      notifications: allOn,
      effective: { name: 'Outro Organizador', whatsapp: null },
    });

    // Empty values go back to the defaults.
    const cleared = await api(t.app).put('/api/auth/settings', user, {
      public_name: '   ',
      public_whatsapp: '',
      notifications: {},
    });
    expect(cleared.json().data).toMatchObject({
      public_name: null,
      public_whatsapp: null,
      notifications: allOn,
      effective: { name: 'Carla Mendes', whatsapp: null },
    });
  });

  it('should answer field errors as lists (422) and save nothing', async () => {
    const user = await registerUser(t.app);
    const reply = await api(t.app).put('/api/auth/settings', user, {
      public_name: 'x'.repeat(121),
      public_whatsapp: '(00) 1234-5678',
      notifications: {},
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toEqual({
      public_name: [SETTINGS_MESSAGES.displayNameTooLong],
      public_whatsapp: [SETTINGS_MESSAGES.whatsappInvalid],
    });
    const hostile = await api(t.app).put('/api/auth/settings', user, {
      public_name: null,
      public_whatsapp: '9'.repeat(100_000),
      notifications: { purchase_reserved: 'não' },
    });
    expect(hostile.statusCode).toBe(422);
    expect(Object.keys(hostile.json().errors).sort()).toEqual(['notifications.purchase_reserved', 'public_whatsapp']);
    expect(
      await db().selectFrom('user_settings').select('user_id').where('user_id', '=', String(user.id)).execute(),
    ).toEqual([]);
  });
});
