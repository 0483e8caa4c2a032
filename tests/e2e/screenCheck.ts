/**
 * What every screen is held to, whoever looks at it: a screenshot kept under test-results/screenshots/, no text
 * cut off by its box (a label, button or badge whose text overflows fails, unless it is meant to ellipsize and
 * carries the full text in a `title`), and no axe violation of any impact.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One piece of text that does not fit its box, as a person reading the report would find it. */
export interface CutText {
  element: string;
  text: string;
  overflow: string;
}

/**
 * The visible texts cut off by their box. A text node's nearest block box is measured (an inline element has no
 * width of its own); scroll areas (overflow auto or scroll) are meant to overflow and are skipped, and an element
 * inside one is measured against its own box only.
 */
export function cutTexts(page: Page): Promise<CutText[]> {
  return page.evaluate(() => {
    const view = globalThis as unknown as {
      document: { body: unknown; createTreeWalker(root: unknown, what: number): { nextNode(): unknown } };
      getComputedStyle(element: unknown): {
        display: string;
        overflowX: string;
        overflowY: string;
        visibility: string;
      };
    };
    interface Box {
      tagName: string;
      className: unknown;
      parentElement: Box | null;
      clientWidth: number;
      clientHeight: number;
      scrollWidth: number;
      scrollHeight: number;
      closest(selector: string): unknown;
      getClientRects(): { length: number };
      getAttribute(name: string): string | null;
    }
    const SHOW_TEXT = 4;
    const walker = view.document.createTreeWalker(view.document.body, SHOW_TEXT);
    const seen = new Set<Box>();
    const cut: { element: string; text: string; overflow: string }[] = [];
    for (let node = walker.nextNode() as { textContent: string; parentElement: Box | null } | null; node; ) {
      const text = node.textContent.trim();
      let box = node.parentElement;
      node = walker.nextNode() as typeof node;
      if (!text || !box) continue;
      while (box && view.getComputedStyle(box).display === 'inline') box = box.parentElement;
      if (!box || seen.has(box)) continue;
      seen.add(box);
      const style = view.getComputedStyle(box);
      if (style.visibility === 'hidden' || box.getClientRects().length === 0) continue;
      if (['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY))
        continue;
      if (box.closest('[aria-hidden="true"], [hidden], svg, script, style, textarea, input, select'))
        continue;
      // Text for screen readers only is drawn in a 1 px box on purpose (Mantine's VisuallyHidden).
      if (box.clientWidth <= 1 && box.clientHeight <= 1) continue;
      const wide = box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1;
      const tall =
        box.clientHeight > 0 && box.scrollHeight > box.clientHeight + 1 && style.overflowY === 'hidden';
      if (!wide && !tall) continue;
      if (box.closest('[title]')) continue;
      const name = box.getAttribute('aria-label');
      cut.push({
        element: `${box.tagName.toLowerCase()}${name ? `[aria-label="${name}"]` : ''}.${String(box.className).split(' ')[0]}`,
        text: text.slice(0, 80),
        overflow: wide
          ? `${box.scrollWidth}px in ${box.clientWidth}px`
          : `${box.scrollHeight}px in ${box.clientHeight}px`,
      });
    }
    return cut;
  });
}

/** The axe violations of the page as it is, whatever their impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await finiteAnimationsSettled(page);
  return (await new AxeBuilder({ page }).analyze()).violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.html.slice(0, 120)} ${node.any.map((a) => a.message).join(' ')}`,
    ),
  );
}

/**
 * Waits (at most 5 s) for the page's finite animations and transitions to end. Axe reads colours as painted: a
 * toast fading in or out ("Draft saved.") reads as text of almost no contrast, which failed the registration
 * wizard's check once on a busy machine. Endless animations (a spinner) are not waited for.
 */
async function finiteAnimationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        // The tests' programs have no DOM types; what this reads of the page's animations:
        const view = globalThis as unknown as {
          document: {
            getAnimations(): {
              playState: string;
              effect: { getTiming(): { iterations?: number } } | null;
            }[];
          };
        };
        return view.document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          );
      },
      undefined,
      { timeout: 5_000 },
    )
    // Still moving after 5 s: check it as it is, as before.
    .catch(() => undefined);
}

/** Keeps the screen's picture and answers what is wrong with it (nothing, for a screen that passes). */
export async function checkScreen(page: Page, name: string): Promise<{ cut: CutText[]; axe: string[] }> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  return { cut: await cutTexts(page), axe: await axeViolations(page) };
}
