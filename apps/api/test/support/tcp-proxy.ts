import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of a server, on a port of its own, that a test can cut and restore: what
 * a network failure or a database restart looks like to the API's connection pool.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });

  let server = createServer(relay);
  const port = await listen(server, 0);
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    /** Refuses new connections and drops every open one. */
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Accepts connections again on the same port. */
    async restore() {
      server = createServer(relay);
      await listen(server, port);
    },
    async close() {
      if (server.listening) await this.cut();
    },
  };
}
