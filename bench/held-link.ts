// The TCP proxy of `npm run bench -- faults` between one API process and PostgreSQL, as a process of its own (the
// bench's event loop, busy with 200 buyers, must not slow the link down):
//   node --import tsx bench/held-link.ts <listen port> <PostgreSQL host> <PostgreSQL port>
// SIGUSR1 cuts the link, SIGUSR2 gives it back; prints "ready" once listening.
import net from 'node:net';

/**
 * A TCP proxy between one API process and PostgreSQL that can cut the link without resetting it: while cut, no
 * byte moves either way (both sockets paused: the kernel's buffers fill, as with packets lost on a dead link), a
 * new connection is accepted but never reaches the server, and a side that closes has its close held back too.
 * When given back, everything held moves on. The shared PostgreSQL itself is never touched.
 */
export class HeldLink {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private held: (() => void)[] = [];
  cut = false;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (this.cut) socket.pause();
  }

  private later(step: () => void) {
    if (this.cut) this.held.push(step);
    else step();
  }

  private accept(client: net.Socket) {
    this.track(client);
    let gone = false;
    client.once('close', () => (gone = true));
    this.later(() => {
      if (gone) return;
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        from.on('data', (chunk) => to.write(chunk));
        // A close while cut reaches the other side only when the link is back (a FIN is a packet too).
        from.on('close', () => this.later(() => to.destroy()));
      }
    });
  }

  hold(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.pause();
  }

  restore(): void {
    this.cut = false;
    for (const socket of this.sockets) socket.resume();
    const held = this.held;
    this.held = [];
    for (const step of held) step();
  }

  close(): Promise<void> {
    this.restore();
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

if (require.main === module) {
  const [port, host, target] = process.argv.slice(2);
  const link = new HeldLink({ host: host!, port: Number(target) });
  process.on('SIGUSR1', () => link.hold());
  process.on('SIGUSR2', () => link.restore());
  process.on('SIGTERM', () => void link.close().then(() => process.exit(0)));
  void link.listen(Number(port)).then(() => console.log('ready'));
}
