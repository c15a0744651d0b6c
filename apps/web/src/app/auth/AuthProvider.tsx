import type { TCurrentUser } from '@academy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { onSessionEnded } from './api-auth';
import { type SignInFailure, signInFailure } from './failure';
import { getUserManager, signInRedirect, signOutAtProvider } from './oidc';
import { lendTokenToPages } from './page-cookie';
import {
  hasStoredSession,
  keepCurrentUser,
  keptCurrentUser,
  removeStoredSession,
  sessionIdOf,
} from './stored-session';

export type AuthStatus = 'loading' | 'anonymous' | 'signedIn';

export interface AuthState {
  status: AuthStatus;
  user: TCurrentUser | undefined;
  isAdmin: boolean;
  /** Starts the provider's sign-in, coming back to `returnTo` (default: the current page). */
  signIn: (returnTo?: string) => Promise<void>;
  /** Why the last attempt to start sign-in failed (the provider could not be reached). */
  signInFailure: SignInFailure | undefined;
  signOut: () => Promise<void>;
  /** Called by the sign-in callback once the tokens are stored. */
  markSignedIn: () => void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);
export const CURRENT_USER_KEY = ['users', 'info'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Known at once from this browser's storage (stored-session.ts): a signed-in page is drawn as
  // such from its first render and its requests carry the token from the start.
  const [hasToken, setHasToken] = useState(hasStoredSession);
  const [failure, setFailure] = useState<SignInFailure>();
  // Signing out: the page is about to leave for the provider's logout; pages behind RequireAuth
  // must not start a sign-in meanwhile (it raced the logout redirect and won).
  const [leaving, setLeaving] = useState(false);

  const dropToken = useCallback(() => {
    removeStoredSession();
    lendTokenToPages(null);
    queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    setHasToken(false);
  }, [queryClient]);

  // A 401 or a refused renewal drops the token; pages behind RequireAuth then start sign-in
  // again and come back to the page the user was on.
  useEffect(() => onSessionEnded(dropToken), [dropToken]);

  useEffect(() => {
    // Signed out (or in as someone else) in another tab: this tab follows at once.
    const onStorage = (event: StorageEvent) => {
      if (!event.key?.startsWith('oidc.user:') || event.newValue !== null) return;
      queryClient.clear();
      setHasToken(false);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const me = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      const user = await api<TCurrentUser>('users/info');
      keepCurrentUser(user);
      return user;
    },
    enabled: hasToken,
    // The user kept from the last visit draws the page at once; it is asked again on mount.
    initialData: keptCurrentUser,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });

  useEffect(() => {
    if (me.isError) dropToken();
  }, [me.isError, dropToken]);

  const signIn = useCallback(async (returnTo?: string) => {
    const target = returnTo ?? window.location.pathname + window.location.search;
    setFailure(undefined);
    try {
      await signInRedirect(target);
    } catch (error) {
      // Discovery or the settings did not load: say so instead of an endless spinner.
      const found = signInFailure(error);
      setFailure(found.kind === 'provider' ? found : { kind: 'unreachable', detail: found.kind });
    }
  }, []);

  const signOut = useCallback(async () => {
    setLeaving(true);
    const manager = await getUserManager();
    const user = await manager.getUser();
    if (user) {
      // End this sign-in session on the server (its refresh token with it), and revoke the refresh
      // token at the provider (for an external provider, which has no session of ours).
      const sid = sessionIdOf(user.access_token);
      if (sid) await api(`users/sessions/${encodeURIComponent(sid)}`, { method: 'DELETE' }).catch(() => {});
      await manager.revokeTokens(['refresh_token']).catch(() => {});
    }
    // Removing the stored user signs out the other tabs too (their storage event).
    await manager.removeUser();
    removeStoredSession();
    lendTokenToPages(null);
    queryClient.clear();
    setHasToken(false);
    await signOutAtProvider(user?.id_token);
  }, [queryClient]);

  const markSignedIn = useCallback(() => {
    setHasToken(true);
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    let status: AuthStatus = 'loading';
    if (leaving) status = 'loading';
    else if (hasToken === false || me.isError) status = 'anonymous';
    else if (hasToken && me.data) status = 'signedIn';
    const user = status === 'signedIn' ? me.data : undefined;
    return {
      status,
      user,
      isAdmin: user?.role.codeName === 'ROLE_ADMIN',
      signIn,
      signInFailure: failure,
      signOut,
      markSignedIn,
    };
  }, [leaving, hasToken, me.data, me.isError, signIn, failure, signOut, markSignedIn]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const nothing = async () => {};

/**
 * The signed-in state of a page the server renders (render.tsx): the user users/info answered for
 * the request's token, or a visitor. Nothing here signs in or out: the browser's AuthProvider
 * takes over when the app starts.
 */
export function StaticAuthProvider({
  user,
  children,
}: {
  user: TCurrentUser | undefined;
  children: ReactNode;
}) {
  const value = useMemo<AuthState>(
    () => ({
      status: user ? 'signedIn' : 'anonymous',
      user,
      isAdmin: user?.role.codeName === 'ROLE_ADMIN',
      signIn: nothing,
      signInFailure: undefined,
      signOut: nothing,
      markSignedIn: () => {},
    }),
    [user],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/**
 * True when the page is drawn for a signed-in user: signed in, or a session stored in this browser
 * whose user users/info has not named yet (no user kept from an earlier visit: the first page
 * after signing in). The frame draws its signed-in parts (the academy menu, the header's user
 * button and bell) from the first render, so they do not push the page down or sideways when the
 * user arrives (issue 21, decision 190).
 */
export function drawnSignedIn(state: AuthState): boolean {
  return state.status !== 'anonymous';
}

/** True when a non-admin must change their temporary password before anything else (SPEC §2). */
export function mustChangePassword(state: AuthState): boolean {
  return state.status === 'signedIn' && state.user !== undefined && userMustChangePassword(state.user);
}

export function userMustChangePassword(user: TCurrentUser): boolean {
  return user.role.codeName !== 'ROLE_ADMIN' && user.activePassword === false;
}
