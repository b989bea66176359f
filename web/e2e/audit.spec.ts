import { test, expect } from './fixtures';
import { expectNoA11yViolations } from './support';

// The audit every journey runs (e2e/support.ts) puts axe into the page once and runs it there for each screen: this
// shows it still sees what it is there to see, so a clean audit elsewhere means something.
test('the audit fails on a screen with an image that has no text alternative, and names the rule', async ({
  page,
}) => {
  await page.goto('/design-system');
  await expectNoA11yViolations(page, 'the design system');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/icons/icon-192.png';
    document.body.appendChild(image);
  });
  await expect(expectNoA11yViolations(page, 'an image without alt')).rejects.toThrow(
    /image-alt \(critical\)/,
  );
});
