//! HCL's native syntax
//! (<https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md>): the
//! one hand-written parser of templates, expressions (`parser/`) and
//! bodies (`body/`), the syntax tree they build (`ast.rs`, every node with
//! a [`Span`] of byte offsets into the text given), the identifier rule
//! (`ident.rs`), the wording of syntax errors (`diagnose.rs`, from the
//! farthest failure), the pre-scan of the error path (`scan.rs`), where
//! HCL's scanner puts token boundaries and newlines (`tokens.rs`), and the
//! tree shaping and object newline rule shared with the oracle (`shape.rs`,
//! `layout.rs`). The pest grammar that
//! states the language, and the property tests that hold the parser to it,
//! are the test-only `oracle/`.
//!
//! This layer evaluates nothing (that is `eval`'s) and knows no files: for
//! a JSON string the spans are offsets into the *decoded* string, which
//! the JSON layer maps back to source ranges. Nesting is limited to
//! [`MAX_DEPTH`] levels, so no recursive walk over a tree can overflow the
//! stack, whatever the input.

mod ast;
mod body;
mod diagnose;
pub(crate) mod form;
pub(crate) mod ident;
mod ident_tables;
mod layout;
#[cfg(test)]
mod oracle;
mod parser;
mod scan;
mod shape;
mod tokens;

// `ExprKind` goes out through the crate's hidden door (`__internals`), for
// the syntax tests that check a tree's shape.
pub use ast::ExprKind;
pub(crate) use ast::{
    BinaryOp, BinaryTerm, Call, Expr, ForExpr, ForResult, Ident, ObjectItem, ObjectKey, SplatKind,
    Step, StepKind, Template, TemplateFor, TemplateIf, TemplatePart, UnaryOp,
};

pub(crate) use body::comments::body_comments;
pub(crate) use body::{parse_body, AttributeNode, BlockNode, BodyTree, Item};

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::pos::Range;

/// The deepest nesting the parser accepts.
///
/// Two measures are held to it. While reading, every bracket (`(`, `[`,
/// `{`), interpolation or directive sequence, open `if`/`for` directive
/// body, quoted string or heredoc, unary operator and conditional `?`
/// (each link of an else-chain too) opens one level, and input is refused
/// as soon as it goes past the limit, so refusing costs about what reading
/// up to there costs. And the syntax tree's height is held to it as each
/// node is built. Deeper input is rejected with a "Nesting too deep"
/// [`SyntaxError`].
///
/// A flat chain of binary operators (`a + b + ...`, `x || y || ...`) is
/// one n-ary node, not a nesting: it has no length limit.
///
/// The limit keeps every recursive walk over a tree (the parser itself,
/// evaluation, dropping the tree) well within a 2 MiB thread stack, even in
/// unoptimized builds; real configurations stay far below it.
pub const MAX_DEPTH: u32 = 100;

/// The error for input nested deeper than [`MAX_DEPTH`], at `span`.
#[cold]
pub(crate) fn too_deep(span: Span) -> SyntaxError {
    SyntaxError::new(
        "Nesting too deep",
        format!(
            "This expression is nested more than {MAX_DEPTH} levels deep. Simplify it, for \
             example by moving parts into separate variables."
        ),
        span,
    )
}

/// A half-open byte range `[start, end)` in the text given to the parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The span as a `usize` range, for slicing the source.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The length in bytes.
    pub fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub(crate) fn from_usize(start: usize, end: usize) -> Span {
        // Callers check the input length against u32::MAX first.
        Span::new(start as u32, end as u32)
    }
}

/// A syntax error in a template or expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// A short, fixed description ("Invalid expression").
    pub summary: String,
    /// A sentence about this occurrence, saying what to do.
    pub detail: String,
    /// The offending text.
    pub span: Span,
    /// Text the detail names by its range, as HCL's details do ("The if
    /// directive at t.json:1,8-20 is ..."): the detail holds
    /// [`SyntaxError::MENTION`] where the range goes, filled in by
    /// [`to_diagnostic`](Self::to_diagnostic).
    pub mention: Option<Span>,
}

impl SyntaxError {
    /// The placeholder in a detail for the range of [`mention`](Self::mention).
    pub const MENTION: &'static str = "{range}";

    pub(crate) fn new(summary: impl Into<String>, detail: impl Into<String>, span: Span) -> Self {
        SyntaxError {
            summary: summary.into(),
            detail: detail.into(),
            span,
            mention: None,
        }
    }

    /// The same error, its detail naming `span` by its range.
    pub(crate) fn mentioning(mut self, span: Span) -> Self {
        self.mention = Some(span);
        self
    }

    /// The error as a [`Diagnostic`], with `map` turning its spans into
    /// source ranges.
    pub fn to_diagnostic(&self, map: impl Fn(Span) -> Range) -> Diagnostic {
        let detail = match self.mention {
            Some(m) => self.detail.replace(Self::MENTION, &map(m).to_string()),
            None => self.detail.clone(),
        };
        Diagnostic::error(&self.summary, detail, Some(map(self.span)))
            .with_kind(DiagnosticKind::Syntax)
    }
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (bytes {}..{}): {}",
            self.summary, self.span.start, self.span.end, self.detail
        )
    }
}

impl std::error::Error for SyntaxError {}

/// Parses a standalone template: literal text with `${ ... }`
/// interpolations and `%{ ... }` directives, as a JSON string holds in
/// full-expression mode. There are no quotes or backslash escapes at this
/// level; `$${` and `%%{` stand for literal `${` and `%{`.
pub fn parse_template(src: &str) -> Result<Template, Vec<SyntaxError>> {
    parser::parse_template(src).into_result()
}

/// Parses a whole native expression (`aws_instance.example`,
/// `list(string)`, `a ? b : c`); whitespace and comments around it are
/// allowed, anything else after it is an error.
pub fn parse_expression(src: &str) -> Result<Expr, Vec<SyntaxError>> {
    parser::parse_expression(src).into_result()
}

/// Whether `s` must go through [`parse_template`]: true iff it contains `${`
/// or `%{`. A string without them is its own literal value. (The escapes
/// `$${` and `%%{` contain these sequences too, so such strings are parsed
/// and come out unescaped.)
pub fn needs_template_parse(s: &str) -> bool {
    let bytes = s.as_bytes();
    // A scan for `{` preceded by `$` or `%`: one pass, no allocation.
    bytes
        .windows(2)
        .any(|w| w[1] == b'{' && (w[0] == b'$' || w[0] == b'%'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_template_parse_finds_introducers_and_escapes() {
        assert!(!needs_template_parse("plain text $ % { }"));
        assert!(needs_template_parse("Hello, ${name}"));
        assert!(needs_template_parse("%{ if a }x%{ endif }"));
        assert!(needs_template_parse("$${literal}"));
        assert!(needs_template_parse("%%{literal}"));
        assert!(!needs_template_parse(""));
    }

    #[test]
    fn syntax_error_becomes_diagnostic_with_mapped_range() {
        use crate::pos::Pos;
        let err = SyntaxError::new("Invalid expression", "Detail.", Span::new(2, 4));
        let diag = err.to_diagnostic(|s| {
            Range::new(
                "f.tf.json",
                Pos {
                    line: 1,
                    column: s.start as usize + 1,
                    byte: s.start as usize,
                },
                Pos {
                    line: 1,
                    column: s.end as usize + 1,
                    byte: s.end as usize,
                },
            )
        });
        assert_eq!(diag.summary, "Invalid expression");
        assert_eq!(diag.detail, "Detail.");
        assert_eq!(diag.subject.unwrap().bytes(), 2..4);
    }
}
