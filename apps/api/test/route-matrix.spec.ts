import { RIGHT_TYPES, type RightType } from '@cms/contracts';
import { satisfiesRule } from '@cms/rights';
import { SessionsService } from '../src/auth/sessions.service';
import type { AccessRule } from '../src/common/auth/access.decorators';
import { Login } from '../src/users/login.entity';
import { User } from '../src/users/user.entity';
import { discoverRoutes, type DiscoveredRoute } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every route of the running app against every right type: the holder of that right alone and
 * the holder of every other right pass the guard exactly when the route's rule says so (a 400 or
 * 404 from the handler is a pass: the guard let it through), and anonymous callers get 401/403
 * everywhere but on public routes. The rules themselves are checked against libs/rights' table
 * by route-rights.spec.ts; this checks that the guard enforces them, over HTTP.
 */

/** Ids that exist nowhere: a handler the guard lets through answers 404 and changes nothing. */
const sample = (path: string) => path.replace(/:id\b/g, '999999').replace(':name', 'no-such-setting').replace(':file', 'no-such-file.png');

interface Caller {
  label: string;
  rights: readonly RightType[] | null;
  token?: string;
  /** For an "all but X" caller, X: it meets the routes whose rule names X (and one sample of the others). */
  without?: RightType;
}

/** The rights a route's rule names (none for public and signed-in routes). */
function namedRights(rule: AccessRule | undefined): readonly RightType[] {
  if (rule?.kind !== 'rights') return [];
  return 'all' in rule.rule ? rule.rule.all : rule.rule.any;
}

/**
 * Whether `caller` meets `route`: every caller but the "all but X" ones meets every route. An
 * "all but X" caller tells something only where the rule names X (it must then be refused an
 * `all` rule, and let through an `any` rule that names another right it holds); elsewhere it holds
 * every right the rule names, like the exact holder, so one such caller (the first) stands for them.
 */
function meets(route: DiscoveredRoute, caller: Caller, firstWithout: RightType): boolean {
  if (!caller.without) return true;
  return caller.without === firstWithout || namedRights(route.rule).includes(caller.without);
}

const CONCURRENCY = 8;
// About 7,000 requests: quick on an idle machine, but the test must not fail on a busy one.
jest.setTimeout(300_000);

async function inPool<T>(items: T[], run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Whether a signed-in caller holding `rights` (not super-admin) should get past the guard. */
function passes(rule: AccessRule | undefined, rights: readonly RightType[]): boolean {
  switch (rule?.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'rights':
      return satisfiesRule({ role: 'staff', rights }, rule.rule);
    default:
      return false;
  }
}

describe('route × right matrix', () => {
  let t: TestApp;
  let routes: DiscoveredRoute[];
  const callers: Caller[] = [];

  beforeAll(async () => {
    t = await createTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
    routes = discoverRoutes(t.app);
    const sets: { label: string; rights: RightType[]; without?: RightType }[] = [];
    for (const right of RIGHT_TYPES) {
      sets.push({ label: `only ${right}`, rights: [right] });
      sets.push({ label: `all but ${right}`, rights: RIGHT_TYPES.filter((r) => r !== right), without: right });
    }
    // The exact holder of a rule naming several rights (single-right rules are covered above).
    for (const { rule } of routes) {
      if (rule?.kind !== 'rights' || !('all' in rule.rule) || rule.rule.all.length < 2) continue;
      const label = `exactly ${rule.rule.all.join('+')}`;
      if (!sets.some((set) => set.label === label)) sets.push({ label, rights: [...rule.rule.all] });
    }
    // Roles are made through the API; the users behind them share the first one's password hash
    // and get their sessions from the sessions service, since 70 argon2 hashes and checks would
    // take a minute on a busy machine and prove nothing the auth tests do not.
    const first = await t.userWithRights(sets[0].rights);
    callers.push({ label: sets[0].label, rights: sets[0].rights, token: first.token });
    const hash = (await t.dataSource.getRepository(Login).findOneByOrFail({ userId: first.id })).password;
    const sessions = t.app.get(SessionsService);
    await inPool(sets.slice(1), async ({ label, rights, without }, index) => {
      const roleId = `matrix-${index}`;
      const role = await t.http
        .post('/api/roles')
        .set('token', t.ownerToken)
        .send({ id: roleId, name: `Matrix ${index}`, rights });
      if (role.status !== 201) throw new Error(`Role creation failed: ${JSON.stringify(role.body)}`);
      const user = await t.dataSource.getRepository(User).save({ name: label });
      const login = await t.dataSource.getRepository(Login).save({ userId: user.id, roleId, email: `matrix-${index}@test.local`, password: hash });
      callers.push({ label, rights, without, token: await sessions.create(login.id) });
    });
    callers.push({ label: 'anonymous', rights: null });
  });
  afterAll(() => t.close());

  it('lets through exactly the callers the rule of each route names, and no anonymous caller past a guarded route', async () => {
    const server = t.app.getHttpAdapter().getInstance();
    const wrong: string[] = [];
    let cells = 0;
    const check = async (route: DiscoveredRoute, caller: Caller) => {
      const [method, path] = route.route.split(' ');
      const res = await server.inject({
        method: method as 'GET',
        url: sample(path),
        headers: caller.token ? { token: caller.token } : {},
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      cells += 1;
      const denied = res.statusCode === 401 || res.statusCode === 403;
      if (caller.rights === null) {
        const expectDenied = route.rule?.kind !== 'public';
        if (denied !== expectDenied) wrong.push(`${route.route} anonymous: ${res.statusCode}`);
        return;
      }
      const expectPass = passes(route.rule, caller.rights);
      // A denial by the guard is a 403: a 401 would mean the session itself was refused.
      if (expectPass ? denied : res.statusCode !== 403) wrong.push(`${route.route} ${caller.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    // Signing out ends the caller's session: that route goes last, once everything else is done.
    const last = (route: DiscoveredRoute) => route.route === 'POST /api/auth/signout';
    const jobs = (selected: DiscoveredRoute[]) =>
      selected.flatMap((route) => callers.filter((caller) => meets(route, caller, RIGHT_TYPES[0])).map((caller) => ({ route, caller })));
    await inPool(jobs(routes.filter((r) => !last(r))), ({ route, caller }) => check(route, caller));
    await inPool(jobs(routes.filter(last)), ({ route, caller }) => check(route, caller));
    expect(wrong).toEqual([]);
    // Every route met each right type alone, "all but" each right its rule names (and one more), the exact multi-right holders, anonymous.
    expect(cells).toBe(jobs(routes).length);
    expect(cells).toBeGreaterThan(routes.length * (RIGHT_TYPES.length + 2));
    expect(callers.length).toBeGreaterThan(2 * RIGHT_TYPES.length);
  });
});
