import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/**
 * A fake BACEN "API Pix" PSP for the adapter tests: real HTTPS with MUTUAL TLS (requestCert +
 * rejectUnauthorized, trusting only the test CA in fixtures/), OAuth2 client credentials, /v2/cob,
 * /v2/pix/{e2eid}/devolucao and Efí's /v3/gn/pix. It records every request with the client certificate
 * the TLS layer saw, so tests can assert what the adapter really sent.
 */

export const FIXTURES = path.join(__dirname, 'fixtures');
export const fixture = (name: string): string => path.join(FIXTURES, name);

/** The receiving key of the deployment in these tests. */
export const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

export const CLIENT_ID = 'Client_Id_rifaria';
export const CLIENT_SECRET = 'Client_Secret_s3cr3t';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Subject CN of the client certificate presented on this connection (null when none). */
  clientCertCn: string | null;
}

interface Reply {
  status: number;
  body?: unknown;
}

export class FakePsp {
  readonly requests: RecordedRequest[] = [];
  readonly cobs = new Map<string, Record<string, unknown>>();
  readonly transfers = new Map<string, Record<string, unknown>>();
  /** Tokens currently valid; clearing it makes the PSP answer 401 (token revoked or expired there). */
  readonly validTokens = new Set<string>();
  tokenExpiresIn = 3600;
  /** GET /v2/pix's page size here (the API Pix's itensPorPagina, capped low to exercise the pages). */
  receivedPageSize = 2;

  /** Replies forced for the next matching API calls (after authentication), oldest first. */
  readonly forced: Reply[] = [];
  private tokenCounter = 0;
  private server!: https.Server;
  url = '';

  /** The configuration a deployment would set through the environment, pointed at this PSP (once started). */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PIX_PROVIDER: 'bacen',
      PIX_KEY,
      PIX_BACEN_BASE_URL: this.url,
      PIX_BACEN_CLIENT_ID: CLIENT_ID,
      PIX_BACEN_CLIENT_SECRET: CLIENT_SECRET,
      PIX_BACEN_CERT_P12: fixture('client.p12'),
      PIX_BACEN_CERT_PASSPHRASE: 'test-only',
      PIX_BACEN_CA_PEM: fixture('ca.crt'),
      ...extra,
    };
  }

  async start(): Promise<void> {
    this.server = https.createServer(
      {
        key: fs.readFileSync(fixture('server.key')),
        cert: fs.readFileSync(fixture('server.crt')),
        ca: fs.readFileSync(fixture('ca.crt')),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          const recorded: RecordedRequest = {
            method: request.method ?? '',
            path: request.url ?? '',
            headers: request.headers,
            body: text ? JSON.parse(text) : undefined,
            clientCertCn: peer && peer.subject ? String(peer.subject.CN) : null,
          };
          this.requests.push(recorded);
          const reply = this.handle(recorded);
          response.writeHead(reply.status, { 'content-type': 'application/json' });
          response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
        });
      },
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/oauth/token');
  }

  apiRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path !== '/oauth/token');
  }

  private handle(request: RecordedRequest): Reply {
    if (request.path === '/oauth/token' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      const body = request.body as { grant_type?: string } | undefined;
      if (request.headers.authorization !== expected || body?.grant_type !== 'client_credentials') {
        return { status: 401, body: { error: 'invalid_client' } };
      }
      this.tokenCounter += 1;
      const token = `token-${this.tokenCounter}`;
      this.validTokens.add(token);
      return {
        status: 200,
        body: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: this.tokenExpiresIn,
          scope: 'cob.write cob.read',
        },
      };
    }
    const auth = String(request.headers.authorization ?? '');
    if (!auth.startsWith('Bearer ') || !this.validTokens.has(auth.slice(7))) {
      return { status: 401, body: { title: 'Não autorizado', detail: 'token inválido' } };
    }
    const forced = this.forced.shift();
    if (forced) return forced;

    if (request.method === 'GET' && request.path.startsWith('/v2/pix?')) return this.receivedPage(request.path);
    let match = /^\/v2\/cob\/([a-zA-Z0-9]+)$/.exec(request.path);
    if (match) {
      const txid = match[1]!;
      if (request.method === 'PUT') {
        if (this.cobs.has(txid)) return { status: 409, body: { title: 'txid já utilizado' } };
        const body = request.body as Record<string, unknown>;
        const cob = {
          ...body,
          calendario: { criacao: '2026-03-10T15:04:05.358Z', ...(body.calendario as object) },
          txid,
          revisao: 0,
          loc: { id: 789, location: `pix.example.com/qr/v2/${txid.toLowerCase()}`, tipoCob: 'cob' },
          location: `pix.example.com/qr/v2/${txid.toLowerCase()}`,
          status: 'ATIVA',
          pixCopiaECola: `00020101021226930014br.gov.bcb.pix2571pix.example.com/qr/v2/${txid.toLowerCase()}FAKE`,
        };
        this.cobs.set(txid, cob);
        return { status: 201, body: cob };
      }
      const cob = this.cobs.get(txid);
      if (!cob) return { status: 404, body: { title: 'Cobrança não encontrada' } };
      if (request.method === 'GET') return { status: 200, body: cob };
      if (request.method === 'PATCH') {
        Object.assign(cob, request.body as object);
        return { status: 200, body: cob };
      }
    }
    match = /^\/v2\/pix\/([a-zA-Z0-9]{32})\/devolucao\/([a-zA-Z0-9]+)$/.exec(request.path);
    if (match && request.method === 'PUT') {
      return {
        status: 201,
        body: {
          id: match[2],
          rtrId: 'D12345678202009091000abcde123456',
          valor: (request.body as { valor: string }).valor,
          horario: { solicitacao: '2026-03-10T15:04:05.358Z' },
          status: 'EM_PROCESSAMENTO',
        },
      };
    }
    match = /^\/v3\/gn\/pix\/([a-zA-Z0-9]+)$/.exec(request.path);
    if (match && request.method === 'PUT') {
      const body = request.body as { valor: string; favorecido: { chave: string } };
      const transfer = {
        idEnvio: match[1],
        e2eId: 'E09089356202603101504abcdefghijk',
        valor: body.valor,
        horario: { solicitacao: '2026-03-10T15:04:05.358Z' },
        status: 'EM_PROCESSAMENTO',
      };
      this.transfers.set(match[1]!, transfer);
      return { status: 201, body: transfer };
    }
    match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([a-zA-Z0-9]+)$/.exec(request.path);
    if (match && request.method === 'GET') {
      const transfer = this.transfers.get(match[1]!);
      return transfer ? { status: 200, body: transfer } : { status: 404, body: { nome: 'pix_nao_encontrado' } };
    }
    return { status: 404, body: { title: 'Not found' } };
  }

  /** GET /v2/pix?inicio&fim&paginacao.paginaAtual: the Pix of every CONCLUIDA cob paid in [inicio, fim). */
  private receivedPage(url: string): Reply {
    const query = new URL(url, 'https://psp.example').searchParams;
    const from = Date.parse(query.get('inicio') ?? '');
    const to = Date.parse(query.get('fim') ?? '');
    if (Number.isNaN(from) || Number.isNaN(to)) return { status: 400, body: { title: 'inicio e fim obrigatórios' } };
    const page = Number(query.get('paginacao.paginaAtual') ?? '0');
    const pix = [...this.cobs.values()]
      .flatMap((cob) => (Array.isArray(cob.pix) ? (cob.pix as { horario: string }[]) : []))
      .filter((entry) => Date.parse(entry.horario) >= from && Date.parse(entry.horario) < to);
    const size = this.receivedPageSize;
    return {
      status: 200,
      body: {
        parametros: {
          inicio: query.get('inicio'),
          fim: query.get('fim'),
          paginacao: {
            paginaAtual: page,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(pix.length / size)),
            quantidadeTotalDeItens: pix.length,
          },
        },
        pix: pix.slice(page * size, (page + 1) * size),
      },
    };
  }
}
