// CommonJS entry: the nodejs glue instantiates on require; a restart requires it afresh. Without
// WebAssembly (node --jitless), an Error names the runtime and what to do (load/runtimes.js).
const { packageApi } = require('./api.js');
const { restartableHost } = require('./load/recover.js');
const { requireWebAssembly } = require('./load/runtimes.js');
requireWebAssembly('mcp_json_toolbox_bg.wasm');
const path = require.resolve('./mcp_json_toolbox.js');
const host = restartableHost(() => {
  delete require.cache[path];
  return require(path);
});
const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
module.exports = { /* the glue's API */ };
