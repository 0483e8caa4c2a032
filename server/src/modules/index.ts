/**
 * Every API area's routes, in the order they are registered under the API prefix. A new module is a folder under
 * modules/ (routes.ts, service.ts, view.ts, tests beside them) and one line here; app.ts registers the list.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { exportRoutes } from './activity/exports';
import { activityRoutes } from './activity/routes';
import { alertRoutes } from './alerts/routes';
import { analyticsRoutes } from './analytics/routes';
import { apiKeyRoutes } from './apiKeys/routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { blockRoutes } from './blocks/routes';
import { businessUnitRoutes } from './businessUnits/routes';
import { callerIdRoutes } from './callerId/routes';
import { callRoutes } from './calls/routes';
import { campaignRoutes } from './campaigns/routes';
import { companyRoutes } from './companies/routes';
import { contactImportRoutes } from './contactImport/routes';
import { contactRoutes } from './contacts/routes';
import { conversationPresenceRoutes } from './conversations/presence/routes';
import { conversationRoutes } from './conversations/routes';
import { customFieldRoutes } from './customFields/routes';
import { dniBatchRoutes } from './dni/reports/routes';
import { dniRoutes } from './dni/routes';
import { dniScriptRoutes } from './dni/script/routes';
import { columnPresetRoutes, favoriteReportRoutes } from './favorites/routes';
import { greetingRoutes } from './greetings/routes';
import { groupRoutes } from './groups/routes';
import { inAppCallingRoutes } from './inAppCalling/routes';
import { inboundRoutes } from './inbound/routes';
import { labelRoutes } from './labels/routes';
import { marketplaceRoutes } from './marketplace/routes';
import { mediaRoutes } from './media/routes';
import { messagingRoutes } from './messaging/routes';
import { noteRoutes } from './notes/routes';
import { notificationRoutes } from './notifications/routes';
import { numberConfigRoutes } from './numbers/config/routes';
import { extensionSuggestionRoutes } from './numbers/extensionSuggestions/routes';
import { forwardContactRoutes } from './numbers/forwardContacts/routes';
import { numberLifecycleRoutes } from './numbers/lifecycle/routes';
import { numberPurchaseRoutes } from './numbers/purchase/routes';
import { numberRoutes } from './numbers/routes';
import { numberTableRoutes } from './numbers/table/routes';
import { numberTemplateRoutes } from './numbers/templates/routes';
import { portRoutes } from './ports/routes';
import { registrationRoutes } from './registration/routes';
import { sandboxRoutes } from './sandbox/routes';
import { savedReplyRoutes } from './savedReplies/routes';
import { tenantRoutes } from './tenant/routes';
import { userRoutes } from './users/routes';
import { ringingRoutes } from './voice/ringingRoutes';
import { voiceRoutes } from './voice/routes';
import { twilioVoiceRoutes } from './voice/twilio/routes';

export type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => void;

export const MODULE_ROUTES: readonly ModuleRoutes[] = [
  authRoutes,
  userRoutes,
  companyRoutes,
  tenantRoutes,
  sandboxRoutes,
  apiKeyRoutes,
  businessUnitRoutes,
  contactRoutes,
  contactImportRoutes,
  groupRoutes,
  labelRoutes,
  customFieldRoutes,
  noteRoutes,
  numberRoutes,
  numberConfigRoutes,
  numberPurchaseRoutes,
  forwardContactRoutes,
  extensionSuggestionRoutes,
  portRoutes,
  numberTemplateRoutes,
  marketplaceRoutes,
  numberLifecycleRoutes,
  numberTableRoutes,
  blockRoutes,
  conversationRoutes,
  conversationPresenceRoutes,
  messagingRoutes,
  mediaRoutes,
  activityRoutes,
  callRoutes,
  exportRoutes,
  analyticsRoutes,
  inboundRoutes,
  notificationRoutes,
  savedReplyRoutes,
  callerIdRoutes,
  inAppCallingRoutes,
  greetingRoutes,
  voiceRoutes,
  ringingRoutes,
  twilioVoiceRoutes,
  campaignRoutes,
  dniRoutes,
  dniBatchRoutes,
  dniScriptRoutes,
  alertRoutes,
  favoriteReportRoutes,
  columnPresetRoutes,
  registrationRoutes,
  billingRoutes,
];
