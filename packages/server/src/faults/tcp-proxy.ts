import net from 'node:net';

/*
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) that a test can cut: every connection through
 * it is destroyed and the port stops listening, so new connections are refused as if the database had stopped;
 * restored, it listens on the same port again. The shared PostgreSQL other tests use is never touched.
 */
export interface CuttableProxy {
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Destroys every connection and stops listening (connections are refused). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    get open() {
      return sockets.size / 2;
    },
    cut: stop,
    async restore() {
      if (listening) return;
      server = net.createServer(onConnection);
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}
