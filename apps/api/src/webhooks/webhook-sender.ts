import { createHmac } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import { assertLiteralAllowed, guardedLookup, RefusedTarget } from './ssrf-guard';

/** How much of an answer's body is kept in the delivery log. */
export const ANSWER_BYTES_KEPT = 1024;

export interface SendOutcome {
  /** A 2xx answer. */
  delivered: boolean;
  /** Not worth trying again (a refused target). */
  permanent: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** `sha256=` and the hex HMAC-SHA256 of the exact body bytes with the webhook's secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Text fit for the log: PostgreSQL text takes no NUL. */
const printable = (text: string) => text.replace(/\u0000/g, '');

/**
 * Posts deliveries: one keep-alive agent per scheme, whose connections are made through the
 * guarded lookup unless private targets are allowed. Redirects are never followed: a 3xx is the
 * answer, recorded as such (a hop to an address no one checked cannot happen).
 */
export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly options: { allowPrivate: boolean; timeoutMs: number }) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8 });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...outcome, durationMs: Math.round(performance.now() - started) });
    let target: URL;
    try {
      target = new URL(url);
      if (!this.options.allowPrivate) assertLiteralAllowed(target.hostname);
    } catch (error) {
      return done({ delivered: false, permanent: true, status: null, body: null, error: printable(String((error as Error).message)) });
    }
    const secure = target.protocol === 'https:';
    try {
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = (secure ? https : http).request(
          target,
          {
            method: 'POST',
            agent: secure ? this.httpsAgent : this.httpAgent,
            ...(this.options.allowPrivate ? {} : { lookup: guardedLookup }),
            headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'cms-webhooks/1', ...headers },
            signal: AbortSignal.timeout(this.options.timeoutMs),
          },
          (response) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            const finish = () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).subarray(0, ANSWER_BYTES_KEPT).toString('utf8') });
            response.on('data', (chunk: Buffer) => {
              if (kept >= ANSWER_BYTES_KEPT) return;
              chunks.push(chunk);
              kept += chunk.length;
              // Enough kept: the rest is not read (a receiver streaming forever holds nothing up).
              if (kept >= ANSWER_BYTES_KEPT) {
                response.destroy();
                finish();
              }
            });
            response.on('end', finish);
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      const delivered = status >= 200 && status < 300;
      let error: string | null = null;
      if (!delivered) error = status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`;
      return done({ delivered, permanent: false, status, body: printable(text), error });
    } catch (error) {
      const err = error as Error & { code?: string; cause?: unknown };
      const refused = err instanceof RefusedTarget || err.cause instanceof RefusedTarget;
      let message = refused && err.cause instanceof RefusedTarget ? err.cause.message : err.message;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') message = `no answer within ${this.options.timeoutMs} ms`;
      else if (err.code && !message.includes(err.code)) message = `${err.code}: ${message}`;
      return done({ delivered: false, permanent: refused, status: null, body: null, error: printable(message).slice(0, 1000) });
    }
  }
}
