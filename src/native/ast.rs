//! The syntax tree of native expressions and templates.
//!
//! Every node carries a [`Span`] of byte offsets into the text given to the
//! parser. The tree is made for evaluation and static analysis: number
//! literals keep their source text (the evaluator converts them at full
//! precision), postfix operators are flat lists of [`Step`]s so a static
//! traversal is one loop, splats say exactly which steps they apply to each
//! element, and template literals already hold their final text (escapes
//! decoded, strip markers and heredoc indentation applied).
//!
//! Allocating and freeing its nodes is a large part of what a template's
//! parse costs, so a node with children keeps the
//! usual ones in its one box (a traversal its source and first three steps, a
//! binary chain its first operand and term, a conditional all three
//! operands, a call three arguments), and names and short texts are held
//! inline ([`Text`]).
//!
//! `Display` prints a compact S-expression (`a + b * c` is
//! `(+ a (* b c))`), used by tests and handy when debugging.

use std::fmt;

use smallvec::SmallVec;

use super::Span;

/// The text of a name or literal in the tree: held inline up to 24 bytes
/// (nearly every identifier and most literal runs), so building a tree
/// does not allocate once per name.
///
/// It derefs to `str` and has no `Display` of its own on purpose:
/// `text.to_string()` then is `str`'s copy, not a trip through the
/// formatting machinery (a cost paid for every name by every static
/// analysis that hands names out as `String`s); format it as `&*text`.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(compact_str::CompactString);

impl Text {
    /// An empty text with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> Text {
        Text(compact_str::CompactString::with_capacity(capacity))
    }

    /// Appends `s`.
    pub(crate) fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }

    /// Appends `c`.
    pub(crate) fn push(&mut self, c: char) {
        self.0.push(c);
    }

    /// Keeps the first `len` bytes (a character boundary).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Removes the first `len` bytes (a character boundary).
    pub(crate) fn remove_prefix(&mut self, len: usize) {
        self.0.replace_range(..len, "");
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.as_str(), f)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(compact_str::CompactString::from(s))
    }
}

/// A name as written in the source: a variable, attribute, iterator or
/// function name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ident {
    /// The name.
    pub name: Text,
    /// Where it was written.
    pub span: Span,
}

/// An expression with its source span.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What kind of expression this is.
    pub kind: ExprKind,
    /// The whole expression in the source.
    pub span: Span,
}

/// The kinds of native expressions.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A number literal, as written (`1`, `1.5`, `2e10`); the evaluator
    /// converts it so no precision is lost here.
    Number(Text),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A quoted string or heredoc: a template (boxed: a template keeps
    /// its one part inline).
    Template(Box<Template>),
    /// A variable reference, `name`.
    Variable(Ident),
    /// Attribute access, indexing and splats applied to an expression.
    Traversal(Box<TraversalExpr>),
    /// A function call.
    Call(Box<Call>),
    /// A tuple constructor `[a, b]`.
    Tuple(Vec<Expr>),
    /// An object constructor `{k = v, ...}`.
    Object(Vec<ObjectItem>),
    /// A `for` expression, `[for ...]` or `{for ...}`.
    For(Box<ForExpr>),
    /// A unary operation.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// Its operand.
        operand: Box<Expr>,
    },
    /// A chain of binary operations of one precedence level.
    Binary(Box<BinaryExpr>),
    /// `cond ? then : otherwise`.
    Conditional(Box<ConditionalExpr>),
    /// A parenthesized expression, kept so that analysis can tell `(a).b`
    /// from `a.b` and `{(k) = v}` from `{k = v}`.
    Parens(Box<Expr>),
}

/// Attribute access, indexing and splats applied to `source`, in order:
/// `a.b[0].*.c` is one traversal with three steps.
///
/// The source and its first three steps share the node's one allocation
/// (`var.region`, `aws_vpc.main.id`, `data.aws_region.current.name`): a
/// traversal of real files rarely has more.
#[derive(Debug, Clone, PartialEq)]
pub struct TraversalExpr {
    /// The expression the steps apply to.
    pub source: Expr,
    /// The steps, left to right. Never empty.
    pub steps: Steps,
}

/// A traversal's steps, the first three inline.
pub(crate) type Steps = SmallVec<[Step; 3]>;

/// A chain of binary operations of one precedence level, applied left to
/// right: `a - b + c` is `first` = `a` and `rest` = `[- b, + c]`, meaning
/// `(a - b) + c`. Operands bind tighter than the chain's operators
/// (`a + b * c` is a chain of `+` whose second operand is a chain of `*`).
/// A flat run of operators is one node, not a nesting of one node per
/// operator, so a 10 000-term `a + b + ...` is as shallow as `a + b` for
/// every walk over the tree.
///
/// A one-operator chain (nearly all of them) is one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct BinaryExpr {
    /// The leftmost operand.
    pub first: Expr,
    /// The operators with their right operands, left to right; never
    /// empty, all of the same `BinaryOp::precedence`.
    pub rest: SmallVec<[BinaryTerm; 1]>,
}

/// `cond ? then : otherwise`, its three operands in one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct ConditionalExpr {
    /// The predicate.
    pub cond: Expr,
    /// The result when the predicate is true.
    pub then: Expr,
    /// The result when the predicate is false.
    pub otherwise: Expr,
}

/// One operator and its right operand in an [`ExprKind::Binary`] chain.
#[derive(Debug, Clone, PartialEq)]
pub struct BinaryTerm {
    /// The operator.
    pub op: BinaryOp,
    /// Where the operator was written.
    pub op_span: Span,
    /// The right operand.
    pub rhs: Expr,
}

/// One postfix step of a [`ExprKind::Traversal`].
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What the step does.
    pub kind: StepKind,
    /// The step in the source, from its `.` or `[`; for a splat, the marker
    /// and all the steps it captures.
    pub span: Span,
}

/// The kinds of traversal steps.
#[derive(Debug, Clone, PartialEq)]
pub enum StepKind {
    /// `.name`: attribute access.
    Attr(Text),
    /// `[key]`, or the legacy form `.0` (then `legacy` is true and `key` is
    /// a whole-number [`ExprKind::Number`]). Both mean indexing.
    Index {
        /// The key expression.
        key: Box<Expr>,
        /// Whether it was written in the legacy `.N` form.
        legacy: bool,
    },
    /// A splat: apply `each` to every element of the value (a non-list value
    /// counts as a one-element list, null as an empty one) and give a tuple
    /// of the results. Later steps of the enclosing list apply to that
    /// tuple.
    ///
    /// An attribute-only splat `.*` captures the attribute and legacy index
    /// steps right after it; a full splat `[*]` captures every step after it,
    /// further splats included.
    Splat {
        /// Which splat operator was written.
        kind: SplatKind,
        /// The steps applied to each element (boxed exactly: a step is
        /// then no larger than an attribute's name and span).
        each: Box<[Step]>,
    },
}

/// The two splat operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SplatKind {
    /// `.*`
    Attr,
    /// `[*]`
    Full,
}

/// A function call `name(args...)`: with up to three arguments (most
/// calls: `replace(s, "a", "b")`, `lookup(m, k, null)`), one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The function name, namespaces included (`provider::aws::arn_parse`).
    pub name: Ident,
    /// The arguments.
    pub args: SmallVec<[Expr; 3]>,
    /// Whether the last argument was followed by `...`: its elements are
    /// passed as separate arguments.
    pub expand_final: bool,
}

impl Call {
    /// The `::`-separated parts of the name: `["provider", "aws", "f"]`.
    pub fn name_parts(&self) -> impl Iterator<Item = &str> {
        self.name.name.split("::")
    }
}

/// One `key = value` item of an object constructor.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectItem {
    /// The key.
    pub key: ObjectKey,
    /// The value.
    pub value: Expr,
    /// The whole item, key to value.
    pub span: Span,
}

/// The key of an object item.
#[derive(Debug, Clone, PartialEq)]
pub enum ObjectKey {
    /// A bare identifier (`true`, `false` and `null` included): the literal
    /// string key of that name, not a variable reference.
    Ident(Ident),
    /// Any other expression (a quoted string, `(var.k)`, `a.b`), evaluated
    /// to get the key.
    Expr(Expr),
}

impl ObjectKey {
    /// Where the key was written.
    pub fn span(&self) -> Span {
        match self {
            ObjectKey::Ident(i) => i.span,
            ObjectKey::Expr(e) => e.span,
        }
    }
}

/// A `for` expression.
#[derive(Debug, Clone, PartialEq)]
pub struct ForExpr {
    /// The key (or index) variable, when two names were given.
    pub key_var: Option<Ident>,
    /// The value variable.
    pub value_var: Ident,
    /// The collection iterated over.
    pub collection: Expr,
    /// What each element produces.
    pub result: ForResult,
    /// The `if` filter, if any.
    pub cond: Option<Expr>,
}

/// What a `for` expression builds.
#[derive(Debug, Clone, PartialEq)]
pub enum ForResult {
    /// `[for ... : value]`: a tuple.
    Tuple {
        /// The element expression.
        value: Expr,
    },
    /// `{for ... : key => value}`: an object.
    Object {
        /// The key expression.
        key: Expr,
        /// The value expression.
        value: Expr,
        /// `value...`: group the values of equal keys into tuples.
        grouping: bool,
    },
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-`
    Neg,
    /// `!`
    Not,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `&&`
    And,
    /// `||`
    Or,
}

impl BinaryOp {
    /// HCL's precedence level: higher binds tighter (6 for `* / %` down to
    /// 1 for `||`). All levels are left-associative.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => 6,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Lt | BinaryOp::Le => 4,
            BinaryOp::Eq | BinaryOp::Ne => 3,
            BinaryOp::And => 2,
            BinaryOp::Or => 1,
        }
    }

    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        }
    }

    /// The operator written `s` (the pest oracle's builder reads them so).
    #[cfg(test)]
    pub(crate) fn from_str(s: &str) -> Option<BinaryOp> {
        Some(match s {
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Mod,
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::Ge,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::Le,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "&&" => BinaryOp::And,
            "||" => BinaryOp::Or,
            _ => return None,
        })
    }
}

impl UnaryOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Not => "!",
        }
    }
}

/// A template: the content of a JSON string in full-expression mode, a
/// quoted string or a heredoc.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// The parts, in order: one inline (most templates of real files are
    /// one interpolation, and most quoted strings one run of text).
    pub parts: Parts,
    /// The template's text in the source: for a quoted string or heredoc,
    /// the whole literal including its delimiters; for a directive body,
    /// the text between the directives.
    pub span: Span,
}

impl Template {
    /// A template of one literal text, written at `span`.
    pub(crate) fn literal(text: Text, span: Span) -> Template {
        Template {
            parts: smallvec::smallvec![TemplatePart::Literal { text, span }],
            span,
        }
    }

    /// The expression of a template that is exactly one interpolation
    /// (`"${x}"`, also `"${~ x ~}"`) and nothing else: HCL's *template
    /// interpolation unwrapping* evaluates such a template to the
    /// expression's value as is, without converting it to a string.
    ///
    /// Any other text, even whitespace that strip markers removed, a second
    /// interpolation or a directive, makes it an ordinary template.
    pub fn as_single_interpolation(&self) -> Option<&Expr> {
        match self.parts.as_slice() {
            [TemplatePart::Interpolation { expr, .. }] => Some(expr),
            _ => None,
        }
    }

    /// The text of a template made only of literal text (`None` if it has
    /// any interpolation or directive). An empty template gives `""`.
    pub fn as_literal(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                TemplatePart::Literal { text, .. } => out.push_str(text),
                _ => return None,
            }
        }
        Some(out)
    }
}

/// A template's parts, the first inline.
pub(crate) type Parts = SmallVec<[TemplatePart; 1]>;

/// One part of a [`Template`].
#[derive(Debug, Clone, PartialEq)]
pub enum TemplatePart {
    /// Literal text, final: escapes decoded, strip markers and heredoc
    /// indentation already applied. It may be empty when strip markers
    /// removed all of it; it is kept so that the template still counts as
    /// having text around its interpolation, as in HCL.
    Literal {
        /// The text.
        text: Text,
        /// The text in the source, before any stripping.
        span: Span,
    },
    /// `${ expr }`.
    Interpolation {
        /// The interpolated expression.
        expr: Expr,
        /// The whole `${ ... }` sequence.
        span: Span,
    },
    /// `%{ if }...%{ else }...%{ endif }`.
    If(Box<TemplateIf>),
    /// `%{ for }...%{ endfor }`.
    For(Box<TemplateFor>),
}

impl TemplatePart {
    /// Where the part was written (for directives, from the opening `%{` to
    /// the end of the closing directive).
    pub fn span(&self) -> Span {
        match self {
            TemplatePart::Literal { span, .. } | TemplatePart::Interpolation { span, .. } => *span,
            TemplatePart::If(i) => i.span,
            TemplatePart::For(f) => f.span,
        }
    }
}

/// An `if` directive.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateIf {
    /// The predicate.
    pub cond: Expr,
    /// The template used when the predicate is true.
    pub then: Template,
    /// The `else` template, if written (absent means the empty string).
    pub otherwise: Option<Template>,
    /// From `%{ if` to the end of `%{ endif }`.
    pub span: Span,
}

/// A `for` directive.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateFor {
    /// The key (or index) variable, when two names were given.
    pub key_var: Option<Ident>,
    /// The value variable.
    pub value_var: Ident,
    /// The collection iterated over.
    pub collection: Expr,
    /// The template produced for each element.
    pub body: Template,
    /// From `%{ for` to the end of `%{ endfor }`.
    pub span: Span,
}

// ------------------------------------------------------------ S-expressions

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Number(n) => f.write_str(n),
            ExprKind::Bool(b) => write!(f, "{b}"),
            ExprKind::Null => f.write_str("null"),
            ExprKind::Template(t) => write!(f, "{t}"),
            ExprKind::Variable(v) => f.write_str(&v.name),
            ExprKind::Traversal(t) => {
                write!(f, "(get {}", t.source)?;
                for step in &t.steps {
                    write!(f, " {step}")?;
                }
                f.write_str(")")
            }
            ExprKind::Call(call) => {
                write!(f, "(call {}", &*call.name.name)?;
                for arg in &call.args {
                    write!(f, " {arg}")?;
                }
                if call.expand_final {
                    f.write_str("...")?;
                }
                f.write_str(")")
            }
            ExprKind::Tuple(items) => {
                f.write_str("(tuple")?;
                for item in items {
                    write!(f, " {item}")?;
                }
                f.write_str(")")
            }
            ExprKind::Object(items) => {
                f.write_str("(object")?;
                for item in items {
                    match &item.key {
                        ObjectKey::Ident(i) => write!(f, " ({} = {})", &*i.name, item.value)?,
                        ObjectKey::Expr(e) => write!(f, " ({e} = {})", item.value)?,
                    }
                }
                f.write_str(")")
            }
            ExprKind::For(fe) => {
                let vars = match &fe.key_var {
                    Some(k) => format!("({} {})", &*k.name, &*fe.value_var.name),
                    None => format!("({})", &*fe.value_var.name),
                };
                match &fe.result {
                    ForResult::Tuple { value } => {
                        write!(f, "(for-tuple {vars} {} {value}", fe.collection)?;
                    }
                    ForResult::Object {
                        key,
                        value,
                        grouping,
                    } => {
                        write!(f, "(for-object {vars} {} {key} {value}", fe.collection)?;
                        if *grouping {
                            f.write_str("...")?;
                        }
                    }
                }
                if let Some(cond) = &fe.cond {
                    write!(f, " (if {cond})")?;
                }
                f.write_str(")")
            }
            ExprKind::Unary { op, operand } => write!(f, "({} {operand})", op.as_str()),
            ExprKind::Binary(b) => {
                // Printed as the left-nested binary tree it means, without
                // recursing per operator.
                for term in b.rest.iter().rev() {
                    write!(f, "({} ", term.op.as_str())?;
                }
                write!(f, "{}", b.first)?;
                for term in &b.rest {
                    write!(f, " {})", term.rhs)?;
                }
                Ok(())
            }
            ExprKind::Conditional(c) => write!(f, "(? {} {} {})", c.cond, c.then, c.otherwise),
            ExprKind::Parens(inner) => write!(f, "(parens {inner})"),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            StepKind::Attr(name) => write!(f, ".{}", &**name),
            StepKind::Index { key, .. } => write!(f, "[{key}]"),
            StepKind::Splat { kind, each } => {
                f.write_str(match kind {
                    SplatKind::Attr => ".*(",
                    SplatKind::Full => "[*](",
                })?;
                for (i, step) in each.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{step}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for Template {
    /// `(template "text" expr (if c (template ...) (template ...)) ...)`:
    /// literals are quoted, interpolations show their expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(template")?;
        for part in &self.parts {
            match part {
                TemplatePart::Literal { text, .. } => write!(f, " {text:?}")?,
                TemplatePart::Interpolation { expr, .. } => write!(f, " {expr}")?,
                TemplatePart::If(i) => {
                    write!(f, " (if {} {}", i.cond, i.then)?;
                    if let Some(o) = &i.otherwise {
                        write!(f, " {o}")?;
                    }
                    f.write_str(")")?;
                }
                TemplatePart::For(fr) => {
                    f.write_str(" (for (")?;
                    if let Some(k) = &fr.key_var {
                        write!(f, "{} ", &*k.name)?;
                    }
                    write!(f, "{}) {} {})", &*fr.value_var.name, fr.collection, fr.body)?;
                }
            }
        }
        f.write_str(")")
    }
}
