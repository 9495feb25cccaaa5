//! Provider compatibility: will Claude, OpenAI, Gemini, Cursor, VS Code… take this tool?
//!
//! A tool our checks call valid is still rejected in the field, because each model API or host
//! accepts only part of JSON Schema and has its own naming rules. What each consumer does is data
//! ([`data`]: `compat-data/*.json`, one entry per consumer × feature with the verdict, the
//! versions it holds for, the message users see, the fix and dated public evidence); a [`Target`]
//! runs the entries of its consumers that hold for the version asked, resolved by date
//! (`resolve.rs`) into [`Rule`]s; each feature has one detector (`checks/`), run once per tool.
//!
//! [`check_compatibility`] runs the profiles over a tool, an array of tools or a `tools/list`
//! result: a verdict and findings per tool and target, and per target for the whole list (tool
//! counts, duplicate names after a rewrite, budgets). [`lower_tool`] rewrites one tool so that a
//! profile accepts it, listing each change and each constraint the consumer no longer enforces.

mod check;
mod checks;
pub mod data;
mod locate;
mod lower;
pub mod mcp;
mod options;
mod params;
mod report;
mod resolve;
mod rule;
mod target;
mod user_data;
mod verdict;

pub use check::{check_compatibility, check_parsed};
pub use checks::{check_schema, x_mcp_header, INVALID_SCHEMA, UNUSABLE_SCHEMA};
pub use data::{read_data, Entry, Evidence};
pub use locate::{locate_server, locate_tools, tools_generation};
pub use lower::{lower_tool, lower_tool_with, Change, Lost, Lowered};
pub use options::{data_errors, CompatOptions};
pub use params::{ArrayScope, Field, NameRule};
pub use report::{data_report, data_report_of, DataReport, DataRow};
pub use resolve::compare_versions;
pub use rule::{Check, Effect, Rule};
pub use target::{
    declared_in, every_target, parse_targets, target_infos, Kind, Target, TargetInfo,
    TargetVersion, Versions,
};
pub use user_data::{read_user_data, UserData};
pub use verdict::{CompatReport, PerTarget, TargetResult, ToolCompat, Verdict, Verdicts};
