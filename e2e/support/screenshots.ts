import type { Page } from "@playwright/test";

/**
 * A screenshot for the reviewer when SCREENSHOTS names a folder: the page as it is, and with
 * `laptop` the same page again at 1280x800.
 */
export async function shoot(page: Page, name: string, { laptop = false } = {}): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${dir}/${name}-${size?.width ?? 0}.png`, fullPage: true });
  if (!laptop) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}
