import type { RevalidationEvent } from '../src/revalidation/revalidation.service';
import { RevalidationService } from '../src/revalidation/revalidation.service';
import { onServer, useTwoInstances, type TestApp } from './support/test-app';

// Two instances share purges through PostgreSQL LISTEN/NOTIFY (on a server only: CI's second run).
onServer('revalidation across instances', () => {
  const { first, second } = useTwoInstances();

  it('delivers an event emitted by one instance to the other', async () => {
    const received = new Promise<RevalidationEvent>((resolve) => {
      const unsubscribe = second.app.get(RevalidationService).subscribe((event) => {
        unsubscribe();
        resolve(event);
      });
    });
    expect((await first.http.post('/api/revalidate/all').set('token', first.ownerToken)).status).toBe(204);
    await expect(received).resolves.toEqual({ scope: 'all' });
  });

  it('purges the other instance’s page cache when a page changes', async () => {
    const auth = (app: TestApp) => ({ token: app.ownerToken });
    const container = await first.http
      .post('/api/containers')
      .set(auth(first))
      .send({ title: 'Shared', slug: 'shared', published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] });
    const content = await first.http
      .post('/api/contents')
      .set(auth(first))
      .send({ containerId: container.body.id, title: 'Page', slug: 'page', published: true, fields: { text: 'before' } });
    expect((await second.http.get('/api/pages?path=/shared/page')).body.content.fields.text).toBe('before');
    await first.http
      .put(`/api/contents/${content.body.id}`)
      .set(auth(first))
      .send({ fields: { text: 'after' } });
    let text = '';
    for (let i = 0; i < 50 && text !== 'after'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      text = (await second.http.get('/api/pages?path=/shared/page')).body.content.fields.text;
    }
    expect(text).toBe('after');
  });
});
