//! The log formats: one table ([`LOG_FORMATS`]) of every format read, each row its name, its
//! label, a line saying what it is, how its text is recognised and its reader. Detection,
//! `from_name`, the options' error, serde, the wasm layer's `logFormats()` (the CLI's
//! `--input-format` choices and help, the page's labels, the docs' table through a test) and the
//! fuzz target read this table: a new format is its reader file in `formats/` and one row here
//! (its `mod` line and its row).

use serde::{Serialize, Serializer};

use super::found::Found;

// The readers, one file each in formats/ (a new format: its file, its `mod` line here and its row
// below). `lines` and `transcript_log` are also what `read` falls back on.
mod cassette;
mod claude_code;
mod claude_desktop;
mod cursor;
mod har;
mod har_entry;
mod inspector;
pub(super) mod lines;
mod mcp_debugger;
mod mcpsnoop;
mod mcptools;
mod python_sdk;
pub(super) mod transcript_log;
mod vscode;
mod zed;

/// A format's row; in JavaScript (no `looksLike`, no `read`) a format as `logFormats()` lists it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LogFormatInfo"))]
pub struct FormatRow {
    /// Its name (`--input-format`, `{format}`, the reports' `format`).
    #[cfg_attr(test, ts(as = "LogFormat"))]
    pub name: &'static str,
    /// What a reader calls it (the page's badge; the reports' `detected` when the reader says
    /// no more).
    pub label: &'static str,
    /// What it is and where it comes from, in one line (the CLI's help, the docs' table).
    pub description: &'static str,
    /// Whether a text is in this format (tried in the table's order; the last two take what no
    /// other took).
    #[cfg_attr(test, ts(skip))]
    looks_like: fn(&str) -> bool,
    /// Reads the text's messages and context lines into `found`.
    #[cfg_attr(test, ts(skip))]
    pub(super) read: fn(&mut Found<'_>),
}

/// The format of a pasted log: a row of [`LOG_FORMATS`] (serialized as its name).
#[derive(Clone, Copy)]
pub struct LogFormat(&'static FormatRow);

impl LogFormat {
    /// This project's transcripts and recordings: read as one when nothing else is recognised
    /// and the text starts like JSON (else, or when it does not read as one, as [`Self::JSONL`]).
    pub const TRANSCRIPT: Self = Self(&FormatRow {
        name: "transcript",
        label: "transcript (a JSON array of entries, or JSON Lines)",
        description: "this project's transcripts and proxy recordings",
        looks_like: |text| text.trim_start().starts_with(['[', '{']),
        read: transcript_log::read,
    });

    /// JSON Lines among other lines: what any other text is read as.
    pub const JSONL: Self = Self(&FormatRow {
        name: "jsonl",
        label: "JSON Lines among other lines",
        description: "JSON Lines among other lines (server stderr, `tee` output)",
        looks_like: |_| true,
        read: lines::read,
    });

    /// Its row.
    pub fn row(self) -> &'static FormatRow {
        self.0
    }

    /// Its name (`vscode`, `claude-desktop`, …).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The format named `name` (a row of [`LOG_FORMATS`]).
    pub fn from_name(name: &str) -> Option<Self> {
        LOG_FORMATS.iter().copied().find(|f| f.name() == name)
    }

    /// The first format of the table whose text `text` looks like.
    pub(super) fn sniff(text: &str) -> Self {
        LOG_FORMATS
            .iter()
            .copied()
            .find(|f| (f.0.looks_like)(text))
            .unwrap_or(Self::JSONL)
    }
}

impl PartialEq for LogFormat {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for LogFormat {}

impl std::fmt::Debug for LogFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for LogFormat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// `LogFormat` in TypeScript: the union of the names of [`LOG_FORMATS`], in the table's order
/// (written here rather than derived: the type is a row of the table, serialised as its name).
#[cfg(test)]
impl ts_rs::TS for LogFormat {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some(ts_rs::format_docs(&[
            " The formats `readLog` / `replayLog` read (detected from the text unless `format` is",
            " given): the names `logFormats()` lists, from the crate's table of formats.",
        ]))
    }

    fn name(_: &ts_rs::Config) -> String {
        "LogFormat".to_owned()
    }

    fn inline(_: &ts_rs::Config) -> String {
        let names: Vec<String> = LOG_FORMATS
            .iter()
            .map(|f| format!("\"{}\"", f.name()))
            .collect();
        names.join(" | ")
    }

    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type LogFormat = {};", Self::inline(cfg))
    }
}

impl Serialize for FormatRow {
    /// `{name, label, description}`, as `logFormats()` lists it.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut row = s.serialize_struct("LogFormatInfo", 3)?;
        row.serialize_field("name", self.name)?;
        row.serialize_field("label", self.label)?;
        row.serialize_field("description", self.description)?;
        row.end()
    }
}

/// Every format, in the order tried on a text: the first whose `looks_like` takes it reads it.
pub const LOG_FORMATS: [LogFormat; 14] = [
    LogFormat(&FormatRow {
        name: "mcpsnoop",
        label: "mcpsnoop capture",
        description: "mcpsnoop's session logs (`.jsonl`) and exports (`export -T json`, `-T har`)",
        looks_like: mcpsnoop::looks_like,
        read: mcpsnoop::read,
    }),
    LogFormat(&FormatRow {
        name: "har",
        label: "HTTP Archive (HAR 1.2)",
        description: "an HTTP Archive (HAR 1.2) of a Streamable HTTP session",
        looks_like: har::looks_like,
        read: har::read,
    }),
    LogFormat(&FormatRow {
        name: "mcp-debugger",
        label: "mcp-debugger export",
        description: "mcp-debugger's JSON export (`mcp-debugger export N --format json`)",
        looks_like: mcp_debugger::looks_like,
        read: mcp_debugger::read,
    }),
    LogFormat(&FormatRow {
        name: "mcp-recorder",
        label: "mcp-recorder cassette",
        description: "an mcp-recorder cassette (PyPI `mcp-recorder`, format 1.x)",
        looks_like: cassette::looks_like,
        read: cassette::read,
    }),
    LogFormat(&FormatRow {
        name: "inspector",
        label: "MCP Inspector history export",
        description: "the MCP Inspector's exported history (2.x, History → Export)",
        looks_like: inspector::looks_like,
        read: inspector::read,
    }),
    LogFormat(&FormatRow {
        name: "vscode",
        label: "VS Code output log",
        description: "VS Code's MCP output channel, both forms",
        looks_like: vscode::looks_like,
        read: vscode::read,
    }),
    LogFormat(&FormatRow {
        name: "claude-desktop",
        label: "Claude Desktop MCP log",
        description: "Claude Desktop's MCP logs, `mcp.log` and `mcp-server-NAME.log`",
        looks_like: claude_desktop::looks_like,
        read: claude_desktop::read,
    }),
    LogFormat(&FormatRow {
        name: "python-sdk",
        label: "Python SDK debug log",
        description: "the Python MCP SDK's debug lines (its SSE server at DEBUG)",
        looks_like: python_sdk::looks_like,
        read: python_sdk::read,
    }),
    LogFormat(&FormatRow {
        name: "cursor",
        label: "Cursor MCP log",
        description: "Cursor's MCP output (`Cursor MCP.log`, the Output panel's MCP channels)",
        looks_like: cursor::looks_like,
        read: cursor::read,
    }),
    LogFormat(&FormatRow {
        name: "zed",
        label: "Zed log",
        description: "Zed's log (`Zed.log`): its MCP client's trace lines",
        looks_like: zed::looks_like,
        read: zed::read,
    }),
    LogFormat(&FormatRow {
        name: "claude-code",
        label: "Claude Code MCP log",
        description: "Claude Code's MCP debug lines (`--debug`) and `mcp-logs` files",
        looks_like: claude_code::looks_like,
        read: claude_code::read,
    }),
    LogFormat(&FormatRow {
        name: "mcptools",
        label: "mcptools log",
        description: "mcptools' logs of its mock, proxy and guard servers (`~/.mcpt/logs/*.log`)",
        looks_like: mcptools::looks_like,
        read: mcptools::read,
    }),
    LogFormat::TRANSCRIPT,
    LogFormat::JSONL,
];
