import type { Me } from '@cms/contracts';
import Key from '@mui/icons-material/Key';
import Webhook from '@mui/icons-material/Webhook';
import { lazy, useMemo } from 'react';
import { Admin, CustomRoutes, Resource, useLocaleState, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import { LayoutScreen } from './layout-screen/LayoutScreen';
import { PagesScreen } from './pages/PagesScreen';
import { meQueryKey, useAuth } from './auth/AuthContext';
import { createRaAuthProvider } from './auth/ra-auth-provider';
import { Dashboard } from './dashboard/Dashboard';
import { createDataProvider } from './http/data-provider';
import type { ResourceWrites } from './http/resource-writes';
import { i18nProvider } from './i18n-provider';
import { withMuiLocale } from './i18n/mui-locale';
import { store } from './i18n/store';
import { AccessDenied } from './layout/AccessDenied';
import { adminTheme } from './layout/admin-theme';
import { BottomNotification } from './layout/BottomNotification';
import { Layout } from './layout/Layout';
import { NoSuchScreen } from './layout/NoSuchScreen';
import { menuContainersQueryKey } from './layout/TopBar';
import { queryClient } from './query-client';
import audit, { AUDIT_RESOURCE } from './audit';
import { TOKENS_RESOURCE } from './tokens/resource-name';
import containers from './containers';
import { containerWrites } from './containers/container-writes';
import { TranslationsScreen } from './translations/TranslationsScreen';
import contents from './contents';
import { contentWrites } from './contents/content-writes';
import elements from './elements';
import { elementWrites } from './elements/element-writes';
import forms from './forms';
import { formWrites } from './forms/form-writes';
import medias from './medias';
import { mediaWrites } from './medias/media-writes';
import messages from './messages';
import redirects, { REDIRECTS_RESOURCE } from './redirects';
import mediaPacks from './medias/packs';
import { MEDIA_PACKS_RESOURCE } from './medias/MediaList';
import roles from './roles';
import { roleWrites } from './roles/role-writes';
import { ROLES_RESOURCE } from './roles/resource-name';
import users from './users';
import { userWrites } from './users/user-writes';
import { WEBHOOKS_RESOURCE } from './webhooks/resource-name';
import { webhookWrites } from './webhooks/webhook-writes';

// Screens few people open (importing, webhooks, API tokens) load on demand, inside the layout's
// Suspense: the back office's first screen stays within its budget (blocks.e2e.ts).
const ImportScreen = lazy(() => import('./contents/import/ImportScreen').then((m) => ({ default: m.ImportScreen })));
const webhooks = {
  list: lazy(() => import('./webhooks').then((m) => ({ default: m.default.list }))),
  create: lazy(() => import('./webhooks').then((m) => ({ default: m.default.create }))),
  edit: lazy(() => import('./webhooks').then((m) => ({ default: m.default.edit }))),
  icon: Webhook,
  recordRepresentation: 'url',
};
const tokens = { list: lazy(() => import('./tokens').then((m) => ({ default: m.default.list }))), icon: Key };

/**
 * What each resource's writes send, declared in its own folder. A resource missing here (messages,
 * media packs) sends its records as read: the API takes back what it answered.
 */
const WRITES: Record<string, ResourceWrites> = {
  containers: containerWrites,
  contents: contentWrites,
  elements: elementWrites,
  forms: formWrites,
  medias: mediaWrites,
  [MEDIA_PACKS_RESOURCE]: { apiPath: 'media-packs' },
  users: userWrites,
  [ROLES_RESOURCE]: roleWrites,
  [WEBHOOKS_RESOURCE]: webhookWrites,
};

/** The react-admin back office, mounted under /admin by the root router. */
export default function AdminApp() {
  const { signOut } = useAuth();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useMemo(() => withMuiLocale(adminTheme, locale), [locale]);
  const dataProvider = useMemo(
    () =>
      createDataProvider(WRITES, {
        onCurrentUserMaybeChanged: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
        onContainersChanged: () => void queryClient.invalidateQueries({ queryKey: menuContainersQueryKey }),
      }),
    [],
  );
  const authProvider = useMemo(() => createRaAuthProvider({ getMe: () => queryClient.getQueryData<Me>(meQueryKey) ?? null, signOut }), [signOut]);

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
      catchAll={NoSuchScreen}
      loginPage={false}
      theme={theme}
      title={translate('cms.app.title')}
      disableTelemetry
    >
      <Resource name="containers" {...containers} />
      <Resource name="contents" {...contents} />
      <Resource name={REDIRECTS_RESOURCE} {...redirects} />
      <Resource name="elements" {...elements} />
      <Resource name="forms" {...forms} />
      <Resource name="messages" {...messages} />
      <Resource name="medias" {...medias} />
      <Resource name={MEDIA_PACKS_RESOURCE} {...mediaPacks} />
      <Resource name="users" {...users} />
      <CustomRoutes>
        <Route path="/layout" element={<LayoutScreen />} />
        <Route path="/pages" element={<PagesScreen />} />
        <Route path="/translations" element={<TranslationsScreen />} />
        <Route path="/contents/import" element={<ImportScreen />} />
      </CustomRoutes>
      <Resource name={ROLES_RESOURCE} {...roles} />
      <Resource name={AUDIT_RESOURCE} {...audit} />
      <Resource name={TOKENS_RESOURCE} {...tokens} />
      <Resource name={WEBHOOKS_RESOURCE} {...webhooks} />
    </Admin>
  );
}
