import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: { id: number; event: string; occurredAt: string; record: { type: string; id: number; locales: string[] } };
}

/** A webhook receiver on 127.0.0.1 (node:http) that keeps what it receives and answers as told. */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  /** What to answer to the nth call (0-based). */
  answer: (call: ReceivedCall, n: number) => { status: number; body?: string; headers?: Record<string, string> } = () => ({ status: 200, body: 'ok' });
  private server?: http.Server;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: ReceivedCall['body'];
        try {
          body = JSON.parse(raw);
        } catch {
          body = { id: 0, event: '', occurredAt: '', record: { type: '', id: 0, locales: [] } };
        }
        const call = { path: req.url ?? '', headers: req.headers, raw, body };
        const answer = this.answer(call, this.calls.length);
        this.calls.push(call);
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** A webhook secret as the back office generates one. */
export const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
