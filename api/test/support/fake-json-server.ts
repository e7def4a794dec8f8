/**
 * A scripted JSON server on real HTTP (127.0.0.1, a free port), standing in for a third party in tests: CEP
 * providers, drand relays, Caixa's results API. A request is answered by, in order: `reply` (every request), the
 * route of its exact URL, the `answer` function given to the constructor, else 500 'unscripted'.
 * 'hang' never answers (the client's timeout must fire); 'destroy' drops the connection; `chunked` sends the body
 * without a content-length, in pieces (the client must count the bytes as they arrive).
 */
import http from 'node:http';
import { LocalFake } from './local-server';

export type FakeReply =
  { status: number; body?: unknown; raw?: string; chunked?: boolean; contentType?: string } | 'hang' | 'destroy';

export class FakeJsonServer extends LocalFake {
  /** The URL (path and query) of every request, in order. */
  readonly hits: string[] = [];
  readonly requests: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  routes = new Map<string, FakeReply>();
  reply: FakeReply | null = null;

  protected readonly server = http.createServer((request, response) => {
    const url = request.url ?? '';
    this.hits.push(url);
    this.requests.push({ url, headers: request.headers });
    const reply = this.reply ??
      this.routes.get(url) ??
      this.answer(url) ?? { status: 500, body: { message: 'unscripted' } };
    if (reply === 'hang') return;
    if (reply === 'destroy') {
      request.socket.destroy();
      return;
    }
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const type = reply.contentType ?? 'application/json; charset=utf-8';
    if (reply.chunked) {
      response.writeHead(reply.status, { 'content-type': type });
      for (let at = 0; at < text.length; at += 1024) response.write(text.slice(at, at + 1024));
      response.end();
      return;
    }
    response.writeHead(reply.status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });

  constructor(private readonly answer: (url: string) => FakeReply | undefined = () => undefined) {
    super();
  }

  reset(): void {
    this.hits.length = 0;
    this.requests.length = 0;
    this.routes.clear();
    this.reply = null;
  }
}
