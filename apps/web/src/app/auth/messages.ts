import { i18next } from '../../lib/i18n';

/**
 * The sign-in failure pages' strings, merged into the English translation under `auth.failure`.
 * They live beside the pages until locales/en.json is free to take them (docs/decisions/0065).
 */
const failure = {
  title: 'Signing in did not complete',
  provider: 'The sign-in provider refused the sign-in: {{detail}}',
  providerHint: 'Try again. If it keeps happening, ask an administrator to check the sign-in settings.',
  state:
    'This sign-in answer does not belong to a sign-in started in this browser, or it was already used. Nothing was signed in.',
  stateHint: 'Start signing in again from this page.',
  nonce:
    'The sign-in provider’s answer does not match this sign-in (its nonce differs). Nothing was signed in.',
  nonceHint: 'Start signing in again. If it keeps happening, ask an administrator.',
  unreachable: 'The sign-in provider could not be reached.',
  unreachableHint: 'Check your connection and try again. If it keeps happening, tell an administrator.',
  refused: '{{detail}}',
  refusedHint: 'Sign out of the sign-in provider to use another account.',
  other: 'Something went wrong while signing in.',
  otherHint: 'Try again.',
  tryAgain: 'Sign in again',
  signOutProvider: 'Sign out of the provider',
  home: 'Go to the home page',
};

i18next.addResourceBundle('en', 'translation', { auth: { failure } }, true, false);
