//! Classify pasted MCP payloads.

pub mod schemas;
