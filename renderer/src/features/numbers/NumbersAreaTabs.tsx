/**
 * The numbers-and-routing area's own navigation: one main navigation entry (Numbers) leads to every screen that
 * configures numbers, so the main navigation stays short (app/AreaTabs.tsx draws it).
 */
import { type AreaTab, AreaTabs } from '../../app/AreaTabs';

export const NUMBERS_AREA_TABS: readonly AreaTab[] = [
  { label: 'Numbers', to: '/numbers', permission: 'numbers.view' },
  { label: 'Templates', to: '/numbers/templates', permission: 'numbers.view' },
  { label: 'Forwarding numbers', to: '/numbers/forwarding', permission: 'numbers.view' },
  { label: 'Schedule', to: '/schedule', permission: 'numbers.view' },
  { label: 'Greetings', to: '/greetings', permission: 'numbers.view' },
  { label: 'Blocks', to: '/blocks', permission: 'inbox.use' },
  { label: 'Ports', to: '/numbers/ports', permission: 'numbers.view' },
  { label: 'Marketplace', to: '/numbers/marketplace', permission: 'numbers.view' },
];

export function NumbersAreaTabs() {
  return <AreaTabs label="Numbers and routing" tabs={NUMBERS_AREA_TABS} />;
}
