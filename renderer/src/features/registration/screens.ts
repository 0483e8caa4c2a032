/** The text-messaging registration screens, for the router: one chunk loaded on demand. */
export { RegistrationPage } from './RegistrationPage';
export { RegistrationsPage } from './RegistrationsPage';
export { RegistrationWizard } from './RegistrationWizard';
