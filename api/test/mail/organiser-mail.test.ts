import fs from 'node:fs';
import { OrganiserMail } from '../../src/mail/organiser-mail';
import { MailOutboxRepository } from '../../src/mail/repository';
import { api, registerUser, setupApp } from '../helper';
import { openAccount, temporaryStorageDir } from '../support/accounts';
import { createCampaign } from '../support/campaigns';
import { organiser } from '../support/organisers';
import { depositInto } from '../support/wallets';

/**
 * Issue 30: the organiser gets an e-mail when their wallet is approved, when a campaign is published and when a
 * transfer is sent: one template per event, in pt-BR, queued once per event even when the event is processed twice.
 */

const storageDir = temporaryStorageDir();
const t = setupApp({
  config: { storage: { dir: storageDir }, kyc: { sandboxApprovalDelayMs: 0 }, publicUrl: 'https://rifas.example' },
});
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));
const db = () => t.database.db;

const mailsTo = (address: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['subject', 'body_text', 'body_html', 'dedupe_key'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();

describe('organiser e-mails', () => {
  it('should e-mail once when the KYC review approves the wallet', async () => {
    const user = await registerUser(t.app);
    const opened = await openAccount(t.app, user.token);
    expect(opened.statusCode).toBe(201);
    const walletId = String(opened.json().data.wallet.id);
    await t.app.services.kycReview.reviewPendingApplications();
    await t.app.services.kycReview.reviewPendingApplications();

    const mails = await mailsTo(user.email);
    const approved = mails.filter((mail) => mail.dedupe_key === `wallet_approved:${walletId}`);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.subject).toBe('Sua conta digital Rifaria foi aprovada');
    expect(approved[0]!.body_text).toContain('foi aprovada e já está ativa');
    expect(approved[0]!.body_text).toContain('https://rifas.example/carteiras');

    // The same approval processed again (a retried worker pass) queues nothing more.
    const again = new OrganiserMail(new MailOutboxRepository(db()), 'https://rifas.example');
    await again.walletApproved(db(), walletId);
    expect(
      (await mailsTo(user.email)).filter((mail) => mail.dedupe_key === `wallet_approved:${walletId}`),
    ).toHaveLength(1);
  });

  it('should e-mail once when a campaign is published, with its public link', async () => {
    const owner = await organiser(t.app);
    const campaign = await createCampaign(t.app, owner, { name: 'Rifa do Carro' });
    expect((await mailsTo(owner.email)).filter((mail) => mail.dedupe_key?.startsWith('campaign_published'))).toEqual(
      [],
    );
    expect((await api(t.app).post(`/api/campaigns/${campaign.id}/publish`, owner)).statusCode).toBe(200);
    // A second publish is refused ('já publicada') and sends nothing; a replayed event is deduplicated.
    expect((await api(t.app).post(`/api/campaigns/${campaign.id}/publish`, owner)).statusCode).toBe(422);
    await new OrganiserMail(new MailOutboxRepository(db()), 'https://rifas.example').campaignPublished(
      db(),
      String(campaign.id),
    );

    const published = (await mailsTo(owner.email)).filter(
      (mail) => mail.dedupe_key === `campaign_published:${campaign.id}`,
    );
    expect(published).toHaveLength(1);
    expect(published[0]!.subject).toBe('Campanha publicada: Rifa do Carro');
    expect(published[0]!.body_text).toContain(`https://rifas.example/p/${campaign.link}`);
    expect(published[0]!.body_text).toContain(`https://rifas.example/campanhas/${campaign.id}/painel`);
  });

  /** A new organiser with `depositCents` in the wallet sends this Pix transfer. */
  async function transferOut(depositCents: number, transfer: { amount: number; pix_key: string }) {
    const owner = await organiser(t.app);
    await depositInto(db(), String(owner.walletId), depositCents);
    return { owner, sent: await api(t.app).post(`/api/user-wallets/${owner.walletId}/transfers`, owner, transfer) };
  }

  it('should e-mail once when a transfer is sent, with the amount, the recipient and the end-to-end id', async () => {
    const { owner, sent } = await transferOut(10_000, { amount: 25, pix_key: '(21) 98877-6655' });
    expect(sent.statusCode).toBe(201);
    const transfer = sent.json().data;
    // The PSP's outcome processed again (the worker's re-check) changes nothing and sends nothing more.
    await t.app.services.transfers.applyOutcome(String(transfer.id), {
      idempotencyKey: 'again',
      status: 'REALIZADO',
      endToEndId: transfer.end_to_end_id,
      failureReason: null,
    });
    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('id', '=', String(transfer.id))
      .executeTakeFirstOrThrow();
    await new OrganiserMail(new MailOutboxRepository(db()), 'https://rifas.example').transferSent(db(), row);

    const mails = (await mailsTo(owner.email)).filter((mail) => mail.dedupe_key === `transfer_sent:${transfer.id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Transferência Pix enviada: R$\u00a025,00');
    expect(mails[0]!.body_text).toContain(`para ${transfer.recipient.name} (${transfer.recipient.bank})`);
    expect(mails[0]!.body_text).toContain(transfer.end_to_end_id);
    expect(mails[0]!.body_html).toContain('Ver o histórico da carteira');
  });

  it('should not e-mail a transfer the PSP refused', async () => {
    const { owner, sent } = await transferOut(1000, { amount: 5, pix_key: 'falha@sandbox.rifaria' });
    expect(sent.json().data.status).toBe('failed');
    expect((await mailsTo(owner.email)).filter((mail) => mail.dedupe_key?.startsWith('transfer_sent'))).toEqual([]);
  });
});
