/** The routes. UI paths never start with /api, /app/ or /apps/ (ARCHITECTURE: those are the server's). */
import { createBrowserRouter, Navigate } from 'react-router';
import { onAfterLogout } from '../api';
import { ApiKeysPage } from '../features/apiKeys/ApiKeysPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignInPage } from '../features/auth/SignInPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { UsersPage } from '../features/users/UsersPage';
import { NotFoundPage } from '../ui/States';
import { RequireUser } from './RequireUser';

export const router = createBrowserRouter([
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    path: '/',
    element: <RequireUser />,
    children: [
      { index: true, element: <Navigate to="/profile" replace /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'api-keys', element: <ApiKeysPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

onAfterLogout(() => void router.navigate('/sign-in?expired=1', { replace: true }));
