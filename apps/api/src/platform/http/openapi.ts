import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccessEntry } from './access';
import { API_PREFIX } from './access';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  [key: string]: unknown;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const ERROR_BODY = {
  type: 'object',
  required: ['status', 'error', 'message'],
  properties: {
    status: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    fieldErrors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const ERROR_RESPONSE = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** getUsersById for GET /services/core/api/users/{id}: unique, stable, readable. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .slice(API_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
}

/** The route's declared access, found by the OpenAPI path ({id} is :id there). */
function accessOf(routes: RouteAccessEntry[], method: string, path: string): RouteAccessEntry['access'] {
  const url = path.replace(/\{([^}]+)\}/g, ':$1');
  return routes.find((r) => r.method === method.toUpperCase() && r.url === url)?.access;
}

/**
 * Tidies the document @fastify/swagger builds so that it describes the API and only the API
 * (issue 23): routes outside /services/core/api (the sign-in provider, files, pages) are left
 * out; every operation gets an operationId, public ones no security, list answers their
 * x-total-count header, downloads a binary body, multipart uploads their form, guarded ones their
 * 401/403 error bodies.
 */
export function tidyOpenApi(document: Json, routes: RouteAccessEntry[], uploads: Set<string>): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const kept: Record<string, Record<string, Operation>> = {};
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${API_PREFIX}/docs`)) continue;
    for (const method of Object.keys(operations)) {
      if (!METHODS.includes(method)) delete operations[method];
    }
    for (const [method, operation] of Object.entries(operations)) {
      tidyOperation(method, path, operation, routes, uploads);
    }
    kept[path] = operations;
  }
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    info: {
      ...(document.info as Json),
      description: 'The Academy API. Lists answer the total in the `x-total-count` header.',
      license: { name: 'Proprietary' },
    },
    paths: kept,
    components: {
      ...components,
      schemas: { ...((components.schemas as Json) ?? {}), ApiError: ERROR_BODY },
    },
  };
}

function tidyOperation(
  method: string,
  path: string,
  operation: Operation,
  routes: RouteAccessEntry[],
  uploads: Set<string>,
): void {
  operation.operationId ??= operationIdOf(method, path);
  const access = accessOf(routes, method, path);
  if (access && 'public' in access) operation.security = [];
  operation.responses ??= {};
  const responses = operation.responses;
  const ok = Object.keys(responses).find((status) => status.startsWith('2'));
  if (!ok) {
    // A file: its body bypasses the response schemas.
    responses['200'] = {
      description: 'The file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const success = responses[ok ?? '200'];
  const schema = (success?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']
    ?.schema;
  if (method === 'get' && success && schema?.type === 'array') {
    success.headers = {
      'x-total-count': { description: 'How many items match, over every page', schema: { type: 'integer' } },
    };
  }
  if (uploads.has(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`)) {
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: 'The form: the file field `file` (or the fields the summary names) and text fields',
            additionalProperties: true,
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    };
  }
  if (access && !('public' in access)) {
    responses['401'] ??= ERROR_RESPONSE('No valid access token');
    if (!('signedIn' in access)) responses['403'] ??= ERROR_RESPONSE('The token’s user lacks the right');
  }
  if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
    responses['400'] = ERROR_RESPONSE('The request is not valid');
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The two hooks @fastify/swagger takes: per route, zod schemas to JSON Schema (noting which
 * routes read a multipart form in their handler: their schema says only `consumes`); for the
 * whole document, `tidyOpenApi`.
 */
export function openApiTransforms(
  app: FastifyInstance,
): Pick<FastifyDynamicSwaggerOptions, 'transform' | 'transformObject'> {
  const uploads = new Set<string>();
  const transform = (input: TransformInput) => {
    const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    if (consumes.includes('multipart/form-data')) {
      for (const method of [input.route.method].flat()) uploads.add(`${method} ${input.url}`);
    }
    return jsonSchemaTransform(input);
  };
  return {
    transform,
    // The OpenAPI types of @fastify/swagger and of our tidying differ only in strictness.
    transformObject: (input) =>
      tidyOpenApi(
        ('openapiObject' in input ? input.openapiObject : {}) as Json,
        app.routeAccessTable,
        uploads,
      ) as never,
  };
}
