import { formatDateTime } from '@rifaria/shared/format';
import { AMENDMENT_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { api, setupApp } from '../../helper';
import { createCampaign } from '../../support/campaigns';
import { drawableCampaign, drawCampaign } from '../../support/draws';
import { setupOrganiser } from '../../support/organisers';
import { sellingConfig } from '../../support/purchases';

/**
 * Issue 30, major item 3: on a campaign with a paid sale, the ticket price went R$ 0,50 → R$ 5,00 and the first prize
 * iPhone 16 Pro → 'Chaveiro de plástico', silently. Once a number is reserved, price and prizes are locked; rules and
 * draw date change only through an amendment, which is public, sent to the paid buyers, kept in the history and put
 * in the verification file; the draw only moves later.
 */

const config = sellingConfig();
const t = setupApp({ config });
const owner = setupOrganiser(t);
const call = () => api(t.app);
const db = () => t.database.db;

const inTwoDays = () => new Date(Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
/** 'YYYY-MM-DD HH:MM:00' São Paulo wall clock of an instant. */
const wallClock = (at: Date) =>
  `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}:00`;

async function soldCampaign() {
  const drawAt = inTwoDays();
  const campaign = await drawableCampaign(t.app, owner, { paid: [3], pending: [2], drawAt });
  return { ...campaign, drawAt };
}

const put = (id: number, body: object) => call().put(`/api/campaigns/${id}`, owner, body);
const refusal = (field: string, message: string) => ({
  success: false,
  message: CAMPAIGN_MESSAGES.fixFields,
  errors: { [field]: [message] },
});

describe('a campaign with reserved numbers', () => {
  it('should refuse a new ticket price or new prizes, with the reason, and keep the old ones', async () => {
    const campaign = await soldCampaign();
    const price = await put(campaign.id, { ticket_price: 5 });
    expect(price.statusCode).toBe(422);
    expect(price.json()).toEqual(refusal('ticket_price', AMENDMENT_MESSAGES.priceLocked));
    const awards = await put(campaign.id, {
      awards: [
        { description: 'Chaveiro de plástico', value: 5 },
        { description: 'Celular' },
        { description: 'Vale-compras' },
      ],
    });
    expect(awards.statusCode).toBe(422);
    expect(awards.json()).toEqual(refusal('awards', AMENDMENT_MESSAGES.awardsLocked));
    const stored = (await call().get(`/api/campaigns/${campaign.id}`, owner)).json().data;
    expect(stored.ticket_price).toBe(2);
    expect(stored.awards.map((award: { description: string }) => award.description)).toEqual([
      'Moto 0km',
      'Celular',
      'Vale-compras',
    ]);
    expect(stored.has_reservations).toBe(true);
    // The same values again (a form saving every field) are no change.
    expect((await put(campaign.id, { ticket_price: 2, name: 'Rifa da Moto' })).statusCode).toBe(200);
  });

  it('should change the rules only with an amendment, public, sent to the paid buyers and kept', async () => {
    const campaign = await soldCampaign();
    const bare = await put(campaign.id, { rules: 'Regras novas, sem aviso.' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual(refusal('amendment', AMENDMENT_MESSAGES.noteRequired));
    expect((await put(campaign.id, { rules: 'Regras novas.', amendment: 'curta' })).statusCode).toBe(422);

    const mailsBefore = await db().selectFrom('mail_outbox').select('id').execute();
    const note = 'O prêmio será entregue em até 30 dias, e não 7';
    const changed = await put(campaign.id, {
      rules: 'Regras novas: entrega em até 30 dias.',
      amendment: `  ${note}  `,
    });
    expect(changed.statusCode).toBe(200);
    const today = formatDateTime(new Date()).slice(0, 5);
    const sentence = `Alteração do regulamento em ${today}: ${note}.`;

    const panel = (await call().get(`/api/campaigns/${campaign.id}`, owner)).json().data;
    expect(panel.rules).toBe('Regras novas: entrega em até 30 dias.');
    expect(panel.amendments).toEqual([
      expect.objectContaining({
        date_formatted: today,
        note,
        rules_changed: true,
        draw_date_before_formatted: null,
        draw_date_after_formatted: null,
      }),
    ]);
    const page = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
    expect(page.amendments).toEqual(panel.amendments);

    // The paid buyer who gave an e-mail is told; the one whose reservation is unpaid is not.
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'body_text'])
      .where('id', 'not in', mailsBefore.length ? mailsBefore.map((m) => m.id) : ['0'])
      .execute();
    expect(mails).toEqual([
      expect.objectContaining({
        to_address: 'comprador1@example.com',
        subject: expect.stringMatching(/^Alteração do regulamento: /),
      }),
    ]);
    expect(mails[0]!.body_text).toContain(sentence);
  });

  it('should move the draw only later, as an amendment, and keep it in the verification file', async () => {
    const campaign = await soldCampaign();
    const earlier = new Date(campaign.drawAt.getTime() - 86_400_000);
    const sooner = await put(campaign.id, {
      draw_datetime: wallClock(earlier),
      amendment: 'Sorteio antecipado um dia',
    });
    expect(sooner.statusCode).toBe(422);
    expect(sooner.json()).toEqual(refusal('draw_datetime', AMENDMENT_MESSAGES.drawDateOnlyLater));
    expect((await put(campaign.id, { draw_datetime: null, amendment: 'Sem data por enquanto' })).json()).toEqual(
      refusal('draw_datetime', AMENDMENT_MESSAGES.drawDateOnlyLater),
    );

    const later = new Date(campaign.drawAt.getTime() + 7 * 86_400_000);
    const bare = await put(campaign.id, { draw_datetime: wallClock(later) });
    expect(bare.json()).toEqual(refusal('amendment', AMENDMENT_MESSAGES.noteRequired));
    const moved = await put(campaign.id, { draw_datetime: wallClock(later), amendment: 'Sorteio adiado uma semana' });
    expect(moved.statusCode).toBe(200);
    const [amendment] =
      moved.json().data.amendments ?? (await call().get(`/api/campaigns/${campaign.id}`, owner)).json().data.amendments;
    expect(amendment).toMatchObject({
      rules_changed: false,
      draw_date_before_formatted: formatDateTime(campaign.drawAt),
      draw_date_after_formatted: formatDateTime(later),
    });

    // Drawn (the date brought to the past by the test): the file and the result carry the amendment.
    await db()
      .updateTable('campaigns')
      .set({ draw_at: new Date(Date.now() - 60_000) })
      .where('id', '=', String(campaign.id))
      .execute();
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
    const file = (
      await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}/result/verification.json` })
    ).json();
    expect(file.amendments).toEqual([
      expect.objectContaining({
        note: 'Sorteio adiado uma semana',
        text: expect.stringContaining(
          `Nova data do sorteio: ${formatDateTime(later)} (antes: ${formatDateTime(campaign.drawAt)}).`,
        ),
      }),
    ]);
    const result = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}/result` })).json()
      .data;
    expect(result.amendments).toHaveLength(1);
  });

  it('should let a campaign nobody reserved from change price, prizes and rules freely', async () => {
    const created = await createCampaign(t.app, owner, { draw_type_id: 2 });
    expect((await call().post(`/api/campaigns/${created.id}/publish`, owner)).statusCode).toBe(200);
    const changed = await put(created.id, {
      ticket_price: 3,
      rules: 'Outras regras.',
      awards: [{ description: 'Bicicleta' }],
    });
    expect(changed.statusCode).toBe(200);
    const data = (await call().get(`/api/campaigns/${created.id}`, owner)).json().data;
    expect(data).toMatchObject({ ticket_price: 3, has_reservations: false, amendments: [] });
  });
});
