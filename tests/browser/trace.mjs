// The page's main-thread tasks from a Chromium trace, each with its CPU time (`tdur`), which a busy
// machine does not stretch as it stretches wall time: what the responsiveness tests
// (large.test.mjs, session-progress.test.mjs) bound, against a yardstick taken in the same page.
import assert from 'node:assert/strict';

/** Starts a Chromium trace of the tasks of every thread (each with its wall and CPU time). */
export async function startTrace(browser, page) {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
}

/**
 * Stops the trace: the longest task of the page's main thread (`CrRendererMain`) by CPU time
 * (`tdur`) and by wall time (`dur`), in milliseconds, how many tasks it ran, and each task in
 * order (`{cpu, marks}`: its CPU time, the names of the `performance.mark`s made in it).
 */
export async function stopTrace(browser) {
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const main = new Set(traceEvents
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const all = traceEvents.filter((e) =>
    e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && main.has(`${e.pid}:${e.tid}`));
  // A few tasks come without their CPU time (cut by the trace's start or end, a nested one): not counted.
  const tasks = all.filter((e) => typeof e.tdur === 'number');
  assert.ok(tasks.length > 0, 'the trace has tasks of the main thread');
  assert.ok(tasks.length > 0.9 * all.length, `most tasks have their CPU time (tdur): ${tasks.length} of ${all.length}`);
  const marks = traceEvents.filter((e) => e.cat?.includes('blink.user_timing') && main.has(`${e.pid}:${e.tid}`));
  const inOrder = [...tasks].sort((a, b) => a.ts - b.ts).map((task) => ({
    cpu: task.tdur / 1000,
    marks: marks.filter((m) => m.ts >= task.ts && m.ts <= task.ts + task.dur).map((m) => m.name),
  }));
  return {
    tasks: inOrder,
    cpu: Math.max(...tasks.map((e) => e.tdur)) / 1000,
    wall: Math.max(...tasks.map((e) => e.dur)) / 1000,
    count: tasks.length,
  };
}
