import {
  PixProviderError,
  PixTransferNotSent,
  PixWebhookRejected,
  type CreatePixChargeInput,
  type PixCharge,
  type PixKeyOwner,
  type PixProvider,
  type PixReceived,
  type PixRefund,
  type PixTransfer,
  type PixTransferStatus,
  type PixWebhookNotice,
  type SendPixInput,
  type WebhookCredentials,
  type WebhookRequest,
} from '../../src/payments/pix-provider';

/**
 * In-memory PixProvider for tests that need outcomes the sandbox cannot produce (a charge paid with another
 * amount, a PSP that is down, a transfer stuck in processing). Webhooks are accepted with the header
 * `x-fake-psp: ok`; the body is the API Pix shape {pix:[{endToEndId, txid, valor, horario}]}.
 */
export class FakePixProvider implements PixProvider {
  readonly name = 'bacen' as const;
  readonly charges = new Map<string, PixCharge>();
  readonly transfers = new Map<string, PixTransfer>();
  readonly sent: SendPixInput[] = [];
  getChargeCalls = 0;
  /** Next createCharge/sendPix throws PixProviderError (PSP unreachable). */
  failNextCall = false;
  /** Status the next sendPix answers with. */
  nextTransferStatus: PixTransferStatus = 'REALIZADO';
  /** sendPix refuses before sending anything (PixTransferNotSent), like a PSP without a payment API. */
  refuseToSend = false;
  /** What lookupKey answers (a DICT holder), or null for 'not registered'. */
  keyOwner: PixKeyOwner | null = {
    name: 'Fulano de Tal',
    document: '***.456.789-**',
    documentType: 'cpf',
    bankName: 'Banco Exemplo S.A.',
    ispb: '12345678',
  };
  private e2eCounter = 0;

  private maybeFail(): void {
    if (this.failNextCall) {
      this.failNextCall = false;
      throw new PixProviderError('fake PSP unreachable', 503);
    }
  }

  async createCharge(input: CreatePixChargeInput): Promise<PixCharge> {
    this.maybeFail();
    const charge: PixCharge = {
      txid: input.txid,
      status: 'ATIVA',
      amountCents: input.amountCents,
      createdAt: new Date(),
      expiresInSeconds: input.expiresInSeconds,
      copyPasteCode: `00020101021226850014br.gov.bcb.pix${input.txid}5204000053039865802BR6304ABCD`,
      payments: [],
    };
    this.charges.set(input.txid, charge);
    return structuredClone(charge);
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    this.getChargeCalls += 1;
    const charge = this.charges.get(txid);
    return charge ? structuredClone(charge) : null;
  }

  async cancelCharge(txid: string): Promise<void> {
    const charge = this.charges.get(txid);
    if (charge && charge.status === 'ATIVA') charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  }

  /** The payer pays (optionally another amount); returns the webhook body a PSP would send. */
  pay(txid: string, amountCents?: number) {
    const charge = this.charges.get(txid);
    if (!charge) throw new Error(`fake PSP: unknown txid ${txid}`);
    this.e2eCounter += 1;
    const endToEndId = `E00000000202611210000${String(this.e2eCounter).padStart(11, '0')}`;
    const paid = amountCents ?? charge.amountCents;
    const paidAt = new Date();
    charge.status = 'CONCLUIDA';
    if (amountCents !== undefined) charge.amountCents = amountCents;
    charge.payments.push({ endToEndId, amountCents: paid, paidAt });
    return { pix: [{ endToEndId, txid, valor: (paid / 100).toFixed(2), horario: paidAt.toISOString() }] };
  }

  authenticateWebhook(request: WebhookCredentials): void {
    if (request.headers['x-fake-psp'] !== 'ok') throw new PixWebhookRejected('missing fake PSP header');
  }

  parseWebhook(request: WebhookRequest): PixWebhookNotice[] {
    this.authenticateWebhook(request);
    const body = request.body as { pix?: { endToEndId: string; txid?: string; valor: string; horario: string }[] };
    if (!body || !Array.isArray(body.pix)) throw new PixWebhookRejected('body without pix[]');
    return body.pix.map((p) => ({
      endToEndId: p.endToEndId,
      txid: p.txid ?? null,
      amountCents: Math.round(Number(p.valor) * 100),
      paidAt: new Date(p.horario),
    }));
  }

  async sendPix(input: SendPixInput): Promise<PixTransfer> {
    if (this.refuseToSend) throw new PixTransferNotSent('fake PSP cannot send Pix');
    this.maybeFail();
    this.sent.push(input);
    const existing = this.transfers.get(input.idempotencyKey);
    if (existing) return { ...existing };
    const status = this.nextTransferStatus;
    const transfer: PixTransfer = {
      idempotencyKey: input.idempotencyKey,
      status,
      endToEndId: status === 'REALIZADO' ? `E${input.idempotencyKey}`.slice(0, 32) : null,
      failureReason: status === 'NAO_REALIZADO' ? 'Chave Pix inexistente' : null,
    };
    this.transfers.set(input.idempotencyKey, transfer);
    return { ...transfer };
  }

  async getTransfer(idempotencyKey: string): Promise<PixTransfer | null> {
    const transfer = this.transfers.get(idempotencyKey);
    return transfer ? { ...transfer } : null;
  }

  /** The PSP settles a transfer that was processing. */
  settleTransfer(idempotencyKey: string, status: 'REALIZADO' | 'NAO_REALIZADO'): void {
    const transfer = this.transfers.get(idempotencyKey);
    if (!transfer) throw new Error(`fake PSP: unknown transfer ${idempotencyKey}`);
    transfer.status = status;
    transfer.failureReason = status === 'NAO_REALIZADO' ? 'Conta destino encerrada' : null;
  }

  async refund(input: { refundId: string }): Promise<PixRefund> {
    return { refundId: input.refundId, status: 'DEVOLVIDO' };
  }

  /** GET /pix: every Pix paid into its charges in [from, to). */
  async listReceived(period: { from: Date; to: Date }): Promise<PixReceived[]> {
    return [...this.charges.values()].flatMap((charge) =>
      charge.payments
        .filter((pix) => pix.paidAt >= period.from && pix.paidAt < period.to)
        .map((pix) => ({ ...pix, txid: charge.txid })),
    );
  }

  /** The key lookup fails once (502 'lookupFailed'); failNextCall is for the charge and transfer calls. */
  failNextLookup = false;

  async lookupKey(): Promise<PixKeyOwner | null> {
    if (this.failNextLookup) {
      this.failNextLookup = false;
      throw new PixProviderError('fake PSP unreachable', 503);
    }
    return this.keyOwner ? { ...this.keyOwner } : null;
  }
}
