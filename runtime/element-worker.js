// The one worker all `<mcp-json>` elements of a page share (load/worker-server.js): the format core serves
// format mode at once; the full build's .wasm is fetched only when an example needs it (validate,
// classify, session, auto). Both glues are imported statically and both .wasm URLs written
// literally, so that bundlers which follow `new URL('…', import.meta.url)` (Vite, webpack) bundle
// the glue and emit the .wasm files; unbundled, they load from next to this file.
import * as coreGlue from './mcp_json_toolbox_format.js';
import * as fullGlue from './mcp_json_toolbox.js';
import { serve } from './load/worker-server.js';

serve({
  core: { glue: coreGlue, wasm: new URL('./mcp_json_toolbox_format_bg.wasm', import.meta.url), asset: 'mcp_json_toolbox_format_bg.wasm' },
  full: { glue: fullGlue, wasm: new URL('./mcp_json_toolbox_bg.wasm', import.meta.url), asset: 'mcp_json_toolbox_bg.wasm' },
});
