/**
 * The theme. Mantine's defaults miss WCAG AA contrast (4.5:1) in places agents read all day: white on the
 * default blue, "dimmed" grey text, and the text of light badges and alerts. Shade 8 of blue and the darker
 * text colours below fix that (checked by the axe test in tests/e2e/shell.spec.ts).
 */
import { type CSSVariablesResolver, createTheme, Drawer, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Mantine's close buttons are bare icons: give every one a name screen readers can say (axe button-name).
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close message' } },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-green-light-color': '#1e6b2e',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-yellow-light-color': '#7a4200',
    '--mantine-color-blue-light-color': '#1553a0',
    '--mantine-color-gray-light-color': '#343a40',
  },
  dark: {},
});
