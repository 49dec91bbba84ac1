// The skills of the USE-Lite worker (test/embeddings/fixtures/use-worker.ts): no turn of use-worker.browser.test.ts
// shares a content word with them, so only meaning can route to them.
import { routingMd } from './routing-skills.js';

/** The three skills, as memorySource files. */
export const USE_WORKER_FILES: Record<string, string> = {
  'expense-report/SKILL.md': routingMd('expense-report', { description: 'Turn invoices and bills into an expense spreadsheet.' }),
  'weather/SKILL.md': routingMd('weather', { description: 'Current weather and forecasts for a city.' }),
  'git-helper/SKILL.md': routingMd('git-helper', { description: 'Explain git commands and resolve merge conflicts.' }),
};
