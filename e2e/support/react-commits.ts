import type { Page } from "@playwright/test";

/**
 * Records each of React's commits in `page` (from its next load on): how many components rendered
 * in it. Through the hook React offers its developer tools (it calls the hook after each commit);
 * a component rendered if it mounted or did work, and a subtree React did not enter is skipped, as
 * the developer tools count. The build is minified, so counts, not names.
 */
export async function recordReactCommits(page: Page): Promise<void> {
  // Plain script text: it runs in the page before the app's, without this file's compiler's helpers.
  await page.addInitScript({
    content: `(() => {
      const commits = [];
      window.__reactCommits = commits;
      const isComponent = (fiber) => [0, 1, 11, 14, 15].includes(fiber.tag);
      const PERFORMED_WORK = 1;
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject() { return 1; },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onCommitFiberRoot(_renderer, root) {
          let rendered = 0;
          const visit = (parent) => {
            for (let fiber = parent.child; fiber; fiber = fiber.sibling) {
              const previous = fiber.alternate;
              if (isComponent(fiber) && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0)) rendered++;
              if (previous === null || fiber.child !== previous.child) visit(fiber);
            }
          };
          const current = root.current;
          if (current.alternate === null || current.child !== current.alternate.child) visit(current);
          commits.push(rendered);
        },
      };
    })();`,
  });
}

/** The components rendered in each commit recorded so far, in order. */
export function reactCommits(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __reactCommits: number[] }).__reactCommits.slice());
}
