// A generated session recording for the sequence view's test and bench (tests/browser/session-sequence.test.mjs,
// bench/sequence.bench.mjs).

/**
 * A JSON Lines recording of `count` messages (as the proxy's --record writes them): initialize,
 * then task-augmented tools/call, polls and tasks/result, one task after another.
 */
export function recording(count) {
  const start = Date.parse('2026-12-02T00:00:00Z');
  const lines = [];
  const at = () => new Date(start + lines.length * 1000).toISOString();
  const push = (direction, message) => lines.push(JSON.stringify({ timestamp: at(), direction, message }));
  push('client', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { tasks: { requests: { tools: { call: {} } } } }, clientInfo: { name: 't', version: '1' } } });
  push('server', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, serverInfo: { name: 's', version: '1' } } });
  push('client', { jsonrpc: '2.0', method: 'notifications/initialized' });
  let id = 1;
  for (let n = 0; lines.length < count; n++) {
    const taskId = `task-${n}`;
    const stamp = at();
    const task = (status) => ({ taskId, status, createdAt: stamp, lastUpdatedAt: at(), ttl: 60000, pollInterval: 500 });
    const ask = id++;
    push('client', { jsonrpc: '2.0', id: ask, method: 'tools/call', params: { name: 'work', arguments: { n }, task: { ttl: 60000 } } });
    push('server', { jsonrpc: '2.0', id: ask, result: { task: task('working') } });
    for (const status of ['working', 'completed']) {
      const poll = id++;
      push('client', { jsonrpc: '2.0', id: poll, method: 'tasks/get', params: { taskId } });
      push('server', { jsonrpc: '2.0', id: poll, result: task(status) });
    }
    const fetch = id++;
    push('client', { jsonrpc: '2.0', id: fetch, method: 'tasks/result', params: { taskId } });
    push('server', { jsonrpc: '2.0', id: fetch, result: { content: [{ type: 'text', text: `done ${n}` }], _meta: { 'io.modelcontextprotocol/related-task': { taskId } } } });
  }
  return lines.slice(0, count).join('\n');
}
