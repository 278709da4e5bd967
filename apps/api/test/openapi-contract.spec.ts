/**
 * A document clients can be generated from (issue 28): /api/docs-json describes every route of the
 * running app with every answer it gives, and the app answers nothing the document does not allow.
 * Routes are read from the document and the Nest router, never listed here, so a module added
 * later is checked as soon as it exists: its GETs are read with real ids, its writes are sent the
 * sample body below when there is one, else `{}` (whose 400 must be documented too).
 */
import { FormFieldType } from '@cms/contracts';
import { writeFileSync } from 'node:fs';
import { solidImage } from './support/media-fixtures';
import { operationsOf, validatorFor, type OpenApiDocument, type OpenApiOperation, type OpenApiSchema } from './support/openapi';
import { discoverRoutes } from './support/routes';
import { useTestApp } from './support/test-app';

jest.setTimeout(300_000);

/** `/api/things/:id` as the document writes it. */
const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

interface Answer {
  route: string;
  caller: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

describe('the OpenAPI document', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
  let doc: OpenApiDocument;
  /** Ids of records made below, by the path segment that names their resource. */
  const ids: Record<string, number | string> = {};

  beforeAll(async () => {
    doc = (await t.http.get('/api/docs-json')).body;
    const made = async (url: string, body: object) => (await t.ownerCreates<{ id: number }>(url, body)).id;
    ids.containers = await made('/api/containers', {
      title: 'Blog',
      slug: 'blog',
      published: true,
      drafts: true,
      fields: [
        { label: 'Body', name: 'body', type: 'STRING' },
        { label: 'Price', name: 'price', type: 'NUMBER' },
      ],
    });
    ids.contents = await made('/api/contents', {
      containerId: ids.containers,
      title: 'Hello',
      slug: 'hello',
      published: true,
      fields: { body: 'Hi', price: 3 },
    });
    await t.ownerUpdates(`/api/contents/${ids.contents}`, { fields: { body: 'Draft' } });
    ids.forms = await made('/api/forms', { title: 'Contact', fields: [{ name: 'name', type: FormFieldType.TEXT, label: 'Name' }] });
    const message = await t.http.post(`/api/forms/${ids.forms}/messages`).send({ values: { name: 'Ann' } });
    ids.messages = message.body.id ?? (await t.http.get('/api/messages').set('token', t.ownerToken)).body[0].id;
    ids.elements = await made('/api/elements', { title: 'Signup', block: 'form', formId: ids.forms, content: { title: 'Sign up' } });
    const upload = await t.http
      .post('/api/medias')
      .set('token', t.ownerToken)
      .attach('file', await solidImage('png'), 'pixel.png');
    ids.medias = upload.body.id;
    ids.uploads = upload.body.uri;
    ids['media-packs'] = await made('/api/media-packs', { name: 'Pack', mediaIds: [ids.medias] });
    ids.settings = await made('/api/settings', { name: 'accentColour', value: '#26D17D' });
    ids.configurators = await made('/api/configurators', { data: { steps: [{ title: 'Size', choices: ['S', 'M'] }] } });
    ids.redirects = await made('/api/redirects', { from: '/old-hello', to: '/blog/hello' });
    const user = await t.userWithRights([], 'Reader');
    ids.users = user.id;
    ids.roles = user.roleId;
    ids.slugs = (await t.http.get(`/api/contents/${ids.contents}`).set('token', t.ownerToken)).body.slugId;
    await t.http.post('/api/layout').set('token', t.ownerToken).send({});
  });

  const operations = () => operationsOf(doc);

  it('describes every route of the running app, and no other', () => {
    const routes = discoverRoutes(t.app).map((r) => {
      const [method, path] = r.route.split(' ');
      return `${method} ${documentPath(path)}`;
    });
    const documented = operations().map((o) => `${o.method} ${o.path}`);
    expect({ undocumented: routes.filter((r) => !documented.includes(r)), unknown: documented.filter((d) => !routes.includes(d)) }).toEqual({
      undocumented: [],
      unknown: [],
    });
  });

  it('gives every operation a success answer and its error answers, each error with the error body', () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((s) => /^[23]/.test(s))) problems.push(`${method} ${path}: no success answer`);
      if (!statuses.some((s) => s.startsWith('4'))) problems.push(`${method} ${path}: no error answer`);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        if (!operation.responses[status].content?.['application/json']?.schema) problems.push(`${method} ${path} ${status}: no error body`);
      }
      if (method === 'GET' && !operation.responses['304']) problems.push(`${method} ${path}: no 304`);
    }
    expect(problems).toEqual([]);
  });

  it('refers only to schemas it defines, and gives a shape to every body and property', () => {
    const problems: string[] = [];
    const refs = new Set<string>();
    const walk = (node: unknown, where: string, isSchema: boolean) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`, isSchema));
      if (node === null || typeof node !== 'object') return;
      const schema = node as OpenApiSchema;
      if (isSchema) {
        if (typeof schema.$ref === 'string') refs.add(schema.$ref);
        const shaped = schema.$ref || schema.type || schema.oneOf || schema.anyOf || schema.allOf || schema.enum;
        if (!shaped) problems.push(`${where}: no shape`);
        if (
          schema.type === 'object' &&
          !schema.properties &&
          (!schema.additionalProperties || schema.additionalProperties === true) &&
          !schema.allOf &&
          !schema.oneOf
        )
          problems.push(`${where}: an object of anything`);
      }
      for (const [key, value] of Object.entries(schema)) {
        if (key === 'example' || key === 'examples') continue;
        const childIsSchema =
          key === 'schema' ||
          key === 'items' ||
          key === 'additionalProperties' ||
          key === 'not' ||
          ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && isSchema);
        if (key === 'properties' && isSchema) for (const [name, s] of Object.entries(value as object)) walk(s, `${where}.${name}`, true);
        else walk(value, `${where}.${key}`, childIsSchema || (isSchema && Array.isArray(value) && ['oneOf', 'anyOf', 'allOf'].includes(key)));
      }
    };
    walk(doc.paths, 'paths', false);
    // JsonValue is the one schema of any JSON (schemas.ts): its lists and objects hold anything.
    for (const [name, schema] of Object.entries(doc.components.schemas)) if (name !== 'JsonValue') walk(schema, name, true);
    const missing = [...refs].filter((ref) => !doc.components.schemas[ref.replace('#/components/schemas/', '')]);
    expect({ missing, problems }).toEqual({ missing: [], problems: [] });
  });

  it('answers every route, signed in and not, only with statuses, headers and bodies it documents', async () => {
    const validate = validatorFor(doc);
    const answers: Answer[] = [];
    const server = t.app.getHttpAdapter().getInstance();
    const urlOf = async (path: string, operation: OpenApiOperation) => {
      let url = path;
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
        url = url.replace(`{${name}}`, encodeURIComponent(String(await paramValue(path, name))));
      const query = new URLSearchParams();
      for (const p of operation.parameters ?? [])
        if (p.in === 'query' && p.required) query.set(p.name, String(queryValue(p.name, p.example ?? p.schema?.example)));
      return query.size ? `${url}?${query}` : url;
    };
    const paramValue = async (path: string, name: string): Promise<number | string> => {
      const segments = path.split('/');
      const owner = segments[segments.indexOf(`{${name}}`) - 1];
      if (name === 'resource') return 'contents';
      if (name === 'name') return 'accentColour';
      if (name === 'versionId') {
        const versions = await t.http.get(path.slice(0, path.indexOf('/{versionId}')).replace('{id}', String(ids[segments[2]]))).set('token', t.ownerToken);
        return versions.body[0]?.id ?? 999999;
      }
      if (ids[owner] !== undefined) return ids[owner];
      // A resource this test does not make (a later module's): its first record, if any.
      const list = await t.http.get(`/api/${owner}`).set('token', t.ownerToken);
      return Array.isArray(list.body) && list.body[0]?.id !== undefined ? list.body[0].id : 999999;
    };
    const queryValue = (name: string, example: unknown) => {
      const known: Record<string, unknown> = { path: '/blog/hello', formId: ids.forms, contentIds: ids.contents };
      return known[name] ?? example ?? '1';
    };
    const call = async (route: string, method: string, url: string, token: string | undefined, caller: string, extra: Record<string, string> = {}) => {
      const sample = SAMPLE_BODIES[route]?.(ids);
      const res = await server.inject({
        method: method as 'GET',
        url,
        headers: { ...(token ? { token } : {}), ...extra, ...(sample?.type ? { 'content-type': sample.type } : {}) },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: sample ? sample.payload : {} }),
      });
      let body: unknown = res.body;
      try {
        body = res.body === '' ? undefined : JSON.parse(res.body);
      } catch {
        /* not JSON: a file, a CSV */
      }
      const answer = { route, caller, status: res.statusCode, headers: res.headers as Answer['headers'], body, text: res.body };
      answers.push(answer);
      return answer;
    };

    // Reads first, then writes, deletes last (children before their parents), signing out at the very end.
    const order = (method: string, path: string) =>
      path === '/api/auth/signout' ? 99 : method === 'GET' ? 0 : method === 'PUT' ? 1 : method === 'POST' ? 2 : 3 + DELETE_ORDER.indexOf(path.split('/')[2]);
    const sorted = operations().sort((a, b) => order(a.method, a.path) - order(b.method, b.path));
    for (const { method, path, operation } of sorted) {
      const route = `${method} ${path}`;
      const url = await urlOf(path, operation);
      if (method === 'GET') {
        const first = await call(route, method, url, t.ownerToken, 'owner');
        if (typeof first.headers.etag === 'string')
          await call(route, method, url, t.ownerToken, 'owner, If-None-Match', { 'if-none-match': first.headers.etag });
      }
      await call(route, method, url, undefined, 'anonymous');
      if (method !== 'GET') await call(route, method, url, t.ownerToken, 'owner');
    }

    const problems: string[] = [];
    for (const answer of answers) {
      const [method, path] = answer.route.split(' ');
      const operation = doc.paths[path][method.toLowerCase()];
      const where = `${answer.route} as ${answer.caller}: ${answer.status}`;
      const documented = operation.responses[String(answer.status)] ?? operation.responses.default;
      if (!documented) {
        problems.push(`${where} is not documented ${answer.text.slice(0, 160)}`);
        continue;
      }
      if (answer.status >= 500) problems.push(`${where} ${answer.text.slice(0, 160)}`);
      const json = documented.content?.['application/json']?.schema;
      const type = String(answer.headers['content-type'] ?? '');
      if (json && type.startsWith('application/json')) {
        const check = validate(json);
        if (!check(answer.body)) {
          problems.push(`${where} ${JSON.stringify(check.errors?.slice(0, 3).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`))}`);
        }
      } else if (!json && type.startsWith('application/json') && answer.text !== '') {
        problems.push(`${where} answers JSON the document does not describe`);
      } else if (documented.content && !Object.keys(documented.content).some((t) => t === '*/*' || type.startsWith(t.split(';')[0]))) {
        problems.push(`${where} answers ${type}, documented ${Object.keys(documented.content)}`);
      }
      for (const header of ['content-range', 'etag']) {
        if (answer.headers[header] !== undefined && answer.status < 300 && !Object.keys(documented.headers ?? {}).some((h) => h.toLowerCase() === header)) {
          problems.push(`${where} sends ${header} undocumented`);
        }
      }
    }
    if (process.env.CONTRACT_ANSWERS) writeFileSync(process.env.CONTRACT_ANSWERS, answers.map((a) => `${a.route} ${a.caller} ${a.status}`).join('\n'));
    expect(problems).toEqual([]);
    // Every operation was called (each GET also with If-None-Match) and got a documented answer.
    expect(new Set(answers.map((a) => a.route)).size).toBe(operations().length);
    // Each sample body still makes a write succeed, so that its success answer was checked too.
    const refused = Object.keys(SAMPLE_BODIES).filter((route) => !answers.some((a) => a.route === route && a.caller === 'owner' && a.status < 300));
    expect(refused).toEqual([]);
    expect(answers.some((a) => a.status === 304)).toBe(true);
  });
});

/** Parents after their children: a delete of something still used is a (documented) 409. */
const DELETE_ORDER = [
  'presence',
  'messages',
  'media-packs',
  'elements',
  'contents',
  'containers',
  'forms',
  'medias',
  'settings',
  'redirects',
  'configurators',
  'users',
  'roles',
];

type Ids = Record<string, number | string>;
/** A body each write would take from a back office, so that its success answer is checked too; other writes get `{}`. */
const SAMPLE_BODIES: Record<string, (ids: Ids) => { payload: object | string; type?: string }> = {
  'POST /api/auth/signin': () => ({ payload: { email: 'owner@test.local', password: 'owner-password-1' } }),
  'POST /api/containers': () => ({ payload: { title: 'News', slug: 'news', fields: [{ label: 'Body', name: 'body', type: 'STRING' }] } }),
  'PUT /api/containers/{id}': () => ({ payload: { title: 'Blog!' } }),
  'POST /api/contents': (ids) => ({ payload: { containerId: ids.containers, title: 'Second', slug: 'second', fields: { body: 'Two' } } }),
  'PUT /api/contents/{id}': () => ({ payload: { title: 'Hello!', fields: { body: 'Hi!' } } }),
  'POST /api/contents/bulk-actions': (ids) => ({ payload: { action: 'status', ids: [ids.contents], status: 'DISCONTINUED' } }),
  'POST /api/elements': () => ({ payload: { title: 'Text', block: 'richtext', content: { html: '<p>Hi</p>' } } }),
  'PUT /api/elements/{id}': () => ({ payload: { title: 'Signup!' } }),
  'POST /api/forms': () => ({ payload: { title: 'Second form' } }),
  'PUT /api/forms/{id}': () => ({ payload: { title: 'Contact!' } }),
  'POST /api/forms/{id}/messages': () => ({ payload: { values: { name: 'Bob' } } }),
  'PUT /api/messages/{id}': () => ({ payload: { read: true } }),
  'POST /api/roles': () => ({ payload: { id: 'writer', name: 'Writer', rights: ['VIEW_CONTENT'] } }),
  'PUT /api/roles/{id}': () => ({ payload: { name: 'Reader!' } }),
  'POST /api/users': (ids) => ({ payload: { name: 'Ann', email: 'ann@test.local', password: 'ann-password-1', roleId: ids.roles } }),
  'PUT /api/users/{id}': () => ({ payload: { name: 'Reader!' } }),
  'POST /api/settings': () => ({ payload: { name: 'siteName', value: { en: 'Site' } } }),
  'PUT /api/settings/{id}': () => ({ payload: { value: '#000000' } }),
  'PUT /api/settings/by-name/{name}': () => ({ payload: { value: '#111111' } }),
  'POST /api/configurators': () => ({ payload: { data: { steps: [] } } }),
  'PUT /api/configurators/{id}': () => ({ payload: { data: { steps: [] } } }),
  'POST /api/media-packs': (ids) => ({ payload: { name: 'Second pack', mediaIds: [ids.medias] } }),
  'PUT /api/media-packs/{id}': () => ({ payload: { name: 'Pack!' } }),
  'PUT /api/medias/{id}': () => ({ payload: { alt: { en: 'A pixel' } } }),
  'POST /api/redirects': () => ({ payload: { from: '/older', to: '/blog' } }),
  'PUT /api/redirects/{id}': () => ({ payload: { to: '/blog' } }),
  'POST /api/redirects/import': () => ({ payload: 'from,to,status\n/oldest,/blog,301\n', type: 'text/csv' }),
  'POST /api/layout': () => ({ payload: { sections: [] } }),
  'PUT /api/presence/{resource}/{id}': () => ({ payload: {} }),
};
