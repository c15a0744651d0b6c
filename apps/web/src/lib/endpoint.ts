import { api, apiList, type Page, type Query, type RequestOptions } from './api';

type Method = NonNullable<RequestOptions['method']>;
type CallOptions = Omit<RequestOptions, 'method'>;

/** One API endpoint: its method, path and answer's type, declared once beside its feature's hooks. */
export interface Endpoint<P, R> {
  readonly method: Method;
  readonly path: (params: P) => string;
  readonly call: (params: P, options?: CallOptions) => Promise<R>;
}

/** A paged list endpoint: array body, total in x-total-count. */
export interface ListEndpoint<P, R> {
  readonly path: (params: P) => string;
  readonly call: (params: P, query?: Query) => Promise<Page<R>>;
}

function pathOf<P>(path: string | ((params: P) => string)): (params: P) => string {
  return typeof path === 'string' ? () => path : path;
}

/** `endpoint<TService[]>('GET', 'trademarks')`; a path with ids takes a function of the params. */
export function endpoint<R, P = void>(
  method: Method,
  path: string | ((params: P) => string),
): Endpoint<P, R> {
  const build = pathOf(path);
  return { method, path: build, call: (params, options) => api<R>(build(params), { ...options, method }) };
}

export function listEndpoint<R, P = void>(path: string | ((params: P) => string)): ListEndpoint<P, R> {
  const build = pathOf(path);
  return { path: build, call: (params, query) => apiList<R>(build(params), query) };
}
