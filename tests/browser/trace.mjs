// The page's main-thread tasks from a Chromium trace, each with its CPU time (`tdur`), which a busy
// machine does not stretch as it stretches wall time: what the responsiveness tests
// (large.test.mjs, session-progress.test.mjs) bound, against a yardstick taken in the same page.
import assert from 'node:assert/strict';

/** Starts a Chromium trace of the tasks of every thread (each with its wall and CPU time). */
export async function startTrace(browser, page) {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
}

/**
 * Stops the trace: the longest task of the page's main thread (`CrRendererMain`) by CPU time
 * (`tdur`) and by wall time (`dur`), in milliseconds, and how many tasks it ran.
 */
export async function stopTrace(browser) {
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const main = new Set(traceEvents
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const tasks = traceEvents.filter((e) =>
    e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && main.has(`${e.pid}:${e.tid}`));
  assert.ok(tasks.length > 0, 'the trace has tasks of the main thread');
  assert.ok(tasks.every((e) => typeof e.tdur === 'number'), 'each task has its CPU time (tdur)');
  return {
    cpu: Math.max(...tasks.map((e) => e.tdur)) / 1000,
    wall: Math.max(...tasks.map((e) => e.dur)) / 1000,
    count: tasks.length,
  };
}
