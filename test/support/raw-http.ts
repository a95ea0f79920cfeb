import { request } from 'node:http';

export interface RawResponse {
  status: number;
  /** Lower-case names; a header sent twice is joined with ", " (fetch and Node would hide a second Content-Type). */
  headers: Record<string, string>;
  /** The bytes as sent: never decompressed. */
  body: Buffer;
}

/** One HTTP/1.1 request without fetch's defaults (no Accept-Encoding, no decompression), on a fresh connection. */
export function send(base: string, target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    // A body is always framed: Node sends DELETE and OPTIONS bodies without a length otherwise.
    const headers = options.body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
    const req = request({ host: url.hostname, port: url.port, path: target, method: options.method ?? 'GET', headers, agent: false }, (res) => {
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
    });
    req.setTimeout(5_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${target}: no answer within 5 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
