//! Where the tools of a document are.

use crate::json::{Document, Node};
use crate::protocol::messages::result_generation;
use crate::protocol::Generation;

/// Pointers of the tool objects under `pointer`: the node itself if it is a tool, the `tools` of
/// a `tools/list` result (bare or in a response), or the elements of an array of tools.
pub fn locate_tools(doc: &Document<'_>, pointer: &str) -> Option<Vec<String>> {
    let node = doc.pointer(pointer)?;
    let list = |at: &str, node: &Node| {
        node.elements().map(|items| {
            (0..items.len())
                .map(|i| format!("{pointer}{at}/{i}"))
                .collect()
        })
    };
    if node.elements().is_some() {
        return list("", node);
    }
    if let Some(tools) = node.value_of("tools") {
        return list("/tools", tools);
    }
    if let Some(tools) = node.value_of("result").and_then(|r| r.value_of("tools")) {
        return list("/result/tools", tools);
    }
    is_tool(node).then(|| vec![pointer.to_owned()])
}

/// The pointer of a server's `initialize` result (2025-11-25: `protocolVersion` with
/// `serverInfo` or `instructions`) or `server/discover` result (2026-07-28: `supportedVersions`
/// with `capabilities`) in the document: the root, or its `result` (a response).
pub fn locate_server(doc: &Document<'_>) -> Option<&'static str> {
    let is_initialize = |node: &Node| {
        let has = |key: &str| node.get(key).is_some();
        (has("protocolVersion") && (has("serverInfo") || has("instructions")))
            || (has("supportedVersions") && has("capabilities"))
    };
    let root = doc.pointer("")?;
    if is_initialize(root) {
        return Some("");
    }
    root.value_of("result")
        .is_some_and(is_initialize)
        .then_some("/result")
}

/// Whether `node`, standing alone, reads as a tool: it has `inputSchema`, or a `name` and no
/// `method` (a request has one).
pub fn is_tool(node: &Node) -> bool {
    node.get("inputSchema").is_some()
        || (node.get("name").is_some() && node.get("method").is_none())
}

/// The generation a tool list shows: `resultType` on its result means 2026-07-28, `execution` on
/// a tool (gone from 2026-07-28 tools) means 2025-11-25.
pub fn tools_generation(doc: &Document<'_>, pointer: &str, tools: &[String]) -> Option<Generation> {
    let node = doc.pointer(pointer)?;
    let result = node.value_of("result").unwrap_or(node);
    result_generation(result).or_else(|| {
        let has_execution = tools
            .iter()
            .any(|p| doc.pointer(p).is_some_and(|t| t.get("execution").is_some()));
        has_execution.then_some(Generation::V2025_11_25)
    })
}
