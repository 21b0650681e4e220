import type { Page, TestInfo } from '@playwright/test';

/** A picture of the page in the test's own output folder, named for the step it shows. */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}
