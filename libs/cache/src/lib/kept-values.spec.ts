import { KeptValues } from './kept-values';

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
});
