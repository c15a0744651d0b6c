import {
  type CourseActionPermission,
  type FunctionPermission,
  forbiddenMessage,
  type PermissionKey,
  type RoleCode,
} from '@academy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BEARER, forbidden, unauthorized } from './errors';
import type { ManagementScope } from './scope';

/**
 * Who may call a route. Every route under the API prefix declares one in `config.access`;
 * registering a route without it fails at start-up.
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true; allowTemporaryPassword?: boolean }
  /** Administrators only (the audit log): no permission key opens it. */
  | { admin: true; denied: string }
  | {
      permission: FunctionPermission;
      /** Action key that refines the permission, e.g. ADD_COURSE_MANAGEMENT. */
      action?: CourseActionPermission;
      /** Completes "You do not have permission to ...", e.g. "add news". */
      denied: string;
    };

/** The signed-in user as the guard sees them, loaded fresh from the database per request. */
export type Principal = {
  id: number;
  employeeCode: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  role: RoleCode;
  permissions: PermissionKey[];
  activePassword: boolean;
  access: 'ALLOWED' | 'STOPPED';
  /** Whose people and places their management rights reach (admins: everything). */
  scope: ManagementScope;
  /** The embedded provider's sign-in session the access token belongs to. */
  sessionId?: string;
};

/** Turns a bearer token into a principal, or null when the token is not valid. */
export type PrincipalResolver = (token: string, request: FastifyRequest) => Promise<Principal | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route with its access rule, for the route-table test and the docs. */
    routeAccessTable: RouteAccessEntry[];
  }
}

export type RouteAccessEntry = { method: string; url: string; access: RouteAccess | undefined };

/** The signed-in user's id on a route that requires one (401 where the guard let nobody through). */
export function principalIdOf(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

export const API_PREFIX = '/services/core/api';

export function hasPermission(principal: Principal, key: PermissionKey): boolean {
  return principal.role === 'ROLE_ADMIN' || principal.permissions.includes(key);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** Enforces each route's declared access before its body is read. */
export function registerAccessGuard(app: FastifyInstance, resolvePrincipal: PrincipalResolver): void {
  app.decorateRequest('principal', null);
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith(`${API_PREFIX}/`) || route.url === API_PREFIX;
    if (route.url.startsWith(`${API_PREFIX}/docs`)) {
      route.config = { ...route.config, access: { public: true } };
    }
    if (isApi && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, access: route.config?.access });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (token) {
      request.principal = await resolvePrincipal(token, request);
      if (!request.principal && !('public' in access)) {
        reply.header('www-authenticate', `${BEARER}, error="invalid_token"`);
        throw unauthorized();
      }
    }
    if ('public' in access) return;
    const principal = request.principal;
    if (!principal) throw unauthorized();
    if (principal.access === 'STOPPED') throw unauthorized('Your access has been stopped');
    const mustChangePassword = !principal.activePassword && principal.role !== 'ROLE_ADMIN';
    if ('signedIn' in access) {
      if (mustChangePassword && !access.allowTemporaryPassword) {
        throw forbidden('Please change your password before continuing');
      }
      return;
    }
    if (mustChangePassword) throw forbidden('Please change your password before continuing');
    if ('admin' in access) {
      if (principal.role !== 'ROLE_ADMIN') throw forbidden(forbiddenMessage(access.denied));
      return;
    }
    const allowed =
      hasPermission(principal, access.permission) &&
      (!access.action || hasPermission(principal, access.action));
    if (!allowed) throw forbidden(forbiddenMessage(access.denied));
  });
}
