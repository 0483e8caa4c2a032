/** §8 The texts users read: errors, warnings and successes, word for word. */

/** §8 "429: … on the first retry warn". */
export const RATE_LIMIT_WARNING =
  "Oops! It appears that you've reached the limit of allowed requests per second. As a result, the APP will respond at a slower speed for your subsequent requests.";

/** §8 "Fallback text: 'An unknown error has occurred, please try again or contact support by emailing us at {email}'". */
export function unknownErrorMessage(supportEmail: string): string {
  return `An unknown error has occurred, please try again or contact support by emailing us at ${supportEmail}`;
}

/** What a screen or list never loaded before the connection was lost says while offline (the app's own words). */
export const NOT_AVAILABLE_OFFLINE = Object.freeze({
  title: 'Not available offline',
  text: 'This was not opened before the connection was lost. It will load when you are back online.',
});

/** A change made offline that is kept on this device until the connection is back. */
export const QUEUED_OFFLINE =
  'You are offline. The change is saved on this device and will be sent when you are back online.';

/** §8 errors, keyed by where they appear. The billing texts (past due, payment updates, accounts without a
 * subscription) are shared/domain/billing.ts's, with the rules that use them. */
export const ERROR_MESSAGES = Object.freeze({
  conversationUnauthorized: "You're not authorized to perform this action",
  linkExpired: 'Link expired. Please log in.',
  resetLinkExpired: 'Your reset link has expired. Please try to resend it again.',
  importInvalidFile: 'Invalid file. The file must have the columns name and number.',
  importFailure: 'Import failure. Please try to import contacts once again',
  callerIdUnavailable:
    'Enhanced Caller ID could not be retrieved. This may occur when the caller has chosen to withhold their number or when the number is not registered in national caller ID databases.',
  callerIdLookupNotFound: 'No caller information was found for this number.',
  callUpdateFailed: 'Failed to update call',
  conversationsLoadTitle: 'Error loading conversations',
  conversationsLoadDetail: 'Please try again later.',
  removeOrgAdminFailed: 'Failed to remove Organization Admin',
  accountDeleteBlocked:
    'You cannot delete an account that has numbers added or has any activity on those numbers',
  smsSubmitFailedTitle: 'Error',
  consumerAccountExists: 'An account with these details already exists. Please sign in.',
  consumerNoAccount: 'No account was found for these details. Please sign up.',
});

/** §8 Success messages, word for word. */
export const SUCCESS_MESSAGES = Object.freeze({
  customDomainCreated: 'Custom domain configuration created successfully.',
  dataGroupCreated: 'Data group created successfully.',
  dataGroupUpdated: 'Data group updated successfully.',
  dataGroupDeleted: 'Data group deleted successfully.',
  settingsUpdated: 'Settings were successfully updated',
  settingsRestored: 'Settings were successfully restored',
  greetingAdded: 'Greeting added successfully.',
  greetingUpdated: 'Greeting updated successfully.',
  greetingDeleted: 'Greeting deleted successfully.',
  numberUpdated: 'The number has been updated',
  forwardingNumberAdded: 'The forwarding number has been added to the list of forwarding numbers',
  forwardingNumberUpdated: 'The forwarding number has been updated',
  numberLimitRequested: 'Your request to increase the number limit has been submitted.',
  bulkUpdateApplied: 'Bulk update has been successfully applied',
  favoriteAdded: 'Search has been successfully added to favorites',
  favoriteUpdated: 'Favorite search has been successfully updated',
  favoriteRemoved: 'Favorite search has been successfully removed',
  organizationUpdated: 'Organization was successfully updated',
  accountDeleted: 'Account was successfully deleted',
  passwordReset: 'Password changed successfully. You can now login with new password.',
  passwordChanged: 'Your password was successfully changed',
  userInfoUpdated: 'Successfully updated user info',
  invitationResent: 'Invitation was successfully resent',
  userAccountsUpdated: 'User accounts updated successfully',
  smsVerificationSubmitted: 'Your SMS Verification has been submitted successfully.',
  smsCampaignCancelRequested:
    'Your request to cancel this campaign has been received. It can take a few minutes to be processed.',
  numbersAddedToCampaign: 'Numbers have been successfully added to the campaign.',
  numbersRemovedFromCampaign: 'Numbers have been successfully removed from the campaign.',
  featureEnabled: 'Feature enabled successfully',
  featureDisabled: 'Feature disabled successfully',
  informationUpdated: 'Information updated successfully',
  tenantSettingsUpdated: 'Tenant settings updated successfully.',
  emailSenderVerificationStarted: 'Email sender verification process started.',
  marketplaceNumberUpdated: 'Marketplace number updated successfully.',
  reportGenerated: 'Report generated successfully.',
  ga4Created: 'GA4 integration created successfully',
  ga4Updated: 'GA4 integration updated successfully',
  ga4Deleted: 'GA4 integration deleted successfully',
  adfCreated: 'ADF XML integration created successfully',
  adfUpdated: 'ADF XML integration updated successfully',
  adfDeleted: 'ADF XML integration deleted successfully',
  adfDeactivated: 'ADF XML integration deactivated successfully',
  inAppCallingActive: 'You will receive notifications for incoming calls.',
  inAppCallingAway: 'You will not receive notifications for incoming calls.',
});
