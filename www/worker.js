// The page's wasm worker: the generic RPC of runtime/wasm-serve.js over this build's glue.
import init, * as wasm from './pkg/mcp_json_toolbox.js';
import { serve } from '../runtime/wasm-serve.js';

serve(init, wasm);
