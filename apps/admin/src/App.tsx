import { INITIALIZING_TEXT, NOT_FOUND_PATH, SIGN_IN_PATH } from '@cms/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider, useAuth } from './auth/AuthContext';
import { RequireBackOfficeAccess } from './auth/RequireBackOfficeAccess';
import { CenteredSpinner } from './components/CenteredSpinner';
import { NotFoundPage } from './not-found/NotFoundPage';
import { queryClient } from './query-client';
import { SignInPage } from './sign-in/SignInPage';
import { theme } from './theme';

// react-admin and the resource screens are the heavy part: the sign-in screen does not wait for them.
const AdminApp = lazy(() => import('./AdminApp'));

function AppRoutes() {
  const { status } = useAuth();
  if (status === 'initializing') return <CenteredSpinner text={INITIALIZING_TEXT} />;
  return (
    <Routes>
      <Route path={SIGN_IN_PATH} element={<SignInPage />} />
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route
        path="/admin/*"
        element={
          <RequireBackOfficeAccess>
            <Suspense fallback={<CenteredSpinner text="Loading..." />}>
              <AdminApp />
            </Suspense>
          </RequireBackOfficeAccess>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* Plain (non-transition) navigations keep a sign-out's route change and token change in step. */}
        <BrowserRouter useTransitions={false}>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
