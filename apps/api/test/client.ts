import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_PREFIX } from '../src/platform/http/access';
import { signIn } from './auth';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as one signed-in user (or anonymously with token undefined). */
export function apiClient(app: FastifyInstance, token: string | undefined) {
  const call = (
    method: Method,
    path: string,
    payload?: InjectOptions['payload'],
    extra: InjectOptions = {},
  ) =>
    app.inject({
      ...extra,
      method,
      url: `${API_PREFIX}/${path.replace(/^\//, '')}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(extra.headers ?? {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    token,
    get: (path: string, extra?: InjectOptions) => call('GET', path, undefined, extra),
    post: (path: string, payload?: InjectOptions['payload'], extra?: InjectOptions) =>
      call('POST', path, payload, extra),
    put: (path: string, payload?: InjectOptions['payload'], extra?: InjectOptions) =>
      call('PUT', path, payload, extra),
    patch: (path: string, payload?: InjectOptions['payload']) => call('PATCH', path, payload),
    delete: (path: string) => call('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Signs in through the real provider flow and returns a client for that user. */
export async function clientFor(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<ApiClient> {
  const { accessToken } = await signIn(app, username, password);
  return apiClient(app, accessToken);
}
