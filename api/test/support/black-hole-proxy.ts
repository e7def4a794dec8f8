import net from 'node:net';

/**
 * A TCP hop in front of a database server that can stop answering. In black-hole mode it still accepts
 * connections but holds every byte, both ways, as a network partition or a frozen server does; switched back, it
 * delivers what it held (as TCP does once a partition heals) and forwards again. Without an upstream it is a
 * black hole for good: connections are accepted and never answered.
 */
interface Link {
  client: net.Socket;
  upstream?: net.Socket;
  holding: boolean;
  flush(): void;
}

export class BlackHoleProxy {
  private readonly server = net.createServer((client) => this.accept(client));
  private readonly links = new Set<Link>();
  private holding = false;

  private constructor(private readonly upstream?: { host: string; port: number }) {}

  static async start(upstream?: { host: string; port: number }): Promise<BlackHoleProxy> {
    const proxy = new BlackHoleProxy(upstream);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** The same connection URL, through this hop. */
  urlFor(connectionString: string): string {
    const url = new URL(connectionString);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  blackHole(on: boolean): void {
    this.holding = on;
    for (const link of this.links) {
      link.holding = on;
      if (!on) link.flush();
    }
  }

  /** The connections open now go silent for good; new ones are forwarded (a firewall that lost its state). */
  strandOpenConnections(): void {
    for (const link of this.links) link.holding = true;
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream?.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const upstream = this.upstream ? net.connect(this.upstream.port, this.upstream.host) : undefined;
    const toServer: Buffer[] = [];
    const toClient: Buffer[] = [];
    const link: Link = {
      client,
      upstream,
      holding: this.holding,
      flush: () => {
        if (!upstream) return;
        for (const chunk of toServer.splice(0)) upstream.write(chunk);
        for (const chunk of toClient.splice(0)) client.write(chunk);
      },
    };
    this.links.add(link);
    client.on('data', (chunk) => (link.holding || !upstream ? toServer.push(chunk) : upstream.write(chunk)));
    upstream?.on('data', (chunk) => (link.holding ? toClient.push(chunk) : client.write(chunk)));
    const end = () => {
      this.links.delete(link);
      client.destroy();
      upstream?.destroy();
    };
    client.on('close', end).on('error', end);
    upstream?.on('close', end).on('error', end);
  }
}
