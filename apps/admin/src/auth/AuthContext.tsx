import { ME_QUERY_KEY, type Me, SIGN_IN_PATH, type SignInRequest } from '@cms/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '../http/unauthorized';
import { LOCALE_STORE_KEY, store } from '../i18n/store';
import { fetchMe, isSessionRejected, postSignIn, postSignOut, shouldRetryProfile } from './auth-api';
import { languageToAdopt } from './own-language';
import { isBackOfficePath, rememberedRoute } from './remembered-route';
import { tokenStore } from './token-store';

/**
 * `initializing` lasts until the first profile call after load has settled (or at once when no
 * token is stored); `loading-profile` is a later profile load, e.g. after a token change.
 */
type AuthStatus = 'initializing' | 'loading-profile' | 'signed-in' | 'signed-out';

interface AuthContextValue {
  status: AuthStatus;
  me: Me | null;
  token: string | null;
  /** Stores the token and loads the profile; throws the API's error (401, 429...). */
  signIn(credentials: SignInRequest): Promise<Me>;
  /** Signs in with the token a second step of the sign-in answered (two-factor). */
  adoptToken(token: string): Promise<Me>;
  /** Discards the session everywhere and goes to /sign-in. */
  signOut(): void;
  /** True between a sign-out and the arrival on /sign-in: guards must not remember that route. */
  isSigningOut(): boolean;
  rememberRoute(path: string): void;
  rememberedRoute(): string | null;
  /** Goes to a path, with a full page load when the public site renders it. */
  goTo(path: string, options?: { replace?: boolean }): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const meQueryKey = [ME_QUERY_KEY] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const signingOut = useRef(false);

  const meQuery = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(token as string, signal),
    enabled: !!token,
    retry: shouldRetryProfile,
  });

  // A 403 (or 401) on the profile: the token is dead, drop it; the user is signed out.
  const profileRejected = !!token && meQuery.isError && isSessionRejected(meQuery.error);
  useEffect(() => {
    if (profileRejected) tokenStore.set(null);
  }, [profileRejected]);

  // The token changed elsewhere (another tab signed in as someone else): reload the profile.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    const hadToken = previousToken.current;
    previousToken.current = token;
    if (token && hadToken) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [token, queryClient]);

  // The remembered destination only lives while the current route is /sign-in. This runs as a
  // layout effect so that it always precedes the (passive) effect of a guard that remembers the
  // page it protects and then navigates to /sign-in.
  useLayoutEffect(() => {
    if (pathname !== SIGN_IN_PATH) rememberedRoute.clear();
    else signingOut.current = false;
  }, [pathname]);

  const goTo = useCallback(
    (path: string, options?: { replace?: boolean }) => {
      if (isBackOfficePath(path)) navigate(path, { replace: options?.replace });
      else if (options?.replace) window.location.replace(path);
      else window.location.assign(path);
    },
    [navigate],
  );

  const signOut = useCallback(() => {
    const current = tokenStore.get();
    if (signingOut.current && !current) return;
    // Already on /sign-in there is no route change to wait for (and none to end the flag).
    signingOut.current = window.location.pathname !== SIGN_IN_PATH;
    // The server-side session is deleted on a best-effort basis: a failure changes nothing here.
    if (current) void postSignOut(current).catch(() => undefined);
    tokenStore.set(null);
    queryClient.clear();
    navigate(SIGN_IN_PATH);
  }, [navigate, queryClient]);

  useEffect(() => {
    // The session died mid-work (a 401 on a data call): come back to this screen after signing in.
    setUnauthorizedHandler(() => {
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const alreadyOut = signingOut.current && !tokenStore.get();
      if (!alreadyOut && window.location.pathname !== SIGN_IN_PATH) rememberedRoute.set(here);
      signOut();
    });
    return () => setUnauthorizedHandler(null);
  }, [signOut]);

  const adoptToken = useCallback(
    async (newToken: string) => {
      signingOut.current = false;
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      tokenStore.set(newToken);
      try {
        return await queryClient.fetchQuery({
          queryKey: meQueryKey,
          queryFn: ({ signal }) => fetchMe(newToken, signal),
          retry: shouldRetryProfile,
        });
      } catch (error) {
        tokenStore.set(null);
        throw error;
      }
    },
    [queryClient],
  );

  const signIn = useCallback(async (credentials: SignInRequest) => adoptToken(await postSignIn(credentials)), [adoptToken]);

  const me = token ? (meQuery.data ?? null) : null;

  // Writing the store changes the interface language (react-admin's I18nContextProvider watches it).
  useEffect(() => {
    const language = languageToAdopt(me, store.getItem(LOCALE_STORE_KEY));
    if (language) store.setItem(LOCALE_STORE_KEY, language);
  }, [me]);

  let settled: Exclude<AuthStatus, 'initializing' | 'loading-profile'> | null;
  if (!token) settled = 'signed-out';
  else if (me) settled = 'signed-in';
  else if (meQuery.isError) settled = 'signed-out';
  else settled = null;
  const [initialized, setInitialized] = useState(settled !== null);
  useEffect(() => {
    if (settled !== null) setInitialized(true);
  }, [settled]);
  const status: AuthStatus = settled ?? (initialized ? 'loading-profile' : 'initializing');

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      me,
      token,
      signIn,
      adoptToken,
      signOut,
      isSigningOut: () => signingOut.current,
      rememberRoute: rememberedRoute.set,
      rememberedRoute: rememberedRoute.get,
      goTo,
    }),
    [status, me, token, signIn, adoptToken, signOut, goTo],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
