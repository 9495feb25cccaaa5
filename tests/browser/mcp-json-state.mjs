// What an `<mcp-json>` element shows, read from its shadow root: the browser tests of the docs
// element and the bundler matrix's element builds ask the same questions.

/**
 * What the element with `id` on `page` shows: its verdict and kind, whether it says it is out of
 * date, the badges, summary and warning, the underlined spans, the diagnostics and its text.
 */
export function shown(page, id) {
  return page.evaluate((elementId) => {
    const element = document.getElementById(elementId);
    const root = element.shadowRoot;
    return {
      verdict: element.dataset.verdict,
      kind: element.dataset.kind,
      outdated: element.hasAttribute('data-outdated'),
      badges: [...root.querySelectorAll('.badge')].map((b) => b.textContent),
      summary: root.querySelector('.summary').textContent,
      warning: root.querySelector('.warning').hidden ? '' : root.querySelector('.warning').textContent,
      marks: [...root.querySelectorAll('.code mark')].map((m) => m.textContent),
      diagnostics: [...root.querySelectorAll('.diagnostics li')].map((li) => li.textContent),
      text: element.text,
    };
  }, id);
}
