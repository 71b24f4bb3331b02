// One axe check for every spec: the state as the tester sees it, in the light and the dark theme
// (colour contrast differs between them), each violation named with where it was found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations)
      found.push(`${where} (${colorScheme}): ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found).toEqual([]);
}
