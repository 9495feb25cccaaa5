//! Converting `jsonschema` errors into located [`Diagnostic`]s, with `anyOf`/`oneOf` failures
//! grouped by branch (closest branch first) or explained by their closest branch.

use jsonschema::error::ValidationErrorKind;
use jsonschema::ValidationError;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, Span};
use crate::json::tree::{escape_pointer_token, pointer_tokens};

use super::locate::{InstanceLocator, SchemaSpans};
use super::messages::{expected_types, message, one_of, subject};
use super::stringified::nested_warning;

/// How an `anyOf`/`oneOf` failure is reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grouping {
    /// One diagnostic with every branch as a child, the closest first.
    #[default]
    Branches,
    /// In its place, the errors of the closest branch when exactly one branch is closest (e.g.
    /// the one whose constant discriminators hold); an `anyOf` of constants as one `enum` error
    /// listing them; otherwise as [`Grouping::Branches`].
    Closest,
}

/// What a conversion needs: where instance values and schema keywords sit, and where to put
/// the `stringified-value` warnings met on the way.
pub struct Converter<'a> {
    /// The instance's positions.
    pub instance: &'a InstanceLocator<'a>,
    /// Where the schema's keywords sit in its text.
    pub schema: &'a SchemaSpans,
    /// The root schema's `$id` without fragment, if it has one.
    pub schema_id: Option<&'a str>,
    /// How messages name the value at the root of the instance document.
    pub root: &'a str,
    /// How `anyOf`/`oneOf` failures are reported.
    pub grouping: Grouping,
    /// Warnings collected while converting (one per pointer).
    pub warnings: Vec<Diagnostic>,
}

impl Converter<'_> {
    /// The diagnostics for one error: usually one, one per unexpected property for
    /// `additionalProperties`/`unevaluatedProperties`, and a grouped tree for `anyOf`/`oneOf`.
    pub fn convert(&mut self, error: &ValidationError<'_>) -> Vec<Diagnostic> {
        let pointer = self.instance.absolute(error.instance_path().as_str());
        self.note_stringified(error, &pointer);
        let base = self.base(error, &pointer);
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected }
            | ValidationErrorKind::UnevaluatedProperties { unexpected } => unexpected
                .iter()
                .map(|name| self.unexpected_property(error, &base, name))
                .collect(),
            ValidationErrorKind::AnyOf { context }
            | ValidationErrorKind::OneOfNotValid { context } => match self.grouping {
                Grouping::Closest => self.closest(&base, error, context),
                Grouping::Branches => None,
            }
            .unwrap_or_else(|| vec![self.grouped(base, error, context)]),
            _ => vec![base],
        }
    }

    /// The plain diagnostic of an error: code, message, both locations and both spans.
    fn base(&self, error: &ValidationError<'_>, pointer: &str) -> Diagnostic {
        let location = self.schema.location(error.evaluation_path().as_str());
        let schema_span = self.schema_span(error);
        Diagnostic::error(error.kind().keyword(), message(error, &self.who(pointer)))
            .at_pointer(pointer)
            .with_span(self.instance.span_at(pointer))
            .with_keyword(location, schema_span)
    }

    /// How messages name the value at `pointer` of the instance document.
    fn who(&self, pointer: &str) -> String {
        if pointer.is_empty() {
            self.root.to_owned()
        } else {
            subject(pointer)
        }
    }

    /// One diagnostic per unexpected property, pointing at that property.
    fn unexpected_property(
        &self,
        error: &ValidationError<'_>,
        base: &Diagnostic,
        name: &str,
    ) -> Diagnostic {
        let pointer = format!("{}/{}", base.instance_path, escape_pointer_token(name));
        let mut diagnostic = base.clone();
        diagnostic.message = format!(
            "property {name:?} is not allowed ({})",
            error.kind().keyword()
        );
        diagnostic.span = self
            .instance
            .member_span(&base.instance_path, name)
            .or(base.span);
        diagnostic.instance_path = pointer;
        diagnostic
    }

    /// An `anyOf`/`oneOf` failure: the branches as children, the closest first.
    fn grouped(
        &mut self,
        mut parent: Diagnostic,
        error: &ValidationError<'_>,
        context: &[Vec<ValidationError<'static>>],
    ) -> Diagnostic {
        let own_depth = depth(error.instance_path().as_str());
        let mut order: Vec<usize> = (0..context.len()).collect();
        order.sort_by_key(|&i| {
            let errors = context.get(i).map_or(&[][..], Vec::as_slice);
            (distance(errors, own_depth), usize::MAX - deepest(errors))
        });
        let location = error.evaluation_path().as_str();
        for (rank, branch) in order.into_iter().enumerate() {
            let Some(errors) = context.get(branch) else {
                continue;
            };
            let mut children: Vec<Diagnostic> =
                errors.iter().flat_map(|e| self.convert(e)).collect();
            let closest = if rank == 0 { " (closest)" } else { "" };
            let child = match children.as_mut_slice() {
                [only] => {
                    only.message = format!("alternative {branch}{closest}: {}", only.message);
                    children.remove(0)
                }
                _ => {
                    let branch_location = self.schema.location(&format!("{location}/{branch}"));
                    let span = self
                        .schema
                        .get(&branch_location)
                        .filter(|_| self.same_document(error));
                    let mut wrapper = Diagnostic::error(
                        error.kind().keyword(),
                        format!(
                            "alternative {branch}{closest} fails with {} problems",
                            children.len()
                        ),
                    )
                    .at_pointer(parent.instance_path.clone())
                    .with_span(parent.span)
                    .with_keyword(branch_location, span);
                    wrapper.children = children;
                    wrapper
                }
            };
            parent.children.push(child);
        }
        parent
    }

    /// An `anyOf`/`oneOf` failure explained under [`Grouping::Closest`]: one `enum` error when
    /// every branch is a single constant, else the errors of the one closest branch; `None` when
    /// no single branch is closest.
    fn closest(
        &mut self,
        base: &Diagnostic,
        error: &ValidationError<'_>,
        context: &[Vec<ValidationError<'static>>],
    ) -> Option<Vec<Diagnostic>> {
        if let Some(constants) = constants(context) {
            let mut listed = base.clone();
            listed.code = "enum".to_owned();
            listed.message = one_of(
                &self.who(&base.instance_path),
                constants.into_iter(),
                error.instance(),
            );
            return Some(vec![listed]);
        }
        let own_depth = depth(error.instance_path().as_str());
        let best = context
            .iter()
            .map(|errors| distance(errors, own_depth))
            .min()?;
        let mut closest = context
            .iter()
            .filter(|errors| distance(errors, own_depth) == best);
        match (closest.next(), closest.next()) {
            (Some(errors), None) if !errors.is_empty() => {
                Some(errors.iter().flat_map(|e| self.convert(e)).collect())
            }
            _ => None,
        }
    }

    /// Records a `stringified-value` warning if a `type` error met a stringified object/array.
    fn note_stringified(&mut self, error: &ValidationError<'_>, pointer: &str) {
        let ValidationErrorKind::Type { kind } = error.kind() else {
            return;
        };
        if self.warnings.iter().any(|w| w.instance_path == pointer) {
            return;
        }
        if let Some(warning) = nested_warning(error.instance(), &expected_types(kind), pointer) {
            let warning = warning.with_span(self.instance.span_at(pointer));
            self.warnings.push(warning);
        }
    }

    /// Whether the error's keyword sits in the root schema document (not a registered one).
    fn same_document(&self, error: &ValidationError<'_>) -> bool {
        match (error.absolute_keyword_location(), self.schema_id) {
            (None, _) => true,
            (Some(uri), Some(id)) => uri.as_str().split('#').next() == Some(id),
            (Some(_), None) => false,
        }
    }

    /// Where the failing keyword sits in the schema text: through `$ref` the absolute location
    /// when it is in this document, else the canonical schema path, else the evaluation path.
    /// A candidate counts only if it ends at the failing keyword.
    fn schema_span(&self, error: &ValidationError<'_>) -> Option<Span> {
        let keyword = error.kind().keyword();
        let absolute = error
            .absolute_keyword_location()
            .filter(|_| self.same_document(error))
            .and_then(|uri| {
                uri.as_str()
                    .split_once('#')
                    .map(|(_, fragment)| fragment.to_owned())
            });
        let candidates = [
            absolute,
            Some(error.schema_path().as_str().to_owned()),
            Some(error.evaluation_path().as_str().to_owned()),
        ];
        let ends_at_keyword =
            |p: &str| keyword == "falseSchema" || p.rsplit('/').next() == Some(keyword);
        candidates
            .into_iter()
            .flatten()
            .filter(|p| ends_at_keyword(p))
            .find_map(|p| self.schema.get(&self.schema.location(&p)))
    }
}

/// How many tokens a JSON Pointer has.
fn depth(pointer: &str) -> usize {
    pointer_tokens(pointer).map_or(0, |t| t.len())
}

/// The deepest instance location among a branch's errors.
fn deepest(errors: &[ValidationError<'_>]) -> usize {
    errors
        .iter()
        .map(|e| depth(e.instance_path().as_str()))
        .max()
        .unwrap_or(0)
}

/// How far a failing branch was from matching (smaller is closer): a branch that rejects the
/// value's type outright is farthest; then one with more failed constants (discriminators such
/// as a `status` or `resultType` that do not hold); then more errors.
fn distance(errors: &[ValidationError<'_>], own_depth: usize) -> (bool, usize, usize) {
    let rejects_whole = errors.iter().any(|e| {
        depth(e.instance_path().as_str()) == own_depth
            && matches!(
                e.kind(),
                ValidationErrorKind::Type { .. }
                    | ValidationErrorKind::Constant { .. }
                    | ValidationErrorKind::Enum { .. }
                    | ValidationErrorKind::FalseSchema
            )
    });
    let mismatched = errors
        .iter()
        .filter(|e| matches!(e.kind(), ValidationErrorKind::Constant { .. }))
        .count();
    (rejects_whole, mismatched, errors.len())
}

/// The constants of an `anyOf`/`oneOf` each of whose branches failed only its `const` (an
/// `enum` in disguise, e.g. a task status), or `None`.
fn constants<'c>(context: &'c [Vec<ValidationError<'static>>]) -> Option<Vec<&'c Value>> {
    let constants: Vec<&Value> = context
        .iter()
        .map(|branch| match branch.as_slice() {
            [only] => match only.kind() {
                ValidationErrorKind::Constant { expected_value } => Some(&**expected_value),
                _ => None,
            },
            _ => None,
        })
        .collect::<Option<_>>()?;
    (!constants.is_empty()).then_some(constants)
}
