// A real HTTP server on 127.0.0.1 for network tests: fixed routes, hit counts, stopped after the test file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one path answers. */
export interface Route {
  readonly status?: number;
  readonly body?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
  /** Answer only the first request; later ones have their connection dropped (the network is gone). */
  readonly once?: boolean;
  /** Never answer (the connection stays open until the client gives up or the server closes). */
  readonly hang?: boolean;
}

/** A running server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The absolute URL of `path` (which starts with `/`). */
  url(path: string): string;
  /** Routes by path; change them between requests. */
  readonly routes: Map<string, Route>;
  /** Requests per path. */
  readonly hits: Map<string, number>;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts a server on an ephemeral port of 127.0.0.1; unknown paths answer
 * 404. Stop it with `close()` (in the test file's `afterAll`).
 */
export async function startServer(routes: Readonly<Record<string, Route>> = {}): Promise<TestServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = table.get(path);
    if (route?.once === true && (hits.get(path) ?? 0) > 1) return req.socket.destroy();
    if (route?.hang === true) return undefined;
    // Open to any page: browser tests fetch from the test page's origin.
    res.writeHead(route?.status ?? (route ? 200 : 404), { 'access-control-allow-origin': '*', ...route?.headers });
    res.end(route?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  return { origin, url: (path) => `${origin}${path}`, routes: table, hits, close };
}
