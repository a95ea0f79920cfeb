import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-case names; a header sent twice is joined with ", " (fetch and Node would hide a second Content-Type). */
  headers: Record<string, string>;
  /** The bytes as sent: never decompressed. */
  body: Buffer;
}

/** One HTTP/1.1 request without fetch's defaults (no Accept-Encoding, no decompression), on a fresh connection. */
export function send(
  base: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    // A body is always framed: Node sends DELETE and OPTIONS bodies without a length otherwise.
    const headers =
      options.body === undefined
        ? options.headers
        : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        method: options.method ?? 'GET',
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            const value = res.rawHeaders[i + 1]!;
            headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(5_000, () =>
      req.destroy(new Error(`${options.method ?? 'GET'} ${target}: no answer within 5 s`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface RawUpload {
  status: number;
  /** Whether the answer came before the client had sent the whole body (the server did not wait for it). */
  answeredEarly: boolean;
}

/**
 * A POST written byte for byte on a socket, as a slow or hostile client sends it: the head,
 * then `body` (a Content-Length body, or with `chunked` the chunks of one), and with `finish`
 * the rest the head announced; otherwise the client stalls after `body`. Resolves with the
 * status line of the answer; a reset or a close without an answer rejects.
 */
export function rawUpload(
  base: string,
  target: string,
  options: { headers: Record<string, string>; body: Buffer; chunked?: boolean; finish?: Buffer },
): Promise<RawUpload> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    let finished = false;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(10_000, () => fail(new Error(`POST ${target}: no answer within 10 s`)));
    socket.on('error', (error) =>
      fail(
        new Error(
          `POST ${target}: ${error.message} before an answer (${JSON.stringify(received.slice(0, 40))})`,
        ),
      ),
    );
    socket.on('close', () => fail(new Error(`POST ${target}: closed without an answer`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (status && status[1] !== '100' && received.includes('\r\n\r\n')) {
        socket.removeAllListeners('close');
        socket.destroy();
        resolve({ status: Number(status[1]), answeredEarly: !finished });
      }
    });
    const frame = (data: Buffer) =>
      options.chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    const head = Object.entries({ Host: url.host, ...options.headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `POST ${target} HTTP/1.1\r\n${head}${options.chunked ? 'Transfer-Encoding: chunked\r\n' : ''}\r\n`,
    );
    socket.write(frame(options.body));
    if (options.finish) {
      socket.write(
        options.chunked
          ? Buffer.concat([frame(options.finish), Buffer.from('0\r\n\r\n')])
          : options.finish,
        () => (finished = true),
      );
    }
  });
}
