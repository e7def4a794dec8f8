import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { OPERATOR_MESSAGES } from '../../../src/admin/messages';
import { setupApp, uniqueEmail } from '../../helper';
import { mailsTo } from '../../support/account-codes';
import { auditRows, signInOperator, type SignedInOperator } from '../../support/operators';

/** Issue 32: operators invite operators (an e-mailed single-use link), and list them. */

const t = setupApp();

const invite = (op: SignedInOperator, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/operators/invites', headers: op.headers, payload });
const accept = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/invites/accept', payload });

/** The token of the link in the latest invitation sent to `email`. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await mailsTo(t.app.db, email);
  const match = /http:\/\/rifaria\.test\/admin\/convite#([A-Za-z0-9_-]{43})/.exec(mail!.body_text);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('POST /api/admin/operators/invites and /api/admin/invites/accept', () => {
  it('should e-mail a single-use link that creates the operator with the password chosen', async () => {
    const inviter = await signInOperator(t.app, { name: 'Irene Convidante' });
    const email = uniqueEmail('convidada');
    const sent = await invite(inviter, { email, name: 'Carla Convidada' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: OPERATOR_MESSAGES.inviteSent });
    const [mail] = await mailsTo(t.app.db, email);
    expect(mail!.subject).toBe(OPERATOR_MESSAGES.inviteSubject);
    expect(mail!.body_text).toContain('Irene Convidante convidou você para operar a Rifaria');
    const token = await invitationToken(email);
    const [invited] = (await auditRows(t.app, 'operator.invite')).filter(
      (row) => row.operator_id === inviter.operatorId,
    );
    expect(invited).toEqual(
      expect.objectContaining({ target_type: 'operator_invite', after: { email, name: 'Carla Convidada' } }),
    );

    const weak = await accept({ token, password: 'fraca' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([expect.stringContaining(AUTH_MESSAGES.passwordMustContain)]);

    const accepted = await accept({ token, password: 'Convidada123' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ success: true, message: OPERATOR_MESSAGES.inviteAccepted });
    const operator = await t.app.db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(operator).toEqual(expect.objectContaining({ name: 'Carla Convidada', invited_by: inviter.operatorId }));
    const [done] = (await auditRows(t.app, 'operator.invite_accepted')).filter(
      (row) => row.operator_id === operator.id,
    );
    expect(done).toEqual(expect.objectContaining({ target_id: invited!.target_id }));

    // Used once: the link again is refused; the new operator signs in (first login: enrolment).
    const again = await accept({ token, password: 'Convidada123' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(OPERATOR_MESSAGES.inviteInvalid);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'Convidada123' },
    });
    expect(login.json().totp_setup).toEqual(expect.objectContaining({ secret: expect.any(String) }));
  });

  it('should let the invited person choose the name, and refuse an expired or made-up link', async () => {
    const inviter = await signInOperator(t.app);
    const email = uniqueEmail('renomeada');
    await invite(inviter, { email, name: 'Nome Provisório' });
    const token = await invitationToken(email);
    expect((await accept({ token, password: 'Renomeada123', name: 'Nome Escolhido' })).statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('operators')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Nome Escolhido');

    const late = uniqueEmail('atrasada');
    await invite(inviter, { email: late, name: 'Atrasada' });
    const lateToken = await invitationToken(late);
    await t.app.db
      .updateTable('operator_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', late)
      .execute();
    expect((await accept({ token: lateToken, password: 'Atrasada123' })).statusCode).toBe(404);
    expect((await accept({ token: 'y'.repeat(43), password: 'Inventada123' })).statusCode).toBe(404);
  });

  it('should refuse inviting an e-mail that already has an operator', async () => {
    const inviter = await signInOperator(t.app);
    const taken = await invite(inviter, { email: inviter.email, name: 'De novo' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [OPERATOR_MESSAGES.emailTaken] });
    expect((await invite(inviter, { email: 'não é e-mail', name: 'X' })).statusCode).toBe(422);
  });
});

describe('GET /api/admin/operators', () => {
  it('should list the operators, who invited whom, who has enrolled, and the pending invitations', async () => {
    const inviter = await signInOperator(t.app, { name: 'Lia Lista' });
    const pending = uniqueEmail('pendente');
    await invite(inviter, { email: pending, name: 'Pendente' });
    const joined = uniqueEmail('entrou');
    await invite(inviter, { email: joined, name: 'Entrou' });
    await accept({ token: await invitationToken(joined), password: 'Entrou12345' });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: inviter.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { items, invites } = list.json();
    expect(items).toEqual(
      expect.arrayContaining([
        {
          id: inviter.operatorId,
          name: 'Lia Lista',
          email: inviter.email,
          totp_enrolled: false,
          created_at: expect.any(String),
          invited_by: null,
        },
        expect.objectContaining({ email: joined, invited_by: { id: inviter.operatorId, name: 'Lia Lista' } }),
      ]),
    );
    expect(invites).toEqual(expect.arrayContaining([expect.objectContaining({ email: pending, name: 'Pendente' })]));
    expect(invites.map((entry: { email: string }) => entry.email)).not.toContain(joined);
    // No password hash, no secret.
    expect(list.body).not.toMatch(/argon2|password|totp_secret/);
  });
});
