/** JSON calls to the API as one signed-in user. `status` 0 means no answer (the connection broke). */

export const API = '/services/core/api';

export type Answer<T = unknown> = { status: number; body: T; text: string };

export function apiAs(base: string, token: string) {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const form = body instanceof FormData;
    try {
      const res = await fetch(`${base}${API}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as T, text };
    } catch (err) {
      return { status: 0, body: null as T, text: String(err) };
    }
  };
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = unknown>(path: string, body?: unknown) => call<T>('PUT', path, body),
  };
}

export type ApiAs = ReturnType<typeof apiAs>;

/** The body, after checking the status (a setup step that must work). */
export function expectOk<T>(answer: Answer<T>, status = 200): T {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}
