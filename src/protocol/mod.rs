//! The MCP vocabulary every check shares: the protocol versions ([`Version`]), the task generations
//! and what differs between them ([`Generation::rules`]), task statuses, the recognition of JSON-RPC messages and result shapes,
//! and the embedded official schemas.
//!
//! Pure vocabulary: nothing here validates or reports. [`crate::classify`] and [`crate::host`]
//! both build on it and never on each other.

mod generation;
pub mod kinds;
pub mod messages;
pub mod schemas;
mod task_status;
mod version;

pub use generation::{Generation, Rules, TaskRequest, GENERATIONS};
pub use task_status::TaskStatus;
pub use version::{Version, VERSIONS};
