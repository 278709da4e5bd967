import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_RULE, type AccessRule } from '../../src/common/auth/access.decorators';

export interface DiscoveredRoute {
  route: string;
  rule: AccessRule | undefined;
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every handler of every controller of the running app, as "METHOD /api/path", with its access rule. */
export function discoverRoutes(app: INestApplication, prefix = 'api'): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '';
      const classRule = Reflect.getMetadata(ACCESS_RULE, controller) as AccessRule | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        for (const b of [base].flat()) {
          for (const p of [path].flat()) {
            routes.push({
              route: `${RequestMethod[method]} ${join(prefix, b, p)}`,
              rule: (Reflect.getMetadata(ACCESS_RULE, handler) as AccessRule | undefined) ?? classRule,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** How the rights table writes a rule. */
export function describeRule(rule: AccessRule | undefined): string {
  if (!rule) return 'NONE';
  switch (rule.kind) {
    case 'public':
      return 'public';
    case 'signed-in':
      return rule.sessionOnly ? 'signed-in session-only' : 'signed-in';
    case 'super-admin':
      return 'super-admin';
    case 'rights':
      return `${rule.resource}.${rule.action}${rule.sessionOnly ? ' session-only' : ''}`;
  }
}
