//! The consumers a tool can be checked against, and the rule tables each one runs.

use super::rule::Rule;
use super::{anthropic, claude_code, cursor, gemini, mcp, openai, vscode, webmcp};

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
    /// The MCP specification's own rules.
    Mcp,
}

impl Target {
    /// Every target, in report order.
    pub const ALL: [Target; 11] = [
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
            Self::Mcp => "The MCP specification",
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
            Self::Mcp => "mcp",
        }
    }

    /// The target called `name`, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The rule tables of the target's profile.
    pub fn tables(self) -> &'static [&'static [Rule]] {
        match self {
            Self::Anthropic => &[anthropic::RULES],
            Self::AnthropicStrict => &[anthropic::RULES, anthropic::STRICT_RULES],
            Self::OpenAi => &[openai::RULES],
            Self::OpenAiStrict => &[openai::RULES, openai::STRICT_RULES],
            Self::Gemini => &[gemini::RULES],
            Self::GeminiJsonSchema => &[gemini::JSON_SCHEMA_RULES],
            Self::ClaudeCode => &[claude_code::RULES, anthropic::RULES],
            Self::Cursor => &[cursor::RULES],
            Self::VsCode => &[vscode::RULES],
            Self::WebMcp => &[webmcp::RULES],
            Self::Mcp => &[mcp::RULES],
        }
    }

    /// Every rule of the target's profile.
    pub fn rules(self) -> impl Iterator<Item = &'static Rule> {
        self.tables().iter().flat_map(|table| table.iter())
    }
}

/// The targets `names` name, in order: `all` stands for [`Target::ALL`] (in its place, once);
/// an unknown name is an error that lists the known ones.
pub fn parse_targets<S: AsRef<str>>(names: &[S]) -> Result<Vec<Target>, String> {
    let mut out: Vec<Target> = Vec::new();
    for name in names {
        let found = match name.as_ref() {
            "all" => Target::ALL.to_vec(),
            one => vec![Target::try_from(one.to_owned())?],
        };
        for target in found {
            if !out.contains(&target) {
                out.push(target);
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
