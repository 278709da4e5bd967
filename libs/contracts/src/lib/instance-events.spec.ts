import { revalidationOf } from '../index';

describe('instance events', () => {
  const message = (topic: string, payload: unknown) => JSON.stringify({ origin: 'api-1', topic, payload });

  it('reads the purges the API publishes', () => {
    expect(revalidationOf(message('revalidate', { scope: 'all' }))).toEqual({ scope: 'all' });
    expect(revalidationOf(message('revalidate', { scope: 'paths', paths: ['/blog/a'], locales: ['fr'] }))).toEqual({
      scope: 'paths',
      paths: ['/blog/a'],
      locales: ['fr'],
    });
  });

  it('ignores other topics and malformed payloads', () => {
    expect(revalidationOf(message('auth-changed', {}))).toBeNull();
    expect(revalidationOf('not json')).toBeNull();
    expect(revalidationOf('null')).toBeNull();
    expect(revalidationOf(message('revalidate', { scope: 'paths', paths: '/x', locales: ['en'] }))).toBeNull();
    expect(revalidationOf(message('revalidate', { scope: 'some' }))).toBeNull();
  });
});
