/**
 * The theme. Mantine's defaults miss WCAG AA contrast (4.5:1) in places agents read all day: white on the
 * default blue, "dimmed" grey text, the text of light badges and alerts, and a titled notification's message.
 * Shade 8 of blue and the darker text colours below fix that (checked by the axe tests in tests/e2e).
 */
import {
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  type ModalProps,
  Notification,
} from '@mantine/core';

/**
 * A plain object, not `Modal.extend(...)`: `extend` only adds types, and importing Modal and Drawer here would put
 * both (with their focus trap and scroll lock) in the first page load, which uses neither.
 */
const closeButtonNamed = { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies {
  defaultProps: Partial<ModalProps> & Partial<DrawerProps>;
};

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Mantine's close buttons are bare icons: give every one a name screen readers can say (axe button-name).
  components: {
    Modal: closeButtonNamed,
    Drawer: closeButtonNamed,
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close message' } },
      // Under a title Mantine greys the message with gray.6: 3.3:1 on the white notification. The theme's dimmed
      // colour (gray.7 in light, 8.2:1) keeps it secondary yet readable. In dark it is dark.2, as Mantine had it;
      // the app offers no dark scheme.
      styles: (_theme, props) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
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
    // The phone panel's badges: voicemail (orange) and first-time caller (grape).
    '--mantine-color-orange-light-color': '#8f3a00',
    '--mantine-color-grape-light-color': '#7a2189',
  },
  dark: {},
});
