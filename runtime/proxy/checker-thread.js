// The main thread's side of the checker: copies of the traffic go to a worker thread, batched
// once per turn of the event loop (setImmediate) and transferred, never on the path the bytes
// take from one process to the other. Bytes the worker has not taken yet are bounded by a
// budget: past it, chunks are not copied and the worker is told how many message ends they held.
import { Worker } from 'node:worker_threads';

/**
 * Bytes of copies the worker may be behind by before chunks are skipped. Small, so that under a
 * flood the checker skips instead of competing with the traffic for the CPU: on 50 MB of tool
 * results (bench/proxy.bench.mjs, 2 loaded cores, 2026-12-02) 32 MiB ran the proxy at ~285 MB/s,
 * 4 MiB at ~333, a bare relay at ~371. A message is still checked whole when the worker keeps up
 * with its chunks (the line in progress is kept by the worker, up to the largest checked message).
 */
export const IN_FLIGHT_BUDGET = 4 * 1024 * 1024;

/** How many newlines `chunk` holds. */
function newlines(chunk) {
  let count = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

/**
 * Starts the checker worker. `options` go to it as `workerData` (`record`, `checker`,
 * `maxMessageBytes`, `options`: the Session's); `onFindings(list)` gets what it finds as it finds
 * it; `onFailure(error)` is called once if the worker itself dies (the traffic is not affected).
 * Returns `{ observe(stream, direction), message(text, direction, envelope), event(event),
 * authorization(path),
 * finish(timeoutMs) }`.
 */
export function startChecker(options, { onFindings, onFailure, budget = IN_FLIGHT_BUDGET }) {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: options, stdout: false, stderr: false });
  worker.unref();
  let queue = [];
  let queued = 0;
  /** Whole messages of the HTTP proxy waiting for the next flush, and those skipped. */
  let messages = [];
  let queuedMessages = 0;
  let skippedMessages = 0;
  let inFlight = 0;
  let scheduled = false;
  let dead = false;
  let finished;

  const fail = (error) => {
    if (dead) return;
    dead = true;
    queue = [];
    onFailure(error);
    finished?.({ failed: true });
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the checker thread stopped (exit code ${code})`)));
  worker.on('message', (message) => {
    if (message.type === 'ack') inFlight -= message.bytes;
    else if (message.type === 'findings') onFindings(message.list);
    else if (message.type === 'finished') finished?.({ ...message.summary, skipped: message.summary.skipped + skippedMessages });
  });

  /** Posts what is queued as one transferred buffer. */
  const flush = () => {
    scheduled = false;
    if (!dead && messages.length > 0) {
      const bytes = queuedMessages;
      inFlight += bytes;
      worker.postMessage({ type: 'http', list: messages, bytes });
      messages = [];
      queuedMessages = 0;
    }
    if (dead || queue.length === 0) return;
    const buffer = new Uint8Array(queued);
    const parts = [];
    let offset = 0;
    for (const item of queue) {
      if (item.chunk) {
        buffer.set(item.chunk, offset);
        parts.push({ direction: item.direction, time: item.time, start: offset, end: offset + item.chunk.length });
        offset += item.chunk.length;
      } else {
        parts.push(item);
      }
    }
    queue = [];
    queued = 0;
    inFlight += buffer.byteLength;
    worker.postMessage({ type: 'chunks', buffer, parts }, [buffer.buffer]);
  };

  /** Queues a copy of `chunk` (or, over budget, the count of what it skips). */
  const copy = (direction, chunk) => {
    if (dead) return;
    if (inFlight + queued + chunk.length > budget) {
      const last = queue.at(-1);
      const ends = newlines(chunk);
      const tailLost = chunk[chunk.length - 1] !== 10;
      if (last?.gap !== undefined && last.direction === direction) {
        last.gap += ends;
        last.tailLost = ends > 0 ? tailLost : last.tailLost || tailLost;
      } else {
        queue.push({ direction, gap: ends, tailLost });
      }
    } else {
      queue.push({ direction, time: Date.now(), chunk });
      queued += chunk.length;
    }
    schedule();
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  return {
    /**
     * A whole message `text` sent by `direction` over HTTP, with its `envelope` (`{ method,
     * headers, status? }`): checked and recorded with it, or, over budget, skipped and counted.
     */
    message(text, direction, envelope) {
      if (dead) return;
      if (inFlight + queued + queuedMessages + text.length > budget) {
        skippedMessages += 1;
        return;
      }
      messages.push({ text, direction, time: Date.now(), envelope });
      queuedMessages += text.length;
      schedule();
    },
    /**
     * A run event (`{ event: 'upstream-failed', … }`, as `Session.event` reads it): told to the
     * checker after the messages queued before it, never skipped (it is small). Lost when the
     * checker has failed, whose `checker-failed` finding said the rest goes unchecked.
     */
    event(event) {
      if (dead) return;
      flush();
      worker.postMessage({ type: 'event', event });
    },
    /** The authorization path of a sign-in to the upstream (an `AuthorizationPath`): told to the
     * checker like a run event, its findings about no message. */
    authorization(path) {
      if (dead) return;
      flush();
      worker.postMessage({ type: 'authorization', path });
    },
    /** Copies every chunk `stream` emits, as sent by `direction` (`client` or `server`). */
    observe(stream, direction) {
      stream.on('data', (chunk) => copy(direction, chunk));
    },
    /**
     * Ends the check: the last lines, the end-of-session findings, the recording closed.
     * Resolves with the worker's summary (`{ messages, skipped, oversized, failures }`),
     * `{ timedOut: true }` after `timeoutMs`, or `{ failed: true }` if the worker died; the
     * worker is stopped either way.
     */
    async finish(timeoutMs) {
      flush();
      const summary = dead
        ? { failed: true }
        : await new Promise((resolve) => {
          finished = resolve;
          worker.postMessage({ type: 'finish' });
          setTimeout(() => resolve({ timedOut: true }), timeoutMs).unref();
        });
      dead = true;
      await worker.terminate();
      return summary;
    },
  };
}
