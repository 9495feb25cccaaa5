//! Check 1: tool definitions, alone or as a whole `tools/list` result.
//!
//! Findings, by code: `not-a-tool`, `tool-name-missing` (errors); `tool-name-invalid` (warning
//! outside 1-128 characters of `[A-Za-z0-9_.-]`, error when empty); `duplicate-tool-name`;
//! `input-schema-missing`; `invalid-schema` / `unusable-schema` (from the schema adapter);
//! `schema-root-not-object` (error for `inputSchema`, and for `outputSchema` in 2025-11-25;
//! warning for `outputSchema` when the generation is unknown; fine in 2026-07-28);
//! `task-support-invalid`; `execution-not-in-generation` (warning, 2026-07-28);
//! `no-argument-tool-open` (warning); `x-mcp-header-invalid` ([`crate::compat::x_mcp_header`]); and the schema lint of `inputSchema` and `outputSchema`
//! ([`crate::lint`]: its codes and severities).

use std::collections::HashMap;

use crate::compat::{check_compatibility, mcp, x_mcp_header, CompatOptions, Field};
use crate::diagnostic::{Diagnostic, Severity};
use crate::host::schema::{check_schema, compile_value_schema};
use crate::host::{diagnostic_at as at, parse_into, HostReport};
use crate::json::{Document, Node};
use crate::protocol::Generation;
use crate::validate::CompiledSchema;

/// Keywords that give an `inputSchema` without `properties` its arguments anyway.
const OPENING_KEYWORDS: [&str; 10] = [
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "$dynamicRef",
    "if",
];

/// `execution.taskSupport` of a 2025-11-25 tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskSupport {
    /// The tool must not be called as a task (the default).
    Forbidden,
    /// Either way.
    Optional,
    /// The tool must be called as a task.
    Required,
}

impl TaskSupport {
    /// Reads the value of `taskSupport`.
    fn parse(text: &str) -> Option<Self> {
        match text {
            "forbidden" => Some(Self::Forbidden),
            "optional" => Some(Self::Optional),
            "required" => Some(Self::Required),
            _ => None,
        }
    }
}

/// What the other checks need to know about one tool definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolInfo {
    /// Its name.
    pub name: String,
    /// Pointer to the tool object in its document.
    pub pointer: String,
    /// Its declared task support (`Forbidden` when absent or unreadable).
    pub task_support: TaskSupport,
    /// Whether it declares an `outputSchema`.
    pub has_output_schema: bool,
    /// Its arguments mirrored into `Mcp-Param-*` headers over HTTP: the `properties` path of each
    /// and the header's name ([`super::x_mcp_header::annotated`]).
    pub header_params: Vec<(Vec<String>, String)>,
}

/// A tool with its `inputSchema` and `outputSchema` compiled once, for the call and result
/// checks; it owns everything (schema spans are into the text the tool was read from).
pub struct CompiledTool {
    /// What the checks need about it.
    pub info: ToolInfo,
    /// Its `inputSchema`, compiled (`None` when absent or unusable).
    pub input_schema: Option<CompiledSchema>,
    /// Its `outputSchema`, compiled (`None` when absent or unusable).
    pub output_schema: Option<CompiledSchema>,
}

impl CompiledTool {
    /// Compiles the schemas of the tool `info` describes, read from `doc`.
    pub fn compile(doc: &Document<'_>, info: ToolInfo) -> Self {
        let schema = |key: &str| compile_value_schema(doc, &format!("{}/{key}", info.pointer));
        let input_schema = schema("inputSchema");
        let output_schema = info
            .has_output_schema
            .then(|| schema("outputSchema"))
            .flatten();
        Self {
            info,
            input_schema,
            output_schema,
        }
    }
}

impl std::fmt::Debug for CompiledTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompiledTool")
            .field("info", &self.info)
            .field("input_schema", &self.input_schema.is_some())
            .field("output_schema", &self.output_schema.is_some())
            .finish()
    }
}

/// Checks a tool definition (`Tool`), a `tools/list` result, a response carrying one, or an
/// array of tools. Spans point into `tool_text`.
pub fn check_tool(tool_text: &str) -> HostReport {
    let mut report = HostReport::default();
    if let Some(doc) = parse_into(tool_text, &mut report.diagnostics) {
        let (generation, found) = check_tool_document(&doc);
        report.generation = generation;
        report.diagnostics.extend(found);
    }
    report.finish()
}

/// [`check_tool`], then the rules of the consumers `options` names as
/// [`crate::compat::check_compatibility`] checks them: one report for `check-tool --target`.
/// The spec's own rules are compat's `mcp` target too, so a finding identical to one listed
/// already is listed once; a text that holds no tool (or is not JSON) is said once, by
/// `check_tool`.
pub fn check_tool_for(tool_text: &str, options: &CompatOptions) -> HostReport {
    let mut report = check_tool(tool_text);
    let compat = check_compatibility(tool_text, options);
    if !compat.diagnostics.is_empty() {
        return report;
    }
    let per_tool = compat.tools.iter().flat_map(|tool| tool.targets.0.iter());
    let found = per_tool
        .chain(compat.list.0.iter())
        .flat_map(|(_, result)| result.diagnostics.iter());
    for diagnostic in found {
        if !report.diagnostics.contains(diagnostic) {
            report.diagnostics.push(diagnostic.clone());
        }
    }
    report.finish()
}

/// Parses and checks the tool text of a call or result check: its findings go to
/// `report.tool_diagnostics` and the generation it shows to `report.generation`.
pub fn read_tool_text<'a>(tool_text: &'a str, report: &mut HostReport) -> Option<Document<'a>> {
    let doc = parse_into(tool_text, &mut report.tool_diagnostics)?;
    let (generation, found) = check_tool_document(&doc);
    report.generation = generation;
    report.tool_diagnostics.extend(found);
    Some(doc)
}

/// Checks every tool a parsed tool text holds; returns the generation it shows and the findings.
pub fn check_tool_document(doc: &Document<'_>) -> (Option<Generation>, Vec<Diagnostic>) {
    let Some(tools) = locate_tools(doc, "") else {
        let message =
            "not a tool definition or a tools/list result (no `name`/`inputSchema` or `tools`)";
        let diagnostic =
            Diagnostic::error("not-a-tool", message).with_span(Some(doc.span(doc.root.range)));
        return (None, vec![diagnostic]);
    };
    let generation = tools_generation(doc, "", &tools);
    (generation, check_tools(doc, &tools, generation))
}

pub use crate::compat::{locate_tools, tools_generation};

/// What the other checks need about the tool at `pointer`, if it has a string name.
pub fn tool_info(doc: &Document<'_>, pointer: &str) -> Option<ToolInfo> {
    let node = doc.pointer(pointer)?;
    let task_support = node
        .value_of("execution")
        .and_then(|e| e.value_of("taskSupport"))
        .and_then(Node::as_str)
        .and_then(TaskSupport::parse);
    Some(ToolInfo {
        name: node.value_of("name")?.as_str()?.to_owned(),
        pointer: pointer.to_owned(),
        task_support: task_support.unwrap_or(TaskSupport::Forbidden),
        has_output_schema: node.get("outputSchema").is_some(),
        header_params: node
            .value_of("inputSchema")
            .map(super::x_mcp_header::annotated)
            .unwrap_or_default(),
    })
}

/// Checks the tools at `pointers` (one list, so duplicate names are found).
pub fn check_tools(
    doc: &Document<'_>,
    pointers: &[String],
    generation: Option<Generation>,
) -> Vec<Diagnostic> {
    check_and_compile_tools(doc, pointers, generation).0
}

/// [`check_tools`], also returning each tool with a string name, its schemas compiled (in list
/// order; each schema is compiled once, for its check and for later validations).
pub fn check_and_compile_tools(
    doc: &Document<'_>,
    pointers: &[String],
    generation: Option<Generation>,
) -> (Vec<Diagnostic>, Vec<CompiledTool>) {
    let mut diagnostics = Vec::new();
    let mut compiled = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    for pointer in pointers {
        let (input_schema, output_schema) = check_one(doc, pointer, generation, &mut diagnostics);
        let Some(info) = tool_info(doc, pointer) else {
            continue;
        };
        if let Some(first) = seen.get(&info.name) {
            let path = format!("{pointer}/name");
            diagnostics.push(
                Diagnostic::error(
                    "duplicate-tool-name",
                    format!("tool `{}` is already defined at {first}", info.name),
                )
                .with_span(doc.span_at(&path))
                .at_pointer(path),
            );
        } else {
            seen.insert(info.name.clone(), pointer.clone());
        }
        compiled.push(CompiledTool {
            info,
            input_schema,
            output_schema,
        });
    }
    (diagnostics, compiled)
}

/// Checks one tool definition; returns its `inputSchema` and `outputSchema` compiled (when
/// present and usable).
fn check_one(
    doc: &Document<'_>,
    pointer: &str,
    generation: Option<Generation>,
    out: &mut Vec<Diagnostic>,
) -> (Option<CompiledSchema>, Option<CompiledSchema>) {
    let Some(tool) = doc.pointer(pointer).filter(|t| t.members().is_some()) else {
        out.push(at(
            doc,
            Severity::Error,
            "not-a-tool",
            "a tool definition is an object".into(),
            pointer.into(),
        ));
        return (None, None);
    };
    match tool.value_of("name") {
        Some(name) => out.extend(mcp::check_name(doc, name, format!("{pointer}/name"))),
        None => out.push(at(
            doc,
            Severity::Error,
            "tool-name-missing",
            "the tool has no `name`".into(),
            pointer.into(),
        )),
    }
    let input = format!("{pointer}/inputSchema");
    let input_schema = match tool.value_of("inputSchema") {
        None => {
            out.push(at(
                doc,
                Severity::Error,
                "input-schema-missing",
                "the tool has no `inputSchema`".into(),
                pointer.into(),
            ));
            None
        }
        Some(schema) => {
            let compiled = check_usable(doc, schema, &input, Some(Severity::Error), out);
            let name = tool.value_of("name").and_then(Node::as_str);
            if compiled.is_some() {
                check_closed_when_empty(doc, schema, name, &input, out);
            }
            out.extend(x_mcp_header::check(doc, schema, &input, name, generation));
            compiled
        }
    };
    let output_schema = tool.value_of("outputSchema").and_then(|schema| {
        // Before 2026-07-28 the root must be an object; from 2026-07-28 any schema goes.
        let root_rule = mcp::root_severity(generation, Field::Output);
        let path = format!("{pointer}/outputSchema");
        check_usable(doc, schema, &path, root_rule, out)
    });
    if let Some(execution) = tool.value_of("execution") {
        check_execution(
            doc,
            execution,
            &format!("{pointer}/execution"),
            generation,
            out,
        );
    }
    (input_schema, output_schema)
}

/// Checks that a schema is usable and, when `root_rule` says how seriously, that its root is
/// `type: "object"`; the schema compiled if it is usable.
fn check_usable(
    doc: &Document<'_>,
    schema: &Node,
    path: &str,
    root_rule: Option<Severity>,
    out: &mut Vec<Diagnostic>,
) -> Option<CompiledSchema> {
    let (compiled, found) = match check_schema(doc, path) {
        Ok((lint, compiled)) => (compiled, lint),
        Err(problems) => (None, problems),
    };
    out.extend(found);
    if let (Some(_), Some(severity)) = (&compiled, root_rule) {
        out.extend(mcp::check_root_object(doc, schema, path, severity));
    }
    compiled
}

/// Warns about a no-argument `inputSchema` that still accepts any argument.
fn check_closed_when_empty(
    doc: &Document<'_>,
    schema: &Node,
    name: Option<&str>,
    path: &str,
    out: &mut Vec<Diagnostic>,
) {
    let no_properties = schema
        .value_of("properties")
        .is_none_or(|p| p.members().is_some_and(<[_]>::is_empty));
    let open = !OPENING_KEYWORDS.iter().any(|k| schema.get(k).is_some());
    if no_properties && open {
        let tool = name.map_or_else(|| "a tool".to_owned(), |n| format!("tool {n:?}"));
        let message = format!("{tool} takes no arguments but its `inputSchema` accepts any: say `additionalProperties: false`, or models may invent arguments");
        out.push(at(
            doc,
            Severity::Warning,
            "no-argument-tool-open",
            message,
            path.into(),
        ));
    }
}

/// Checks `execution`: 2025-11-25 only, `taskSupport` one of forbidden/optional/required.
fn check_execution(
    doc: &Document<'_>,
    execution: &Node,
    path: &str,
    generation: Option<Generation>,
    out: &mut Vec<Diagnostic>,
) {
    if generation.is_some_and(|g| !g.rules().tool_execution) {
        let message = "`execution` is a 2025-11-25 field; 2026-07-28 tools have none (tasks are an extension)";
        out.push(at(
            doc,
            Severity::Warning,
            "execution-not-in-generation",
            message.into(),
            path.into(),
        ));
    }
    let Some(support) = execution.value_of("taskSupport") else {
        return;
    };
    if support.as_str().and_then(TaskSupport::parse).is_none() {
        let message = format!(
            "`taskSupport` is {}; it must be \"forbidden\", \"optional\" or \"required\"",
            doc.lexeme(support)
        );
        out.push(at(
            doc,
            Severity::Error,
            "task-support-invalid",
            message,
            format!("{path}/taskSupport"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compat::Target;

    #[test]
    fn check_tool_for_adds_the_consumers_rules_once() {
        let tool = r#"{"name": "github.search", "inputSchema": {"type": "object"}}"#;
        let plain = check_tool(tool);
        let options = CompatOptions {
            targets: vec![
                Target::parse("anthropic").unwrap(),
                Target::parse("mcp").unwrap(),
            ],
            ..CompatOptions::default()
        };
        let targeted = check_tool_for(tool, &options);
        assert!(targeted.diagnostics.starts_with(&plain.diagnostics));
        assert!(!targeted.valid);
        assert!(targeted
            .diagnostics
            .iter()
            .any(|d| d.code == "anthropic/name"));
        assert!(targeted
            .diagnostics
            .iter()
            .enumerate()
            .all(|(i, d)| !targeted.diagnostics[..i].contains(d)));
    }

    #[test]
    fn check_tool_for_says_a_text_that_is_no_tool_once() {
        let options = CompatOptions {
            targets: vec![Target::parse("anthropic").unwrap()],
            ..CompatOptions::default()
        };
        for text in ["{", r#"{"a": 1}"#] {
            assert_eq!(check_tool_for(text, &options), check_tool(text));
        }
    }
}
