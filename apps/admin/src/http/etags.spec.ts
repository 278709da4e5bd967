import { createEtagStore, etagKey, ifMatch } from './etags';
import { conflictOf } from './conflict';

describe('the version of each record (ETag)', () => {
  it('keeps the last ETag answered per record, for every locale of it', () => {
    const store = createEtagStore();
    const key = etagKey('contents', 12);
    expect(key).toBe('contents/12');
    expect(ifMatch(store, key)).toEqual({});
    store.remember(key, 'W/"v1"');
    store.remember(key, null);
    expect(ifMatch(store, key)).toEqual({ 'If-Match': 'W/"v1"' });
    store.remember(key, '"v2"');
    expect(store.get(key)).toBe('"v2"');
    expect(store.get(etagKey('contents', 13))).toBeUndefined();
    store.forget(key);
    expect(store.get(key)).toBeUndefined();
  });

  it("runs the writes of one record one after the other, so the second carries the first one's ETag", async () => {
    const store = createEtagStore();
    const key = etagKey('contents', 1);
    store.remember(key, '"v1"');
    const sent: string[] = [];
    const write =
      (next: string, fail = false) =>
      async () => {
        sent.push(store.get(key) ?? '');
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error('refused');
        store.remember(key, next);
        return next;
      };
    const first = store.serialize(key, write('"v2"', true));
    const second = store.serialize(key, write('"v3"'));
    const elsewhere = store.serialize(etagKey('contents', 2), async () => 'other');
    await expect(first).rejects.toThrow('refused');
    await expect(second).resolves.toBe('"v3"');
    await expect(elsewhere).resolves.toBe('other');
    expect(sent).toEqual(['"v1"', '"v1"']);
    store.remember(key, '"v4"');
    await store.serialize(key, write('"v5"'));
    expect(sent).toEqual(['"v1"', '"v1"', '"v4"']);
  });
});

describe('a save refused because someone else saved first', () => {
  it("is told apart from other 409s by the API's code", () => {
    const body = {
      statusCode: 409,
      message: 'Changed',
      code: 'changed',
      changedBy: { userId: 4, userName: 'Ann' },
      changedAt: '2026-11-27T10:00:00Z',
      versionId: 31,
    };
    expect(conflictOf({ status: 409, body })).toEqual({ changedBy: { userId: 4, userName: 'Ann' }, changedAt: '2026-11-27T10:00:00Z', versionId: 31 });
    expect(conflictOf({ status: 409, body: { statusCode: 409, message: 'This slug is already used' } })).toBeNull();
    expect(conflictOf({ status: 400, body })).toBeNull();
    expect(conflictOf(new Error('offline'))).toBeNull();
    expect(conflictOf(undefined)).toBeNull();
  });
});
