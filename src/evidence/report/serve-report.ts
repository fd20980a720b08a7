/**
 * Serves a report folder over HTTP on loopback, read-only: the page and the
 * bundle files it links, nothing outside the folder. The page needs no server
 * (it works from file://); this is for a browser that is not on the machine's
 * file system view (a container, a remote shell with a port forward) and for
 * `droidproof show-report`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { DroidproofError } from '../../contract/errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

export interface ServedReport {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeReportOptions {
  /** 0 (the default) lets the OS choose a free port. */
  port?: number;
  /** Loopback only by default; the report may hold app data. */
  host?: string;
}

/** The file a request path names inside `root`, or undefined when it would leave it. */
export function fileForPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!);
  } catch {
    return undefined;
  }
  const path = resolve(root, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`) ? path : undefined;
}

export async function serveReport(dir: string, options: ServeReportOptions = {}): Promise<ServedReport> {
  const root = resolve(dir);
  const index = await stat(join(root, 'index.html')).catch(() => undefined);
  if (!index?.isFile()) {
    throw new DroidproofError(
      'REPORT_NOT_FOUND',
      `${dir} holds no index.html: pass a droidproof report folder`,
      {
        dir: root,
      },
    );
  }
  const server: Server = createServer((request, response) => {
    const path =
      request.method === 'GET' || request.method === 'HEAD'
        ? fileForPath(root, request.url ?? '/')
        : undefined;
    const fail = (status: number) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${status}\n`);
    };
    if (!path) return fail(request.method === 'GET' || request.method === 'HEAD' ? 403 : 405);
    stat(path).then(
      (file) => {
        if (!file.isFile()) return fail(404);
        response.writeHead(200, {
          'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
          'content-length': file.size,
          'cache-control': 'no-store',
        });
        if (request.method === 'HEAD') return response.end();
        createReadStream(path)
          .on('error', () => response.destroy())
          .pipe(response);
      },
      () => fail(404),
    );
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
