// The one worker all `<mcp-json>` elements of a page share: the wasm RPC (wasm-serve.js) over the
// package's glue, which loads mcp_json_toolbox_bg.wasm from next to itself.
import init, * as wasm from './mcp_json_toolbox.js';
import { serve } from './wasm-serve.js';

serve(init, wasm);
