import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectGarbage } from './collect-garbage';
import { oldGenerationUsed, reduceMemoryWhenIdle, type IdleMemoryReducer } from './idle-memory-reducer';

/** Live objects in V8's old generation: a full collection moves the young generation's survivors there. */
function grow(bytes: number): unknown[] {
  const kept: unknown[] = [];
  for (let size = 0; size < bytes; size += 64 * 1024) kept.push(new Array(8 * 1024).fill(size));
  collectGarbage(1);
  return kept;
}

describe('reduceMemoryWhenIdle', () => {
  let server: Server;
  let release: (() => void) | undefined;
  let reducer: IdleMemoryReducer | undefined;
  let clock = 0;
  let collected = 0;
  const now = () => clock;
  const collect = () => {
    collected += 1;
  };

  beforeEach(async () => {
    clock = 1_000;
    collected = 0;
    collectGarbage(1); // the last test's objects gone: each reducer's baseline is what is live
    // A route that answers only when the test says so: a request in flight.
    server = createServer((req, res) => {
      if (req.url === '/slow') release = () => res.end('late');
      else res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    reducer?.stop();
    release?.();
    release = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** GETs `path`, then waits a moment: the server's side of the answer may close after the client has read it. */
  const get = async (path: string) => {
    const body = await send(path);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return body;
  };
  const send = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });

  it('collects once the server is quiet and the old generation grew, and not again without new growth', async () => {
    reducer = reduceMemoryWhenIdle(server, { quietMs: 2_000, minGrowthBytes: 1024 * 1024, collect, now });
    const kept = grow(4 * 1024 * 1024);
    await get('/');
    clock += 1_999;
    expect(reducer.check()).toBe(false); // quiet for less than 2 s
    clock += 1;
    expect(reducer.check()).toBe(true);
    expect(collected).toBe(1);
    clock += 60_000;
    expect(reducer.check()).toBe(false); // nothing grew since
    expect(collected).toBe(1);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('never collects while a request is in flight, however long it takes', async () => {
    reducer = reduceMemoryWhenIdle(server, { quietMs: 2_000, minGrowthBytes: 1024 * 1024, collect, now });
    const kept = grow(4 * 1024 * 1024);
    const answer = send('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock += 600_000;
    expect(reducer.check()).toBe(false);
    release?.();
    expect(await answer).toBe('late');
    await new Promise((resolve) => setTimeout(resolve, 20)); // the server's side of the answer closes
    expect(reducer.check()).toBe(false); // the answer just ended: quiet starts now
    clock += 2_000;
    expect(reducer.check()).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('counts growth from what V8’s own collection left, not from a higher mark', async () => {
    let garbage: unknown[] | undefined = grow(6 * 1024 * 1024);
    reducer = reduceMemoryWhenIdle(server, { quietMs: 2_000, minGrowthBytes: 3 * 1024 * 1024, collect, now });
    garbage = undefined;
    collectGarbage(1); // V8's own collection, between two checks
    clock += 5_000;
    expect(reducer.check()).toBe(false); // lower than at the start: nothing grew
    const kept = grow(4 * 1024 * 1024);
    await get('/');
    clock += 5_000;
    expect(reducer.check()).toBe(true); // 4 MB above what the collection left, though not above the start
    expect(kept.length).toBeGreaterThan(0);
    expect(garbage).toBeUndefined();
  });

  it('does not collect for growth below its threshold', async () => {
    reducer = reduceMemoryWhenIdle(server, { quietMs: 2_000, minGrowthBytes: 64 * 1024 * 1024, collect, now });
    const kept = grow(2 * 1024 * 1024);
    await get('/');
    clock += 10_000;
    expect(reducer.check()).toBe(false);
    expect(collected).toBe(0);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('gives V8 memory back with its default collection', () => {
    reducer = reduceMemoryWhenIdle(server, { quietMs: 2_000, minGrowthBytes: 1024 * 1024, now });
    let garbage: unknown[] | undefined = grow(8 * 1024 * 1024);
    const grown = oldGenerationUsed();
    garbage = undefined;
    clock += 5_000;
    expect(reducer.check()).toBe(true);
    expect(oldGenerationUsed()).toBeLessThan(grown - 4 * 1024 * 1024);
    expect(garbage).toBeUndefined();
  });
});
