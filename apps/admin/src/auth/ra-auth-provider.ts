import type { Me } from '@cms/contracts';
import { canAccessResource } from '@cms/rights';
import type { AuthProvider } from 'react-admin';
import { statusOf } from '../http/api-request';
import { tokenStore } from './token-store';

interface RaAuthProviderDeps {
  getMe(): Me | null;
  signOut(): void;
}

/**
 * react-admin's view of the app's own auth state (AuthContext). Sign-in and the /admin guard
 * live outside react-admin; this provider answers its questions and never navigates itself.
 */
export function createRaAuthProvider({ getMe, signOut }: RaAuthProviderDeps): AuthProvider {
  return {
    login: async () => undefined,
    // react-admin must not redirect to its own login page: signOut already goes to /sign-in.
    logout: async () => {
      signOut();
      return false;
    },
    checkAuth: async () => {
      if (!tokenStore.get()) throw { redirectTo: false, message: false };
    },
    checkError: async (error: unknown) => {
      // 401: the session is gone. The HTTP client has already signed out; tell react-admin not
      // to log out or notify again. A 403 stays an ordinary error, shown as a notification.
      if (statusOf(error) === 401) {
        signOut();
        throw { logoutUser: false, message: false };
      }
    },
    getIdentity: async () => {
      const me = getMe();
      if (!me) throw new Error('Not signed in');
      return { id: me.id, fullName: me.name };
    },
    getPermissions: async () => getMe()?.rights ?? [],
    canAccess: async ({ resource, action }) => canAccessResource(getMe(), resource, action),
  };
}
