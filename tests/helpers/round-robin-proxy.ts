/**
 * A small round-robin load balancer for tests with several app processes: plain
 * node:http on 127.0.0.1 and a port the OS picks. Each request (and each WebSocket upgrade) goes
 * to the next backend; a backend that refuses the connection (stopped) is skipped for the next
 * one, as a real balancer does (the request never reached it, so resending is safe). A connection
 * reset before any answer is a 502 (counted in `resets`); anything else that goes wrong upstream
 * is counted in `failures`.
 * Every answer carries `x-backend: <index>` so a test can tell which process served it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Which backend (index) each upgrade went to, in order. */
  upgrades: number[];
  /** Upstream errors other than a refused connection (each answered 502 or a dropped socket). */
  failures: string[];
  /** Requests whose connection the backend reset before any answer (answered 502). */
  resets: string[];
  /** Requests resent to another backend after a refused connection. */
  rerouted: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  /** The next backend in turn, or (resending after a refusal) the one after the backend that refused. */
  const pick = (after?: number) => {
    let i: number;
    if (after === undefined) {
      i = next % backends.length;
      next += 1;
    } else i = (after + 1) % backends.length;
    return { index: i, url: new URL(backends[i]) };
  };
  const sockets = new Set<net.Socket>();
  const proxy: RoundRobinProxy = {
    url: '',
    upgrades: [],
    failures: [],
    resets: [],
    rerouted: 0,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server = http.createServer(async (req, res) => {
    const body = Buffer.concat(await req.toArray());
    const attempt = (tries: number, after?: number) => {
      const { index, url } = pick(after);
      const upstream = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'close' },
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
          answer.pipe(res);
          answer.on('error', (err) => {
            proxy.failures.push(`response ${req.method} ${req.url}: ${(err as NodeJS.ErrnoException).code}`);
            res.destroy();
          });
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          proxy.failures.push(`after headers ${req.method} ${req.url}: ${err.code}`);
          res.destroy();
          return;
        }
        if (err.code === 'ECONNREFUSED' && tries < backends.length) {
          proxy.rerouted += 1;
          attempt(tries + 1, index);
          return;
        }
        // A connection the backend dropped before answering anything (a stopping server closes
        // connections on which it has not read a request yet): a 502 the client may retry.
        if (err.code === 'ECONNRESET') proxy.resets.push(`${req.method} ${req.url}`);
        else proxy.failures.push(`${req.method} ${req.url}: ${err.code}`);
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'UPSTREAM_UNAVAILABLE', message: err.code }));
      });
      upstream.end(body);
    };
    attempt(1);
  });

  server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const attempt = (tries: number, after?: number) => {
      const { index, url } = pick(after);
      const upstream = net.connect(Number(url.port), url.hostname);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        proxy.upgrades.push(index);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!connected && err.code === 'ECONNREFUSED' && tries < backends.length) {
          proxy.rerouted += 1;
          attempt(tries + 1, index);
          return;
        }
        if (!connected) proxy.failures.push(`upgrade: ${err.code}`);
        client.destroy();
      });
    };
    attempt(1);
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
