/** Start and stop of the fakes that stand in for third parties on real HTTP (127.0.0.1, a free port). */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1; resolves to the base URL. */
export async function listenLocally(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Drops the open connections and closes the server. */
export async function closeLocally(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A fake on real HTTP: `start()` listens on a free port and resolves to the base URL (also in `url`), `stop()` closes. */
export abstract class LocalFake {
  url = '';
  protected abstract readonly server: http.Server;

  async start(): Promise<string> {
    this.url = await listenLocally(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    await closeLocally(this.server);
  }
}
