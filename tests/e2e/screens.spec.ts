/**
 * Every main screen, as the people who use it all day see it: the owner and an agent, on the smallest window the
 * app supports (1280×800) and a common laptop one (1440×900), in the light and the dark theme (the app follows
 * the system's, which the browser is told here). Each screen's picture is kept under
 * test-results/screenshots/, and each must have no text cut off by its box (unless it ellipsizes with a title)
 * and no accessibility violation axe can find, whatever its impact.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, signInThroughUi } from './helpers';
import { checkScreen } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
/** What one screen may take under a full run's load on two cores (the slowest seen: 19 s). */
const SCREEN_BUDGET_MS = 25_000;
const PEOPLE = [
  { email: 'owner@demo.test', who: 'owner' },
  { email: 'agent@demo.test', who: 'agent' },
] as const;

/** The screens the navigation offers this person, by name and address. */
async function screensOf(page: Page): Promise<{ name: string; href: string }[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const found: { name: string; href: string }[] = [];
  for (const link of await links.all()) {
    const href = await link.getAttribute('href');
    const name = (await link.getAttribute('aria-label')) ?? (await link.innerText()).split('\n')[0]?.trim();
    if (href && name) found.push({ name, href });
  }
  return found;
}

/** Waits until the screen has drawn its data: no skeleton, no loading state, no busy table. */
async function settled(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(main.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  // Fonts and images settle, then the layout.
  await page.evaluate(
    () =>
      (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready,
  );
}

for (const viewport of VIEWPORTS) {
  for (const person of PEOPLE) {
    for (const theme of THEMES) {
      test(`every screen of the ${person.who} at ${viewport.width}×${viewport.height}, ${theme}: nothing cut off, no accessibility violation`, async ({
        browser,
      }) => {
        // Signing in, then each screen drawn, measured and checked by axe: 5 s a screen alone, up to 20 s under a
        // full run's load. The owner's list grows with every product area, so the budget is per screen (set below,
        // once the screens are counted) rather than one figure that a new screen quietly outgrows.
        test.setTimeout(60_000);
        const context = await browser.newContext({ viewport, colorScheme: theme });
        const page = await context.newPage();
        await signInThroughUi(page, server.url, person.email);
        await expectSignedIn(page);
        const screens = await screensOf(page);
        expect(screens.length).toBeGreaterThan(2);
        test.setTimeout(60_000 + screens.length * SCREEN_BUDGET_MS);
        const problems: string[] = [];
        for (const screen of screens) {
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: screen.name })
            .first()
            .click();
          await expect(page).toHaveURL(new RegExp(`${screen.href}(\\?|$|/)`));
          await settled(page);
          const name = `${person.who}-${screen.href.replace(/\W+/g, '') || 'home'}-${viewport.width}x${viewport.height}-${theme}`;
          const { cut, axe } = await checkScreen(page, name);
          for (const text of cut)
            problems.push(`${screen.name}: cut off ${text.element} “${text.text}” (${text.overflow})`);
          for (const violation of axe) problems.push(`${screen.name}: ${violation}`);
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  }
}
