import { badRequest, XapiError } from './errors';

/**
 * A request to the LRS as its resources see it: after the Alternate Request Syntax (Communication
 * 1.3) is undone, a POST `?method=PUT` with a form body is the same as the PUT it stands for.
 */
export type LrsRequest = {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  params: Record<string, string>;
  headers: {
    authorization?: string;
    version?: string;
    contentType: string;
    ifMatch?: string;
    ifNoneMatch?: string;
    acceptLanguage?: string;
  };
  body: Buffer;
};

const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const;
/** Form fields the Alternate Request Syntax carries as headers. */
const HEADER_FIELDS: Record<string, keyof LrsRequest['headers'] | 'content-length'> = {
  authorization: 'authorization',
  'x-experience-api-version': 'version',
  'content-type': 'contentType',
  'content-length': 'content-length',
  'if-match': 'ifMatch',
  'if-none-match': 'ifNoneMatch',
};

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function fromHttp(input: {
  method: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
}): LrsRequest {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.query)) {
    if (Array.isArray(value)) throw badRequest(`parameter ${name} is given more than once`);
    if (value !== undefined) params[name] = value;
  }
  const h = input.headers;
  const request: LrsRequest = {
    method: input.method.toUpperCase() as LrsRequest['method'],
    params,
    headers: {
      authorization: single(h.authorization),
      version: single(h['x-experience-api-version']),
      contentType: single(h['content-type']) ?? '',
      ifMatch: single(h['if-match']),
      ifNoneMatch: single(h['if-none-match']),
      acceptLanguage: single(h['accept-language']),
    },
    body: input.body ?? Buffer.alloc(0),
  };
  if (params.method === undefined) return request;
  return alternate(request);
}

function alternate(request: LrsRequest): LrsRequest {
  if (request.method !== 'POST') throw badRequest('the Alternate Request Syntax must be sent as a POST');
  const method = request.params.method?.toUpperCase() ?? '';
  if (!(METHODS as readonly string[]).includes(method))
    throw badRequest(`method=${request.params.method} is not an HTTP method`);
  if (Object.keys(request.params).length > 1)
    throw badRequest('the Alternate Request Syntax takes only "method" in the query');
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.contentType)) {
    throw badRequest('the Alternate Request Syntax sends a form (application/x-www-form-urlencoded)');
  }
  const form = new URLSearchParams(request.body.toString('utf8'));
  const out: LrsRequest = {
    method: method as LrsRequest['method'],
    params: {},
    // Headers sent as headers still count; the form's fields stand in for them.
    headers: { ...request.headers, contentType: 'application/json' },
    body: Buffer.alloc(0),
  };
  let content: string | undefined;
  for (const [name, value] of form) {
    const header = HEADER_FIELDS[name.toLowerCase()];
    if (header === 'content-length') continue;
    if (header) out.headers[header] = value;
    else if (name === 'content') content = value;
    else if (out.params[name] !== undefined) throw badRequest(`parameter ${name} is given more than once`);
    else out.params[name] = value;
  }
  if ((method === 'PUT' || method === 'POST') && content === undefined) {
    throw badRequest('the Alternate Request Syntax sends the body in a form field named "content"');
  }
  out.body = Buffer.from(content ?? '', 'utf8');
  return out;
}

/** Supported xAPI versions in the X-Experience-API-Version header. */
export function checkVersion(version: string | undefined): void {
  if (version === undefined) throw badRequest('the X-Experience-API-Version header is required');
  if (!/^(1\.0(\.\d+)?|2\.0(\.\d+)?)$/.test(version.trim())) {
    throw badRequest(`X-Experience-API-Version ${version} is not supported (1.0.x, 2.0.x)`);
  }
}

export const notAllowed = (method: string): XapiError => new XapiError(405, `${method} is not allowed here`);
