import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The WCAG 2.2 A and AA rules axe-core knows. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type Violation = { route: string; id: string; impact: string; help: string; targets: string[] };

/** axe-core on what the page shows now; only serious and critical violations are returned. */
export async function seriousViolations(page: Page, route: string, include?: string): Promise<Violation[]> {
  await domQuiet(page);
  await transitionsFinished(page);
  // Legacy mode runs axe.run() in the page itself. The default runs each frame's part there, then opens a blank
  // page in the same context to merge them (axe.finishRun): a new tab per check, for a site with no cross-origin
  // frames to test, and once, on a loaded CI machine, a tab Chromium never finished creating (the admin suite ran
  // into its 5-minute limit inside context.newPage).
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await within(AXE_LIMIT_MS, builder.analyze(), `axe-core on ${route}`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** An axe run on the largest page takes a few seconds on CI's two cores; one that takes a minute is stuck. */
const AXE_LIMIT_MS = 60_000;

/** `work`, or a clear error naming what did not finish: a stuck step is reported as itself, not as the test's limit. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until the page's DOM has not changed for 300 ms (at most 2 s): a lazily loaded page can still be putting in
 * its data, and a button it enables while axe runs was once measured mid-fade on a loaded CI machine.
 */
async function domQuiet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(deadline);
          resolve();
        };
        let quiet = setTimeout(done, 300);
        const deadline = setTimeout(done, 2000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 300);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
}

/**
 * Waits (at most 1 s) for the page's finite CSS transitions: a button turning from disabled to enabled fades its
 * colour for 250 ms, and axe measuring the contrast mid-fade reports a colour the visitor never settles on.
 */
async function transitionsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 1000)),
    ]),
  );
}

/** Page wider than the window: the visitor would have to scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number } | null> {
  const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  return size.scrollWidth > size.clientWidth ? size : null;
}

/** Presses Tab (at most `max` times) until `target` has the keyboard focus; fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return expectVisibleFocus(target);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused control shows it: a focus-visible outline or box shadow, or MUI's focus-visible / focused styling. */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const visible = await target.evaluate((el) => {
    const shown = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    return el.matches(':focus-visible') && (shown(el) || el.closest('.Mui-focusVisible, .Mui-focused') !== null);
  });
  expect(visible, `${target.toString()} shows that it has the focus`).toBe(true);
}
