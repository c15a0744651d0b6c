import { describe, expect, it } from 'vitest';
import { randomNonce, signInFailure } from './failure';

describe('why signing in did not complete', () => {
  it('a provider error names the provider’s error and description', () => {
    const error = Object.assign(new Error('access_denied'), {
      error: 'access_denied',
      error_description: 'The user said no',
    });
    expect(signInFailure(error)).toEqual({ kind: 'provider', detail: 'access_denied: The user said no' });
  });

  it('an answer with an unknown or reused state is a state mismatch', () => {
    expect(signInFailure(new Error('No matching state found in storage'))).toEqual({ kind: 'state' });
  });

  it('an ID token with another nonce is a nonce mismatch', () => {
    expect(signInFailure(new Error('nonce in id_token does not match nonce in client storage'))).toEqual({
      kind: 'nonce',
    });
  });

  it('the academy refusing the account keeps the API’s message', () => {
    const refused = Object.assign(new Error('Your access has been stopped'), { status: 401 });
    expect(signInFailure(refused)).toEqual({ kind: 'refused', detail: 'Your access has been stopped' });
  });

  it('a provider that cannot be reached is told apart', () => {
    expect(signInFailure(new TypeError('Failed to fetch')).kind).toBe('unreachable');
  });

  it('makes a different nonce each time', () => {
    expect(randomNonce()).toMatch(/^[0-9a-f]{48}$/);
    expect(randomNonce()).not.toBe(randomNonce());
  });
});
