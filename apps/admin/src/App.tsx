import { NOT_FOUND_PATH, SIGN_IN_PATH } from '@cms/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { I18nContextProvider, StoreContextProvider, useTranslate } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { ACCEPT_INVITATION_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from './accounts/account-api';
import { AuthProvider, useAuth } from './auth/AuthContext';
import { RequireBackOfficeAccess } from './auth/RequireBackOfficeAccess';
import { CenteredSpinner } from './components/CenteredSpinner';
import { i18nProvider } from './i18n-provider';
import { store } from './i18n/store';
import { NotFoundPage } from './not-found/NotFoundPage';
import { queryClient } from './query-client';
import { SignInPage } from './sign-in/SignInPage';
import { theme } from './theme';

// react-admin and the resource screens are the heavy part: the sign-in screen does not wait for them.
const AdminApp = lazy(() => import('./AdminApp'));
// The accounts' screens for people who cannot sign in (yet) load when opened: few visits need them.
const ForgotPasswordPage = lazy(() => import('./accounts/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./accounts/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const AcceptInvitationPage = lazy(() => import('./accounts/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })));

function AppRoutes() {
  const { status } = useAuth();
  const translate = useTranslate();
  if (status === 'initializing') return <CenteredSpinner text={translate('cms.app.initializing')} />;
  return (
    <Routes>
      <Route path={SIGN_IN_PATH} element={<SignInPage />} />
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      {/* Screens for people who cannot sign in (yet): outside the guarded back office. */}
      {[
        [FORGOT_PASSWORD_PATH, <ForgotPasswordPage key="forgot" />],
        [RESET_PASSWORD_PATH, <ResetPasswordPage key="reset" />],
        [ACCEPT_INVITATION_PATH, <AcceptInvitationPage key="accept" />],
      ].map(([path, page]) => (
        <Route
          key={path as string}
          path={path as string}
          element={<Suspense fallback={<CenteredSpinner text={translate('cms.app.loading')} />}>{page}</Suspense>}
        />
      ))}
      <Route
        path="/admin/*"
        element={
          <RequireBackOfficeAccess>
            <Suspense fallback={<CenteredSpinner text={translate('cms.app.loading')} />}>
              <AdminApp />
            </Suspense>
          </RequireBackOfficeAccess>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * The shell inside the router: the providers that navigate (sign-in, sign-out) and the routes.
 * The router is a data router (createBrowserRouter) because react-admin can only warn before
 * leaving a form with unsaved changes (warnWhenUnsavedChanges) under one.
 */
function Shell() {
  return (
    <AuthProvider>
      {/* The sign-in and not-found pages speak the language of the back office, chosen in its user menu. */}
      <StoreContextProvider value={store}>
        <I18nContextProvider value={i18nProvider}>
          <AppRoutes />
        </I18nContextProvider>
      </StoreContextProvider>
    </AuthProvider>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* Plain (non-transition) navigations keep a sign-out's route change and token change in step. */}
        <RouterProvider router={router} useTransitions={false} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
