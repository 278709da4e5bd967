import { createThemeClient } from './theme-client';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('theme client', () => {
  it('reads the colours from the API', async () => {
    const fetch = jest.fn(async () => json({ primaryColor: '#112233', backgroundColor: '#fafafa' }));
    const client = createThemeClient({ apiOrigin: 'http://127.0.0.1:3000', logger: { error: jest.fn() }, fetch });
    await expect(client.current()).resolves.toEqual({ primaryColor: '#112233', backgroundColor: '#FAFAFA' });
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:3000/api/theme', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('falls back to the defaults and reports the failure once a period', async () => {
    let time = 0;
    const logger = { error: jest.fn() };
    const fetch = jest.fn(async () => json({ message: 'down' }, 503));
    const client = createThemeClient({ apiOrigin: 'http://api', logger, fetch, now: () => time, logEveryMs: 1000 });
    await expect(client.current()).resolves.toEqual({ primaryColor: '#26D17D', backgroundColor: '#FFFFFF' });
    await client.current();
    expect(logger.error).toHaveBeenCalledTimes(1);
    time = 1500;
    await client.current();
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('gives up after the timeout', async () => {
    const fetch = jest.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const client = createThemeClient({ apiOrigin: 'http://api', logger: { error: jest.fn() }, fetch, timeoutMs: 20 });
    await expect(client.current()).resolves.toEqual({ primaryColor: '#26D17D', backgroundColor: '#FFFFFF' });
  });

  it('shares one call between pages requested together', async () => {
    const fetch = jest.fn(async () => json({ primaryColor: '#000000', backgroundColor: '#FFFFFF' }));
    const client = createThemeClient({ apiOrigin: 'http://api', logger: { error: jest.fn() }, fetch });
    await Promise.all([client.current(), client.current(), client.current()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
