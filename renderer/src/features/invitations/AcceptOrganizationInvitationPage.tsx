/**
 * Where an invitation to administer an organization lands (`/accept-organization-invitation?token=…`, mailed by
 * server/src/modules/businessUnits/invitations.ts). Accepted, the person administers every company of the
 * organization; its admins are managed on the Users screen of any of them (OrganizationAdminsPanel), so that is
 * where "Go to <organization>" opens, in the first of its companies.
 */
import type { User } from '@shared/api/auth';
import { BUSINESS_UNIT_ENDPOINTS, type Organization } from '@shared/api/businessUnits';
import { AcceptInvitationPage, type InvitationKind } from './AcceptInvitationPage';

export function organizationAccepted(organization: Organization, user: User) {
  const company = user.companies.find((c) => c.organization_id === organization.id);
  const message = `You are now an admin of ${organization.name}.`;
  if (!company)
    return {
      message: `${message} It has no companies yet: its companies will be listed with yours once it has some.`,
      destination: { label: 'Continue to Switchboard', to: '/' },
    };
  return {
    message,
    destination: { label: `Go to ${organization.name}`, to: '/users', companyId: company.id },
  };
}

const ORGANIZATION_INVITATION: InvitationKind<typeof BUSINESS_UNIT_ENDPOINTS.acceptInvitation> = {
  endpoint: BUSINESS_UNIT_ENDPOINTS.acceptInvitation,
  title: 'Invitation to administer an organization',
  offer:
    'Accepting makes you an admin of the organization this invitation is for: you will administer its companies and manage its admins.',
  accepted: organizationAccepted,
};

export function AcceptOrganizationInvitationPage() {
  return <AcceptInvitationPage kind={ORGANIZATION_INVITATION} />;
}
