// CommonJS entry: the nodejs glue instantiates on require; a restart requires it afresh.
const { packageApi } = require('./api.js');
const { restartableHost } = require('./load/recover.js');
const path = require.resolve('./mcp_json_toolbox.js');
const host = restartableHost(() => {
  delete require.cache[path];
  return require(path);
});
const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
module.exports = { /* the glue's API */ };
