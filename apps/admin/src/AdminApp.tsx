import type { Me } from '@cms/contracts';
import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource, useLocaleState, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import { LayoutScreen } from './layout-screen/LayoutScreen';
import { meQueryKey, useAuth } from './auth/AuthContext';
import { createRaAuthProvider } from './auth/ra-auth-provider';
import { Dashboard } from './dashboard/Dashboard';
import { createDataProvider } from './http/data-provider';
import { i18nProvider } from './i18n-provider';
import { withMuiLocale } from './i18n/mui-locale';
import { store } from './i18n/store';
import { AccessDenied } from './layout/AccessDenied';
import { adminTheme } from './layout/admin-theme';
import { BottomNotification } from './layout/BottomNotification';
import { Layout } from './layout/Layout';
import { NotAvailable } from './layout/NotAvailable';
import { menuContainersQueryKey } from './layout/TopBar';
import { queryClient } from './query-client';
import containers from './containers';
import contents from './contents';
import elements from './elements';
import forms from './forms';
import medias from './medias';
import messages from './messages';
import mediaPacks from './medias/packs';
import { MEDIA_PACKS_RESOURCE } from './medias/MediaList';
import roles from './roles';
import { ROLES_RESOURCE } from './roles/resource-name';
import users from './users';

/** The react-admin back office, mounted under /admin by the root router. */
export default function AdminApp() {
  const { signOut } = useAuth();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useMemo(() => withMuiLocale(adminTheme, locale), [locale]);
  const dataProvider = useMemo(
    () =>
      createDataProvider({
        onCurrentUserMaybeChanged: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
        onContainersChanged: () => void queryClient.invalidateQueries({ queryKey: menuContainersQueryKey }),
      }),
    [],
  );
  const authProvider = useMemo(
    () => createRaAuthProvider({ getMe: () => queryClient.getQueryData<Me>(meQueryKey) ?? null, signOut }),
    [signOut],
  );

  return (
    <Admin
      basename="/admin"
      queryClient={queryClient}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      dashboard={Dashboard}
      notification={BottomNotification}
      accessDenied={AccessDenied}
      catchAll={NotAvailable}
      loginPage={false}
      theme={theme}
      title={translate('cms.app.title')}
      disableTelemetry
    >
      <Resource name="containers" {...containers} />
      <Resource name="contents" {...contents} />
      <Resource name="elements" {...elements} />
      <Resource name="forms" {...forms} />
      <Resource name="messages" {...messages} />
      <Resource name="medias" {...medias} />
      <Resource name={MEDIA_PACKS_RESOURCE} {...mediaPacks} />
      <Resource name="users" {...users} />
      <CustomRoutes>
        <Route path="/layout" element={<LayoutScreen />} />
      </CustomRoutes>
      <Resource name={ROLES_RESOURCE} {...roles} />
    </Admin>
  );
}
