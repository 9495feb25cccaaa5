//! The task lifecycle half of the session checker: creating tasks, applying status reports, the
//! state machine, timestamps and poll timing, and where a task's result goes.

use crate::diagnostic::Severity;

use crate::host::session::dispatch::{AnsweredCall, Dispatch};
use crate::host::session::tracked_task::{StatusObservation, TrackedTask};
use crate::host::session::{MAX_HISTORY, MAX_TASKS};
use crate::host::task_state::{
    check_transition, HistoryEntry, TaskEvent, TaskState, TaskStatus, TransitionError,
};
use crate::host::time::{format_rfc3339, parse_rfc3339};
use crate::json::{Node, NodeKind};
use crate::protocol::messages::{
    meta, result_kind, task_report, ResultKind, TaskReport, RELATED_TASK,
};
use crate::protocol::Generation;

/// How a status report relates to what the host already knew.
#[derive(Clone, Copy, Debug)]
enum Freshness {
    /// Newer than (or as new as) every report before it: it sets the state.
    Current,
    /// Older than a report that arrived after its request was sent (or, for a notification sent
    /// before its task's CreateTaskResult, after that request): legal, since responses and
    /// notifications are not ordered, but it does not change the state. Checked against
    /// `before`, the state when its request was sent.
    Stale {
        /// The state when the window opened, if the task had one.
        before: Option<StatusObservation>,
    },
}

/// One status report, as [`Dispatch::record`] takes it.
struct Found<'r, 'n> {
    /// The status it reports (or implies).
    status: TaskStatus,
    /// Its task fields.
    report: &'r TaskReport<'n>,
    /// Pointer to the object holding them.
    task_path: &'r str,
    /// What reported it.
    event: TaskEvent,
    /// Whether it sets the state.
    freshness: Freshness,
}

/// The pointer of the object holding a task's fields under `pointer` (see `task_object`).
fn task_pointer(node: &Node, pointer: &str) -> String {
    match node.value_of("task") {
        Some(task) if task.members().is_some() => format!("{pointer}/task"),
        _ => pointer.to_owned(),
    }
}

impl Dispatch<'_, '_, '_> {
    /// Starts tracking the task a CreateTaskResult (`node`, at `result`) announces.
    pub(super) fn create_task(
        &mut self,
        node: &Node,
        result: &str,
        generation: Generation,
        call: AnsweredCall,
    ) -> Option<String> {
        let doc = self.doc;
        let report = task_report(doc, node);
        let task_id = report.task_id.and_then(Node::as_str)?;
        let task_path = task_pointer(node, result);
        if self.session.tasks.contains_key(task_id) {
            let message = format!("task id {task_id:?} is already in use by an earlier task");
            self.report(
                Severity::Error,
                "task-id-reused",
                message,
                format!("{task_path}/taskId"),
            );
            return None;
        }
        let status = self.status_of(&report, &task_path)?;
        if check_transition(None, status, generation).is_err() {
            let message = format!(
                "a {} task cannot start `{}`: it starts `working`{}",
                generation.as_str(),
                status.as_str(),
                match generation {
                    Generation::V2025_11_25 => "",
                    Generation::V2026_07_28 => " or `input_required`",
                }
            );
            self.report(
                Severity::Error,
                "forbidden-transition",
                message,
                format!("{task_path}/status"),
            );
        }
        let state = TaskState {
            tool_name: call.tool,
            arguments: call.arguments,
            last_status: status,
            ended: status.is_terminal(),
            last_updated_at: None,
            next_poll_at: None,
            poll_interval_ms: None,
            generation,
            history: Vec::new(),
            pending_input: Vec::new(),
            first_row: None,
            last_row: None,
        };
        let tracked = TrackedTask {
            state,
            last_answer_ms: None,
            last_updated_ms: None,
            result_is_error: None,
            implied_terminal: false,
            timeline: Vec::new(),
            input_requests: None,
            created_at: self.number,
        };
        if self.session.tasks.len() >= MAX_TASKS {
            self.forget_oldest_task();
        }
        self.session.tasks.insert(task_id.to_owned(), tracked);
        let found = Found {
            status,
            report: &report,
            task_path: &task_path,
            event: TaskEvent::Created,
            freshness: Freshness::Current,
        };
        self.record(task_id, found);
        Some(task_id.to_owned())
    }

    /// The status a report carries, reporting `unknown-status` for a value outside the five.
    fn status_of(&mut self, report: &TaskReport<'_>, task_path: &str) -> Option<TaskStatus> {
        let node = report.status?;
        let status = node.as_str().and_then(TaskStatus::parse);
        if status.is_none() {
            let message = format!(
                "task status {} is not working, input_required, completed, failed or cancelled",
                self.doc.lexeme(node)
            );
            self.report(
                Severity::Error,
                "unknown-status",
                message,
                format!("{task_path}/status"),
            );
        }
        status
    }

    /// A status report (tasks/get answer, notification, cancel answer) about a task.
    pub(super) fn observe(
        &mut self,
        pointer: &str,
        event: TaskEvent,
        expected: Option<&str>,
        window: Option<usize>,
    ) {
        let doc = self.doc;
        let Some(node) = doc.pointer(pointer) else {
            return;
        };
        let report = task_report(doc, node);
        let task_path = task_pointer(node, pointer);
        let Some(task_id) = report.task_id.and_then(Node::as_str).or(expected) else {
            return;
        };
        let Some(tracked) = self.session.tasks.get(task_id) else {
            // An answer to a request about an unknown task was already noted at the request.
            if expected.is_none() {
                self.unknown_task(task_id, format!("{task_path}/taskId"));
            }
            return;
        };
        let (from, generation, implied) = (
            tracked.state.last_status,
            tracked.state.generation,
            tracked.implied_terminal,
        );
        let result_is_error = tracked.result_is_error;
        let Some(status) = self.status_of(&report, &task_path) else {
            return;
        };
        let freshness = self.freshness(task_id, status, &report, window);
        let status_path = format!("{task_path}/status");
        let from = match freshness {
            Freshness::Current => Some(from),
            Freshness::Stale { before } => before.map(|b| b.status),
        };
        if let Freshness::Stale { .. } = freshness {
            if let Some(from) = from {
                self.check_move(task_id, from, status, generation, status_path);
            }
        } else if implied && !status.is_terminal() {
            let message = format!("task {task_id:?} is `{}` after tasks/result delivered its result: the result was used before the task completed", status.as_str());
            self.report(
                Severity::Error,
                "result-before-completion",
                message,
                status_path,
            );
        } else if implied {
            if let Some(is_error) = result_is_error {
                self.check_is_error(task_id, generation, is_error, status, status_path);
            }
        } else if let Some(from) = from {
            self.check_move(task_id, from, status, generation, status_path);
        }
        if let (Freshness::Current, Some(tracked)) =
            (freshness, self.session.tasks.get_mut(task_id))
        {
            tracked.implied_terminal = false;
        }
        if report.result.is_some() {
            let result_path = format!("{task_path}/result");
            if !status.is_terminal() {
                let message = format!("task {task_id:?} carries a `result` while `{}`: a result is only final once the task is `completed`", status.as_str());
                self.report(
                    Severity::Error,
                    "result-before-completion",
                    message,
                    result_path.clone(),
                );
            }
            self.check_payload(task_id, &result_path, status);
        }
        let found = Found {
            status,
            report: &report,
            task_path: &task_path,
            event,
            freshness,
        };
        self.record(task_id, found);
        let asks = doc
            .pointer(&task_path)
            .is_some_and(|t| t.get("inputRequests").is_some());
        if let (Freshness::Current, TaskStatus::InputRequired, true) = (freshness, status, asks) {
            self.input_requested(task_id, &format!("{task_path}/inputRequests"));
        }
    }

    /// Reports a status change the state machine forbids.
    fn check_move(
        &mut self,
        task_id: &str,
        from: TaskStatus,
        to: TaskStatus,
        generation: Generation,
        status_path: String,
    ) {
        let Err(error) = check_transition(Some(from), to, generation) else {
            return;
        };
        let (code, why) = match error {
            TransitionError::AfterTerminal => {
                ("status-after-terminal", "a finished task came back")
            }
            TransitionError::Forbidden => ("forbidden-transition", "terminal states are final"),
        };
        let message = format!(
            "task {task_id:?} changed from terminal `{}` to `{}`: {why}",
            from.as_str(),
            to.as_str()
        );
        self.report(Severity::Error, code, message, status_path);
    }

    /// Whether a report is older than one that arrived after its `window` opened (the entry
    /// index of its request; `None` for a notification, which is taken in arrival order).
    fn freshness(
        &self,
        task_id: &str,
        status: TaskStatus,
        report: &TaskReport<'_>,
        window: Option<usize>,
    ) -> Freshness {
        let (Some(window), Some(tracked)) = (window, self.session.tasks.get(task_id)) else {
            return Freshness::Current;
        };
        let Some(latest) = tracked.timeline.last().filter(|o| o.index >= window) else {
            return Freshness::Current;
        };
        let updated = report
            .last_updated_at
            .and_then(Node::as_str)
            .and_then(parse_rfc3339);
        let older = match (updated, latest.updated_ms) {
            (Some(mine), Some(known)) => mine < known || (mine == known && status != latest.status),
            _ => status != latest.status,
        };
        if !older {
            return Freshness::Current;
        }
        let before = tracked
            .timeline
            .iter()
            .rev()
            .find(|o| o.index < window)
            .copied();
        Freshness::Stale { before }
    }

    /// A 2025-11-25 `tasks/result` answer: the task's result, implying its terminal status.
    pub(super) fn result_delivered(&mut self, result: &str, task_id: &str) {
        let Some(tracked) = self.session.tasks.get(task_id) else {
            return;
        };
        let status = tracked.state.last_status;
        let Some(is_error) = self.check_payload(task_id, result, status) else {
            return;
        };
        let Some(tracked) = self.session.tasks.get_mut(task_id) else {
            return;
        };
        if !status.is_terminal() {
            let implied = TaskStatus::for_tool_result(tracked.state.generation, is_error);
            tracked.implied_terminal = true;
            let report = TaskReport {
                task_id: None,
                status: None,
                last_updated_at: None,
                poll_interval_ms: None,
                result: None,
            };
            let found = Found {
                status: implied,
                report: &report,
                task_path: result,
                event: TaskEvent::Result,
                freshness: Freshness::Current,
            };
            self.record(task_id, found);
        }
    }

    /// Checks a task's result against its tool and its terminal status; returns its `isError`.
    fn check_payload(&mut self, task_id: &str, result: &str, status: TaskStatus) -> Option<bool> {
        let doc = self.doc;
        let tracked = self.session.tasks.get(task_id)?;
        let generation = tracked.state.generation;
        let tool = tracked.state.tool_name.clone();
        self.check_result_against(result, tool.as_deref(), Some(false));
        let node = doc.pointer(result)?;
        let is_error = matches!(
            node.value_of("isError").map(|v| &v.kind),
            Some(NodeKind::Bool(true))
        );
        if let Some(tracked) = self.session.tasks.get_mut(task_id) {
            tracked.result_is_error = Some(is_error);
        }
        if status.is_terminal() {
            self.check_is_error(
                task_id,
                generation,
                is_error,
                status,
                format!("{result}/isError"),
            );
        }
        Some(is_error)
    }

    /// Reports a terminal status that does not match the result's `isError` for the generation.
    fn check_is_error(
        &mut self,
        task_id: &str,
        generation: Generation,
        is_error: bool,
        status: TaskStatus,
        path: String,
    ) {
        let expected = TaskStatus::for_tool_result(generation, is_error);
        if status != expected && status != TaskStatus::Cancelled {
            let message = format!(
                "in {} a tool result with `isError: {is_error}` makes task {task_id:?} `{}`, but it is `{}`",
                generation.as_str(),
                expected.as_str(),
                status.as_str()
            );
            self.report(Severity::Error, "is-error-status-mismatch", message, path);
        }
    }

    /// Records an observation: timestamps, poll interval, history and the next poll time. A
    /// stale one only joins the history (and times the next poll if it answers one).
    fn record(&mut self, task_id: &str, found: Found<'_, '_>) {
        let doc = self.doc;
        let Found {
            status,
            report,
            task_path,
            event,
            freshness,
        } = found;
        let stamp = report
            .last_updated_at
            .map(|node| (node.as_str().and_then(parse_rfc3339), doc.lexeme(node)));
        let updated_path = format!("{task_path}/lastUpdatedAt");
        let previous = match freshness {
            Freshness::Current => self
                .session
                .tasks
                .get(task_id)
                .and_then(|t| t.last_updated_ms),
            Freshness::Stale { before } => before.and_then(|b| b.updated_ms),
        };
        match stamp {
            Some((None, text)) => {
                let message = format!("`lastUpdatedAt` {text} is not an RFC 3339 date-time");
                self.report(
                    Severity::Warning,
                    "invalid-timestamp",
                    message,
                    updated_path,
                );
            }
            Some((Some(ms), text)) if previous.is_some_and(|p| ms < p) => {
                let message = format!("`lastUpdatedAt` {text} is earlier than the previous one");
                // A warning: the tasks utility defines `lastUpdatedAt` as "when the task was
                // last updated" and puts no MUST on its order (2025-11-25, checked 2026-12-03).
                self.report(
                    Severity::Warning,
                    "last-updated-backwards",
                    message,
                    updated_path,
                );
            }
            _ => {}
        }
        let span = doc.span_at("");
        let (number, time) = (self.number, self.time);
        let Some(tracked) = self.session.tasks.get_mut(task_id) else {
            return;
        };
        let was_terminal = tracked.state.last_status.is_terminal() && event != TaskEvent::Created;
        if matches!(event, TaskEvent::Created | TaskEvent::Polled) && time.is_some() {
            tracked.last_answer_ms = time;
        }
        let stale = matches!(freshness, Freshness::Stale { .. });
        tracked.state.history.push(HistoryEntry {
            status,
            event,
            message_index: number,
            last_updated_at: report
                .last_updated_at
                .and_then(Node::as_str)
                .map(str::to_owned),
            received_at: time.map(format_rfc3339),
            span,
            stale,
        });
        if !stale {
            if let Some((ms, text)) = stamp {
                tracked.last_updated_ms = ms.or(tracked.last_updated_ms);
                tracked.state.last_updated_at = report
                    .last_updated_at
                    .and_then(Node::as_str)
                    .map(str::to_owned)
                    .or(Some(text.to_owned()));
            }
            if let Some(interval) = report.poll_interval_ms {
                tracked.state.poll_interval_ms = Some(interval);
            }
            tracked.state.last_status = status;
            tracked.state.ended = status.is_terminal();
        }
        // Only reported states order later reports; the one a `tasks/result` implies does not.
        if !stale && event != TaskEvent::Result {
            tracked.timeline.push(StatusObservation {
                index: number,
                status,
                updated_ms: stamp.and_then(|(ms, _)| ms),
            });
        }
        trim_front(&mut tracked.timeline, MAX_HISTORY);
        trim_front(&mut tracked.state.history, MAX_HISTORY);
        let status = tracked.state.last_status;
        if status.is_terminal() && !was_terminal {
            self.session.finished.push_back(task_id.to_owned());
        }
        let base = tracked.last_answer_ms.or(tracked.last_updated_ms);
        tracked.state.next_poll_at =
            match (status.is_terminal(), base, tracked.state.poll_interval_ms) {
                (false, Some(base), Some(interval)) => i64::try_from(interval)
                    .ok()
                    .map(|i| format_rfc3339(base.saturating_add(i))),
                _ => None,
            };
    }

    /// Warns about a `tasks/get` sent sooner than the poll interval after the previous answer.
    pub(super) fn check_poll(&mut self, task_id: &str) {
        let Some(tracked) = self.session.tasks.get(task_id) else {
            return;
        };
        let interval = tracked
            .state
            .poll_interval_ms
            .and_then(|i| i64::try_from(i).ok());
        let (Some(now), Some(previous), Some(interval)) =
            (self.time, tracked.last_answer_ms, interval)
        else {
            return;
        };
        if !tracked.state.last_status.is_terminal() && now < previous.saturating_add(interval) {
            let message = format!("task {task_id:?} polled {} ms after the previous answer; the poll interval is {interval} ms", now - previous);
            self.report(Severity::Warning, "poll-too-fast", message, String::new());
        }
    }

    /// What the host handed the model: a tool result must not stand in for an unfinished task.
    pub(super) fn handed_to_model(&mut self, node: &Node, task_id: Option<&str>) {
        let related = meta(node, RELATED_TASK)
            .and_then(|r| r.value_of("taskId"))
            .and_then(Node::as_str);
        let Some(task_id) = task_id.or(related) else {
            return;
        };
        let Some(tracked) = self.session.tasks.get(task_id) else {
            return self.unknown_task(task_id, String::new());
        };
        if result_kind(node) != ResultKind::ToolResult {
            return;
        }
        let status = tracked.state.last_status;
        let tool = tracked.state.tool_name.clone();
        if !status.is_terminal() {
            let message = format!(
                "a tool result for task {task_id:?} was handed to the model while the task is `{}`",
                status.as_str()
            );
            self.report(
                Severity::Error,
                "fake-result-while-working",
                message,
                String::new(),
            );
        }
        self.check_result_against("", tool.as_deref(), Some(false));
    }

    /// Forgets the task created first (a terminal one if any), to keep at most [`MAX_TASKS`].
    fn forget_oldest_task(&mut self) {
        let oldest = self
            .session
            .tasks
            .iter()
            .min_by_key(|(_, t)| (!t.is_terminal(), t.created_at))
            .map(|(id, _)| id.clone());
        if let Some(oldest) = oldest {
            self.session.tasks.remove(&oldest);
            let message = format!("more than {MAX_TASKS} tasks: task {oldest:?} is forgotten");
            self.report(Severity::Warning, "session-limit", message, String::new());
        }
    }
}

/// Drops the oldest items of `items` past `max`.
fn trim_front<T>(items: &mut Vec<T>, max: usize) {
    if items.len() > max {
        items.drain(..items.len() - max);
    }
}
