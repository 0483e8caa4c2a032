/**
 * The campaign screens, for the router: one chunk loaded on demand through one dynamic import, so the list, a
 * campaign and the editor open without another download once any of them has, and the first page load carries a
 * single entry for them (its script is at its budget).
 */
export { CampaignEditorPage } from './CampaignEditorPage';
export { CampaignPage } from './CampaignPage';
export { CampaignsPage } from './CampaignsPage';
