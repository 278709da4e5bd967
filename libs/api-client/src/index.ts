import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The shapes the API answers and takes, by their OpenAPI names: `Schemas['ContentDto']`. */
export type Schemas = components['schemas'];

export interface CmsClient extends Client<paths> {
  /** The session or API token sent as the `token` header from now on (undefined: none). */
  setToken(token: string | undefined): void;
}

export interface CmsClientOptions {
  /** Where the CMS answers, without `/api`: `https://cms.example.com`. */
  baseUrl: string;
  token?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed client of the CMS API (openapi-fetch over the types `npm run api-client` generates from
 * /api/docs-json): paths, parameters, bodies and answers are checked by the compiler.
 */
export function createCmsClient(options: CmsClientOptions): CmsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  let token = options.token;
  client.use({
    onRequest({ request }) {
      if (token !== undefined) request.headers.set('token', token);
      return request;
    },
  });
  return Object.assign(client, {
    setToken(next: string | undefined) {
      token = next;
    },
  });
}

export interface ContentRange {
  resource: string;
  /** First and last index answered; undefined when the page is empty (`contents *\/0`). */
  start?: number;
  end?: number;
  total: number;
}

/** Reads a list's `Content-Range: contents 0-24/319`. */
export function parseContentRange(header: string | null): ContentRange | undefined {
  const match = header ? /^([\w-]+) (?:(\d+)-(\d+)|\*)\/(\d+)$/.exec(header) : null;
  if (!match) return undefined;
  return {
    resource: match[1],
    start: match[2] === undefined ? undefined : Number(match[2]),
    end: match[3] === undefined ? undefined : Number(match[3]),
    total: Number(match[4]),
  };
}
