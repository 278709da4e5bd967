import { KeptValues, keptValuesStats } from './kept-values';

describe('KeptValues', () => {
  it('never keeps a value read while a purge happened, so a slow read of old data cannot undo it', () => {
    const kept = new KeptValues<string>({ max: 10 });
    const before = kept.generation;
    kept.purge('page');
    expect(kept.set('page', 'old', before)).toBe(false);
    expect(kept.get('page')).toBeUndefined();
    expect(kept.set('page', 'new', kept.generation)).toBe(true);
    expect(kept.get('page')).toBe('new');
    kept.forget('page');
    expect(kept.get('page')).toBeUndefined();
  });

  it('lets the least recently used values go first, within the count and the bytes', () => {
    const kept = new KeptValues<Buffer>({ max: 3, maxBytes: 800, sizeOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) kept.set(key, Buffer.alloc(10), kept.generation);
    kept.get('a');
    kept.set('d', Buffer.alloc(10), kept.generation);
    expect(['a', 'b', 'c', 'd'].filter((key) => kept.get(key))).toEqual(['a', 'c', 'd']);
    // A value over an eighth of the bytes is not kept at all.
    expect(kept.set('big', Buffer.alloc(101), kept.generation)).toBe(false);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it('keeps a value no longer than its time to live', async () => {
    const kept = new KeptValues<string>({ max: 10, ttlMs: 30 });
    kept.set('x', 'value', kept.generation);
    expect(kept.get('x')).toBe('value');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(kept.get('x')).toBeUndefined();
  });

  it('reads the time to live on the clock it is given, and drops a value once that time has passed', () => {
    let now = 1000;
    const kept = new KeptValues<string>({ max: 10, ttlMs: 500, now: () => now });
    kept.set('x', 'value', kept.generation);
    now = 1499;
    expect(kept.get('x')).toBe('value');
    now = 1500;
    expect(kept.get('x')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('counts the bytes kept, and takes a bound on one value other than an eighth of them', () => {
    const kept = new KeptValues<Buffer>({ max: 10, maxBytes: 100, maxValueBytes: 100, sizeOf: (value) => value.length });
    expect(kept.set('a', Buffer.alloc(40), kept.generation)).toBe(true);
    kept.set('b', Buffer.alloc(40), kept.generation);
    kept.set('c', Buffer.alloc(40), kept.generation);
    expect(kept.bytes).toBe(80);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.set('huge', Buffer.alloc(101), kept.generation)).toBe(false);
  });

  it('purges at once every value a test picks, and refuses reads begun before even when none matched', () => {
    const kept = new KeptValues<{ group: string }>({ max: 10 });
    for (const [key, group] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['b1', 'b'],
    ])
      kept.set(key, { group }, kept.generation);
    const before = kept.generation;
    kept.purgeWhere((_key, value) => value.group === 'a');
    expect(['a1', 'a2', 'b1'].filter((key) => kept.get(key))).toEqual(['b1']);
    expect(kept.set('a1', { group: 'a' }, before)).toBe(false);
    const beforeNothing = kept.generation;
    kept.purgeWhere((key) => key === 'none');
    expect(kept.set('c1', { group: 'c' }, beforeNothing)).toBe(false);
    expect(kept.size).toBe(1);
  });

  it('counts hits and misses, an expired value as a miss', () => {
    let now = 1000;
    const kept = new KeptValues<string>({ max: 10, ttlMs: 100, now: () => now });
    kept.get('a');
    kept.set('a', 'A', kept.generation);
    kept.get('a');
    kept.get('a');
    now = 1100;
    kept.get('a');
    expect({ hits: kept.hits, misses: kept.misses }).toEqual({ hits: 2, misses: 2 });
  });

  it('lists named caches by name, adding up the caches of one name', () => {
    const first = new KeptValues<string>({ name: 'spec_named', max: 10 });
    const second = new KeptValues<string>({ name: 'spec_named', max: 10 });
    first.set('x', 'X', first.generation);
    first.get('x');
    second.get('y');
    const stats = keptValuesStats().find(({ name }) => name === 'spec_named');
    expect(stats).toEqual({ name: 'spec_named', hits: 1, misses: 1, size: 1, bytes: 0 });
    expect(keptValuesStats().some(({ name }) => name === undefined)).toBe(false);
  });
});
