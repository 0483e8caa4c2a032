/**
 * The theme. Mantine's defaults miss WCAG AA contrast (4.5:1) in places agents read all day: white on the
 * default blue, "dimmed" grey text, the text of light badges and alerts, and a titled notification's message.
 * Shade 8 of blue and the darker text colours below fix that, and the dark scheme's own below (checked by the axe
 * tests in tests/e2e, screens.spec.ts in both schemes). Text in the brand colour uses `--mantine-color-anchor`,
 * which is blue.8 in light and a lighter blue in dark.
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
      // colour (gray.7 in light, 8.2:1; dark.1 in dark, see below) keeps it secondary yet readable.
      styles: (_theme, props) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    }),
  },
});

/** The colours text and badges are written in, whose dark-scheme shade Mantine takes from primaryShade (8). */
const TEXT_COLORS = ['red', 'green', 'yellow', 'orange', 'blue', 'grape', 'teal', 'violet'] as const;

/**
 * In dark, shade 8 text is 3:1 or less on the dark body (red.8 3.4:1, blue.8 3.1:1): text takes shade 4 and
 * light badges shade 3, both above 4.5:1 on dark.7 and on their own tinted backgrounds.
 */
function darkTextColors(t: Parameters<CSSVariablesResolver>[0]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const color of TEXT_COLORS) {
    const shades = t.colors[color];
    if (!shades) continue;
    variables[`--mantine-color-${color}-text`] = shades[4] ?? '';
    variables[`--mantine-color-${color}-light-color`] = shades[3] ?? '';
  }
  return variables;
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    // The app's own surfaces (--app-*): one name for both schemes, so a screen never names a shade.
    '--app-note-background': t.colors.yellow[0] ?? '#fff9db',
    '--app-row-active': t.colors.gray[1] ?? '#f1f3f5',
    '--app-row-selected': t.colors.blue[0] ?? '#e7f5ff',
    '--app-danger-text': t.colors.red[8] ?? '#e03131',
    '--app-warning-text': t.colors.yellow[9] ?? '#e67700',
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
  // Mantine's dark "dimmed" (dark.2, #828282) is 4.0:1 on the dark body: dark.1 reads at 8:1.
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-anchor': t.colors.blue[4] ?? '#4dabf7',
    ...darkTextColors(t),
    '--app-note-background': 'rgba(250, 176, 5, 0.12)',
    '--app-row-active': t.colors.dark[5] ?? '#3b3b3b',
    '--app-row-selected': 'var(--mantine-color-blue-light)',
    '--app-danger-text': t.colors.red[4] ?? '#ff8787',
    '--app-warning-text': t.colors.yellow[4] ?? '#ffd43b',
  },
});
