/** The routes. UI paths never start with /api, /app/ or /apps/ (ARCHITECTURE: those are the server's). */
import { createBrowserRouter, Navigate } from 'react-router';
import { onAfterLogout } from '../api';
import { ActivityPage } from '../features/activity/ActivityPage';
import { ApiKeysPage } from '../features/apiKeys/ApiKeysPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignInPage } from '../features/auth/SignInPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { ContactPage } from '../features/contacts/ContactPage';
import { ContactsPage } from '../features/contacts/ContactsPage';
import { CustomFieldsPage } from '../features/customFields/CustomFieldsPage';
import { GroupsPage } from '../features/groups/GroupsPage';
import { InboxPage } from '../features/inbox/InboxPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { AudioSettingsPage } from '../features/softphone/AudioSettingsPage';
import { DialerRoute } from '../features/softphone/DialerRoute';
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
      { path: 'inbox', element: <InboxPage /> },
      { path: 'inbox/new', element: <InboxPage /> },
      { path: 'inbox/:conversationId', element: <InboxPage /> },
      { path: 'activity', element: <ActivityPage /> },
      { path: 'contacts', element: <ContactsPage /> },
      { path: 'contacts/:contactId', element: <ContactPage /> },
      { path: 'groups', element: <GroupsPage /> },
      { path: 'custom-fields', element: <CustomFieldsPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'api-keys', element: <ApiKeysPage /> },
      { path: 'settings/audio', element: <AudioSettingsPage /> },
      { path: 'dialer', element: <DialerRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

onAfterLogout(() => void router.navigate('/sign-in?expired=1', { replace: true }));
