import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's source, run through the DevTools protocol: the page's CSP (rightly) refuses an inline script tag. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

/** axe-core's serious and critical findings on the page as it stands (WCAG 2.1 A and AA rules and best practices). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Once per document: evaluating its 650 KB source again at every check cost a compile each time.
  if (await page.evaluate(() => !('axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[]; failureSummary?: string }> }> };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact ?? '', nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`) }));
  });
}
