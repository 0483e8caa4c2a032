/**
 * The number templates screens, for the router: one chunk loaded on demand (the list and one template), through one
 * dynamic import. `ApplyTemplateDialog` is exported from its own file for the Numbers screen's bulk action.
 */
export { TemplatePage } from './TemplatePage';
export { TemplatesPage } from './TemplatesPage';
