/**
 * Why signing in did not complete, from what oidc-client-ts or the API threw. Each kind has a page
 * that says what happened and what to do (AuthFailure.tsx); none of them starts sign-in again by
 * itself, so a refusal can never turn into a redirect loop.
 */
export type SignInFailure =
  /** The provider answered the authorization request with an error (`?error=…`). */
  | { kind: 'provider'; detail: string }
  /** The answer does not belong to a sign-in started in this browser (state unknown or reused). */
  | { kind: 'state' }
  /** The ID token does not carry the nonce this sign-in sent. */
  | { kind: 'nonce' }
  /** The provider could not be reached (discovery, token endpoint). */
  | { kind: 'unreachable'; detail: string }
  /** The academy refused the signed-in account (unknown, stopped, linked elsewhere): its message. */
  | { kind: 'refused'; detail: string }
  | { kind: 'other'; detail: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function signInFailure(error: unknown): SignInFailure {
  const e = (error ?? {}) as {
    error?: unknown;
    error_description?: unknown;
    message?: unknown;
    status?: unknown;
  };
  const message = text(e.message);
  // oidc-client-ts's ErrorResponse: the provider's `error` and `error_description`.
  if (typeof e.error === 'string' && e.error) {
    return { kind: 'provider', detail: [e.error, text(e.error_description)].filter(Boolean).join(': ') };
  }
  if (/no matching state|state.*(mismatch|not found)/i.test(message)) return { kind: 'state' };
  if (/nonce/i.test(message)) return { kind: 'nonce' };
  if (e.status === 401 || e.status === 403) return { kind: 'refused', detail: message };
  if (error instanceof TypeError || /failed to fetch|network|networkerror|load failed/i.test(message)) {
    return { kind: 'unreachable', detail: message };
  }
  return { kind: 'other', detail: message };
}

/** A random nonce for the authorization request (checked against the ID token by oidc-client-ts). */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
