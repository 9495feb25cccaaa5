//! The consumers a tool can be checked against, and the rule tables each one runs.

use serde::Serialize;

use super::data::{builtin, Entry};
use super::resolve;
use super::rule::Rule;

/// A consumer of MCP tools: a model API (as a host passes tools to it) or a host itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// Anthropic Messages API, `tools[].input_schema`.
    Anthropic,
    /// Anthropic Messages API with `strict: true` on every tool.
    AnthropicStrict,
    /// OpenAI Chat Completions function calling, strict off.
    OpenAi,
    /// OpenAI function calling with `strict: true` (Structured Outputs).
    OpenAiStrict,
    /// Gemini API `functionDeclarations[].parameters` (an OpenAPI subset).
    Gemini,
    /// Gemini API `functionDeclarations[].parametersJsonSchema`.
    GeminiJsonSchema,
    /// Claude Code: its own MCP client checks, then the Anthropic API's.
    ClaudeCode,
    /// Cursor.
    Cursor,
    /// VS Code (Copilot Chat).
    VsCode,
    /// WebMCP (`navigator.modelContext.registerTool`).
    WebMcp,
    /// Vertex AI's Gemini function calling: the Gemini API's shared rules and Vertex's own.
    Vertex,
    /// The MCP specification's own rules.
    Mcp,
}

impl Target {
    /// Every target, in report order.
    pub const ALL: [Target; 12] = [
        Self::Anthropic,
        Self::AnthropicStrict,
        Self::OpenAi,
        Self::OpenAiStrict,
        Self::Gemini,
        Self::GeminiJsonSchema,
        Self::ClaudeCode,
        Self::Cursor,
        Self::VsCode,
        Self::WebMcp,
        Self::Vertex,
        Self::Mcp,
    ];

    /// The targets checked when none are named: the consumers that take a tool without the
    /// server's author opting in (strict modes, Gemini's `parameters` and WebMCP are opt-in).
    pub const DEFAULT: [Target; 7] = [
        Self::Anthropic,
        Self::OpenAi,
        Self::GeminiJsonSchema,
        Self::ClaudeCode,
        Self::Cursor,
        Self::VsCode,
        Self::Mcp,
    ];

    /// Whether the target is checked only when asked for (`--target`, or `all`): a mode a
    /// host or the author turns on (strict tool use, Gemini's `parameters`, WebMCP).
    pub fn opt_in(self) -> bool {
        !Self::DEFAULT.contains(&self)
    }

    /// What the target is, in a few words (for a column header's tooltip, a help text).
    pub fn title(self) -> &'static str {
        match self {
            Self::Anthropic => "Anthropic Messages API (input_schema)",
            Self::AnthropicStrict => "Anthropic strict tool use (strict: true)",
            Self::OpenAi => "OpenAI function calling",
            Self::OpenAiStrict => "OpenAI strict mode (Structured Outputs)",
            Self::Gemini => "Gemini API parameters (OpenAPI subset)",
            Self::GeminiJsonSchema => "Gemini API parametersJsonSchema",
            Self::ClaudeCode => "Claude Code (its MCP client, then the Anthropic API)",
            Self::Cursor => "Cursor",
            Self::VsCode => "VS Code (Copilot Chat)",
            Self::WebMcp => "WebMCP (navigator.modelContext)",
            Self::Vertex => "Vertex AI Gemini function calling",
            Self::Mcp => "The MCP specification",
        }
    }

    /// Its short name for a column header or a badge.
    pub fn label(self) -> &'static str {
        match self {
            Self::Anthropic => "Anthropic API",
            Self::AnthropicStrict => "Anthropic strict",
            Self::OpenAi => "OpenAI",
            Self::OpenAiStrict => "OpenAI strict",
            Self::Gemini => "Gemini",
            Self::GeminiJsonSchema => "Gemini JSON Schema",
            Self::ClaudeCode => "Claude Code",
            Self::Cursor => "Cursor",
            Self::VsCode => "VS Code",
            Self::WebMcp => "WebMCP",
            Self::Vertex => "Vertex AI",
            Self::Mcp => "MCP spec",
        }
    }

    /// The target's name: `anthropic`, `openai-strict`, `claude-code`…
    pub fn name(self) -> &'static str {
        match self {
            Self::Anthropic => "anthropic",
            Self::AnthropicStrict => "anthropic-strict",
            Self::OpenAi => "openai",
            Self::OpenAiStrict => "openai-strict",
            Self::Gemini => "gemini",
            Self::GeminiJsonSchema => "gemini-json-schema",
            Self::ClaudeCode => "claude-code",
            Self::Cursor => "cursor",
            Self::VsCode => "vscode",
            Self::WebMcp => "webmcp",
            Self::Vertex => "vertex",
            Self::Mcp => "mcp",
        }
    }

    /// The target called `name`, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The consumers of the compatibility data whose entries the target runs, its own first
    /// (a version asked for applies to it).
    pub fn consumers(self) -> &'static [&'static str] {
        match self {
            Self::Anthropic => &["anthropic"],
            Self::AnthropicStrict => &["anthropic-strict", "anthropic"],
            Self::OpenAi => &["openai"],
            Self::OpenAiStrict => &["openai-strict", "openai"],
            Self::Gemini => &["gemini-parameters", "gemini"],
            Self::GeminiJsonSchema => &["gemini-json-schema", "gemini"],
            Self::ClaudeCode => &["claude-code", "anthropic"],
            Self::Cursor => &["cursor"],
            Self::VsCode => &["vscode"],
            Self::WebMcp => &["webmcp"],
            Self::Vertex => &["vertex", "gemini"],
            Self::Mcp => &["mcp"],
        }
    }

    /// The target's rules at `version` (`None`: the newest known behaviour), from the built-in
    /// data and `extra` entries.
    pub fn rules(self, version: Option<&str>, extra: &[Entry]) -> Vec<Rule> {
        let entries: Vec<&Entry> = builtin().iter().chain(extra).collect();
        resolve::rules(&entries, self.consumers(), version)
    }
}

/// A target and the consumer version asked for (`claude-code@2.0`; `None`: the newest known
/// behaviour).
pub type TargetVersion = (Target, Option<String>);

/// The targets `names` name, in order: `all` stands for [`Target::ALL`] (in its place, once);
/// `name@version` asks for the behaviour of that version (or date, for an API without
/// versions); an unknown name or a version that is not dotted numbers is an error that says
/// so.
pub fn parse_targets<S: AsRef<str>>(names: &[S]) -> Result<Vec<TargetVersion>, String> {
    let mut out: Vec<TargetVersion> = Vec::new();
    for name in names {
        let (name, version) = match name.as_ref().split_once('@') {
            Some((name, version)) => (name, Some(version)),
            None => (name.as_ref(), None),
        };
        if let Some(v) = version {
            let numeric = !v.is_empty()
                && v.split(['.', '-'])
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
            if !numeric || name == "all" {
                return Err(format!(
                    "bad target version {name}@{v}: a version (2.1.84) or a date (2026-08) after a target name"
                ));
            }
        }
        let found = match name {
            "all" => Target::ALL.to_vec(),
            one => vec![Target::try_from(one.to_owned())?],
        };
        for target in found {
            let asked = (target, version.map(str::to_owned));
            if !out.contains(&asked) {
                out.push(asked);
            }
        }
    }
    Ok(out)
}

impl TryFrom<String> for Target {
    type Error = String;

    fn try_from(name: String) -> Result<Self, String> {
        Self::parse(&name).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|t| t.name()).collect();
            format!(
                "unknown target {name:?}: one of {}, or all",
                names.join(", ")
            )
        })
    }
}

/// One target as the front ends list it (the wasm export `compatTargets()`): its name, whether it
/// is checked only when asked for, and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetInfo {
    /// The name `targets` and `--target` take.
    pub name: &'static str,
    /// Whether it is left out of the default targets ([`Target::DEFAULT`]).
    #[serde(rename = "optIn")]
    pub opt_in: bool,
    /// What it is, in a few words.
    pub title: &'static str,
    /// Its short name for a column header or a badge (`Gemini JSON Schema`).
    pub label: &'static str,
}

/// Every target, in report order, as [`TargetInfo`].
pub fn target_infos() -> Vec<TargetInfo> {
    Target::ALL
        .iter()
        .map(|t| TargetInfo {
            name: t.name(),
            opt_in: t.opt_in(),
            title: t.title(),
            label: t.label(),
        })
        .collect()
}
