//! The pest parser generated from `grammar.pest`, and the builder from
//! its pairs to the syntax tree. Compiled for tests only: the hand-written
//! parser (`native/parser/`) is checked against it on generated inputs,
//! and never calls it (pest backtracks without memoization, so an invalid
//! input can cost it exponential time).
//!
//! The builder is where the flat parts of the grammar get their structure:
//! operator precedence (shunting-yard, no recursion per operator), the
//! right-associative conditional chain, which steps a splat captures, and
//! the nesting of template directives. It also measures the height of every
//! node it builds and stops at [`MAX_DEPTH`], so no tree it returns can make
//! a recursive walk (or `Drop`) overflow the stack.

use pest::error::{Error, ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;
use pest_derive::Parser;

use crate::native::ast::*;
use crate::native::diagnose::{self, Expected};
use crate::native::scan::{self, Scan, Start};
use crate::native::shape::{
    fold_binary, fold_conditionals, shape_template, unescape_quoted, unescape_template, Built,
    Conditions, ForTag, Item, Results, Tag,
};
use crate::native::{tokens, too_deep, Span, SyntaxError, MAX_DEPTH};

#[derive(Parser)]
#[grammar = "native/oracle/grammar.pest"]
struct HclParser;

/// A template parsed by pest: the oracle of the hand-written parser.
pub(crate) fn parse_template_pest(src: &str) -> Result<Template, Vec<SyntaxError>> {
    let root = run(src, Start::Template)?;
    let mut b = Builder::new(src);
    let items: Vec<Pair<'_, Rule>> = root.into_inner().collect();
    let span = Span::from_usize(0, src.len());
    let end = Span::from_usize(src.len(), src.len());
    let built = b.template(items, span, end, false);
    b.finish(built.map(|(t, _)| t))
}

/// An expression parsed by pest: the oracle of the hand-written parser.
pub(crate) fn parse_expression_pest(src: &str) -> Result<Expr, Vec<SyntaxError>> {
    let root = run(src, Start::Expression)?;
    let mut b = Builder::new(src);
    let expr = root
        .into_inner()
        .find(|p| p.as_rule() == Rule::expr)
        .expect("expression_root holds an expr");
    let built = b.expr(expr);
    b.finish(built.map(|(e, _)| e))
}

/// Checks size and depth, then runs pest; gives the root pair.
fn run(src: &str, start: Start) -> Result<Pair<'_, Rule>, Vec<SyntaxError>> {
    if src.len() > u32::MAX as usize {
        return Err(vec![SyntaxError::new(
            "Input too large",
            "Templates and expressions are limited to 4 GiB.",
            Span::new(0, 0),
        )]);
    }
    let scanned = scan::scan(src, start);
    if let Some(span) = scanned.too_deep {
        return Err(vec![too_deep(span)]);
    }
    let rule = match start {
        Start::Template => Rule::template_root,
        Start::Expression => Rule::expression_root,
    };
    match HclParser::parse(rule, src) {
        Ok(mut pairs) => Ok(pairs.next().expect("a root rule always yields its pair")),
        Err(err) => Err(from_pest(src, &err, &scanned, start)),
    }
}

/// The [`Expected`] bit of a pest rule.
fn bit(rule: Rule) -> Expected {
    use crate::native::diagnose::expected::*;
    match rule {
        Rule::operand | Rule::term | Rule::expr => EXPR,
        Rule::kw_endif => KW_ENDIF,
        Rule::quote_end => QUOTE_END,
        Rule::template_literal => TEMPLATE_LITERAL,
        Rule::interp_end => INTERP_END,
        Rule::directive_end => DIRECTIVE_END,
        Rule::kv_sep => KV_SEP,
        Rule::fat_arrow => FAT_ARROW,
        Rule::object_end => OBJECT_END,
        Rule::for_object_end => OBJECT_END | FOR_END,
        Rule::for_cond => FOR_COND,
        Rule::ellipsis => ELLIPSIS,
        Rule::tuple_end => TUPLE_END,
        Rule::tuple_comma => TUPLE_COMMA,
        Rule::args_end => ARGS_END,
        Rule::args_comma => ARGS_COMMA,
        Rule::paren_end => PAREN_END,
        Rule::index_end => INDEX_END,
        Rule::cond_colon => COND_COLON,
        Rule::for_colon => FOR_COLON,
        Rule::kw_in => KW_IN,
        Rule::attr_name => ATTR_NAME,
        Rule::ident => IDENT,
        Rule::EOI => EOI,
        _ => OTHER,
    }
}

/// The diagnostics for a pest failure on `src`: at run time the
/// hand-written parser records the same failure itself, and both go
/// through [`diagnose::from_failure`] and [`diagnose::after_failure`].
#[cold]
fn from_pest(src: &str, err: &Error<Rule>, scan: &Scan, start: Start) -> Vec<SyntaxError> {
    let p = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(src.len());
    let positives: &[Rule] = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => {
            // pest's own native stack guard: only reachable if the pre-scan
            // underestimated, but still a clean error.
            return vec![too_deep(Span::from_usize(p, p))];
        }
    };
    let set = positives.iter().fold(0, |acc, &r| acc | bit(r));
    let first = diagnose::from_failure(src, p, set, scan, start, false);
    let also = diagnose::after_failure(src, p, set, &first);
    std::iter::once(first).chain(also).collect()
}

fn span_of(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::from_usize(s.start(), s.end())
}

struct Builder<'s> {
    src: &'s str,
    /// Errors that did not stop the build; reported together at the end.
    errors: Vec<SyntaxError>,
}

impl<'s> Builder<'s> {
    fn new(src: &'s str) -> Self {
        Builder {
            src,
            errors: Vec::new(),
        }
    }

    fn finish<T>(mut self, built: Result<T, SyntaxError>) -> Result<T, Vec<SyntaxError>> {
        match built {
            Ok(v) if self.errors.is_empty() => Ok(v),
            Ok(_) => Err(self.errors),
            Err(e) => {
                self.errors.push(e);
                Err(self.errors)
            }
        }
    }

    fn check(&self, height: u32, span: Span) -> Result<(), SyntaxError> {
        if height > MAX_DEPTH {
            Err(too_deep(span))
        } else {
            Ok(())
        }
    }

    // ------------------------------------------------------------ expressions

    fn expr(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let mut inner = pair.into_inner();
        let first = self.binary(inner.next().expect("expr starts with binary"))?;
        // `c0 ? t1 : c1 ? t2 : e` arrives flat as c0, (t1, c1), (t2, e)
        // and means `c0 ? t1 : (c1 ? t2 : e)`.
        let mut conds = Conditions::new();
        conds.push(first);
        let mut thens = Results::new();
        for tail in inner {
            let mut t = tail.into_inner();
            thens.push(self.expr(t.next().expect("cond_tail has then"))?);
            conds.push(self.binary(t.nth(1).expect("cond_tail has else"))?);
        }
        fold_conditionals(conds, thens, |height, span| self.check(height, span))
    }

    fn binary(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        // The flat `operand (binop operand)*` list, shaped without
        // recursion per operator.
        let mut operands: Vec<(Expr, u32)> = Vec::new();
        let mut ops: Vec<(BinaryOp, Span)> = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::operand => operands.push(self.operand(p)?),
                Rule::binop => {
                    let op = BinaryOp::from_str(p.as_str()).expect("grammar only yields operators");
                    ops.push((op, span_of(&p)));
                }
                r => unreachable!("unexpected {r:?} in binary"),
            }
        }
        fold_binary(operands, ops, |height, span| self.check(height, span))
    }

    fn operand(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let mut unops = Vec::new();
        let mut term = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::unop => {
                    let op = if p.as_str() == "-" {
                        UnaryOp::Neg
                    } else {
                        UnaryOp::Not
                    };
                    unops.push((op, span_of(&p)));
                }
                Rule::term => term = Some(p),
                r => unreachable!("unexpected {r:?} in operand"),
            }
        }
        let mut acc = self.term(term.expect("operand has a term"))?;
        for (op, span) in unops.into_iter().rev() {
            let height = acc.1 + 1;
            self.check(height, span)?;
            let span = span.to(acc.0.span);
            acc = (
                Expr {
                    kind: ExprKind::Unary {
                        op,
                        operand: Box::new(acc.0),
                    },
                    span,
                },
                height,
            );
        }
        Ok(acc)
    }

    fn term(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let mut inner = pair.into_inner();
        let primary = self.primary(inner.next().expect("term has a primary"))?;
        let postfixes: Vec<Pair<'s, Rule>> = inner.collect();
        if postfixes.is_empty() {
            return Ok(primary);
        }
        // Each full splat nests the steps after it one level deeper; bound
        // that before recursing over them.
        if let Some(p) = postfixes
            .iter()
            .filter(|p| matches!(p.as_rule(), Rule::full_splat | Rule::attr_splat))
            .nth(MAX_DEPTH as usize)
        {
            return Err(too_deep(span_of(p)));
        }
        let (steps, steps_height) = self.steps(&postfixes)?;
        let height = 1 + primary.1.max(steps_height);
        let span = primary.0.span.to(steps.last().expect("non-empty").span);
        self.check(height, steps[0].span)?;
        let kind = ExprKind::Traversal(Box::new(TraversalExpr {
            source: primary.0,
            steps: steps.into(),
        }));
        Ok((Expr { kind, span }, height))
    }

    /// Structures a flat list of postfix operators into steps; the height is
    /// the deepest step's (0 for plain attribute steps).
    fn steps(&mut self, posts: &[Pair<'s, Rule>]) -> Built<Vec<Step>> {
        let mut steps = Vec::new();
        let mut height = 0;
        let mut i = 0;
        while i < posts.len() {
            let p = &posts[i];
            match p.as_rule() {
                Rule::attr_splat => {
                    // `.*` captures the attribute and legacy index steps
                    // right after it; anything else ends it.
                    let marker = span_of(p);
                    let mut each = Vec::new();
                    let mut each_height = 0;
                    let mut end = marker;
                    i += 1;
                    while let Some(q) = posts.get(i) {
                        match q.as_rule() {
                            Rule::get_attr | Rule::legacy_index => {
                                let (step, h) = self.simple_step(q.clone())?;
                                end = step.span;
                                each_height = each_height.max(h);
                                each.push(step);
                            }
                            Rule::attr_splat => {
                                self.errors.push(SyntaxError::new(
                                    "Nested splat expression not allowed",
                                    "A splat expression (*) cannot be used inside another \
                                     attribute-only splat expression.",
                                    // HCL blames the `*` of the `.*`.
                                    Span::new(span_of(q).end - 1, span_of(q).end),
                                ));
                                end = span_of(q);
                            }
                            _ => break,
                        }
                        i += 1;
                    }
                    height = height.max(each_height + 1);
                    steps.push(Step {
                        kind: StepKind::Splat {
                            kind: SplatKind::Attr,
                            each: each.into(),
                        },
                        span: marker.to(end),
                    });
                }
                Rule::full_splat => {
                    // `[*]` captures every later step, splats included.
                    let marker = span_of(p);
                    let (each, each_height) = self.steps(&posts[i + 1..])?;
                    let end = each.last().map_or(marker, |s| s.span);
                    height = height.max(each_height + 1);
                    steps.push(Step {
                        kind: StepKind::Splat {
                            kind: SplatKind::Full,
                            each: each.into(),
                        },
                        span: marker.to(end),
                    });
                    i = posts.len();
                }
                _ => {
                    let (step, h) = self.simple_step(p.clone())?;
                    height = height.max(h);
                    steps.push(step);
                    i += 1;
                }
            }
        }
        Ok((steps, height))
    }

    fn simple_step(&mut self, pair: Pair<'s, Rule>) -> Built<Step> {
        let span = span_of(&pair);
        let rule = pair.as_rule();
        let inner = pair.into_inner().next().expect("steps have content");
        match rule {
            Rule::get_attr => Ok((
                Step {
                    kind: StepKind::Attr(inner.as_str().into()),
                    span,
                },
                0,
            )),
            Rule::legacy_index => {
                let text = inner.as_str();
                if !text.bytes().all(|b| b.is_ascii_digit()) {
                    let detail = if text.contains('.') {
                        format!(
                            "When using the legacy index syntax, chaining two indexes together \
                             is not permitted. Use the proper index syntax instead, like [{}].",
                            text.replace('.', "][")
                        )
                    } else {
                        "A legacy index (`.0`) must be a whole number. Use the index syntax \
                         `[...]` instead."
                            .to_string()
                    };
                    self.errors.push(SyntaxError::new(
                        "Invalid legacy index syntax",
                        detail,
                        span_of(&inner),
                    ));
                }
                let key = Expr {
                    kind: ExprKind::Number(text.into()),
                    span: span_of(&inner),
                };
                Ok((
                    Step {
                        kind: StepKind::Index {
                            key: Box::new(key),
                            legacy: true,
                        },
                        span,
                    },
                    1,
                ))
            }
            Rule::index => {
                let (key, h) = self.expr(inner)?;
                Ok((
                    Step {
                        kind: StepKind::Index {
                            key: Box::new(key),
                            legacy: false,
                        },
                        span,
                    },
                    h,
                ))
            }
            r => unreachable!("unexpected {r:?} as a step"),
        }
    }

    fn primary(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let span = span_of(&pair);
        let leaf = |kind| Ok((Expr { kind, span }, 1));
        match pair.as_rule() {
            Rule::number => leaf(ExprKind::Number(pair.as_str().into())),
            Rule::variable => match pair.as_str() {
                "true" => leaf(ExprKind::Bool(true)),
                "false" => leaf(ExprKind::Bool(false)),
                "null" => leaf(ExprKind::Null),
                name => leaf(ExprKind::Variable(Ident {
                    name: name.into(),
                    span,
                })),
            },
            Rule::parens => {
                let (inner, h) = self.expr(pair.into_inner().next().expect("parens has expr"))?;
                self.wrap(ExprKind::Parens(Box::new(inner)), span, h + 1)
            }
            Rule::call => self.call(pair),
            Rule::tuple => {
                let mut items = Vec::new();
                let mut height = 0;
                for p in pair.into_inner() {
                    if p.as_rule() == Rule::expr {
                        let (e, h) = self.expr(p)?;
                        height = height.max(h);
                        items.push(e);
                    }
                }
                self.wrap(ExprKind::Tuple(items), span, height + 1)
            }
            Rule::object => self.object(pair),
            Rule::for_tuple | Rule::for_object => self.for_expr(pair),
            Rule::quoted => {
                let items: Vec<Pair<'s, Rule>> = pair.into_inner().collect();
                let quote = Span::new(span.end - 1, span.end);
                let (t, h) = self.template(items, span, quote, false)?;
                Ok((
                    Expr {
                        kind: ExprKind::Template(Box::new(t)),
                        span,
                    },
                    h,
                ))
            }
            Rule::heredoc => {
                let mut flush = false;
                let mut items = Vec::new();
                let mut close = span;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::heredoc_flush => flush = true,
                        Rule::heredoc_body => items.extend(p.into_inner()),
                        Rule::heredoc_close => close = span_of(&p),
                        _ => {}
                    }
                }
                let (t, h) = self.template(items, span, close, flush)?;
                Ok((
                    Expr {
                        kind: ExprKind::Template(Box::new(t)),
                        span,
                    },
                    h,
                ))
            }
            r => unreachable!("unexpected {r:?} as a primary"),
        }
    }

    fn wrap(&self, kind: ExprKind, span: Span, height: u32) -> Built<Expr> {
        // Point at the opening bracket (or call name), as the pre-scan does.
        self.check(height, tokens::token_at(self.src, span.start as usize))?;
        Ok((Expr { kind, span }, height))
    }

    fn call(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let span = span_of(&pair);
        let mut name = None;
        let mut args = smallvec::SmallVec::new();
        let mut expand_final = false;
        let mut height = 0;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::func_name => {
                    name = Some(Ident {
                        name: p.as_str().into(),
                        span: span_of(&p),
                    });
                }
                Rule::expr => {
                    let (e, h) = self.expr(p)?;
                    height = height.max(h);
                    args.push(e);
                }
                Rule::ellipsis => expand_final = true,
                _ => {}
            }
        }
        let call = Call {
            name: name.expect("call has a name"),
            args,
            expand_final,
        };
        self.wrap(ExprKind::Call(Box::new(call)), span, height + 1)
    }

    fn object(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let span = span_of(&pair);
        let mut items = Vec::new();
        let mut height = 0;
        // Items are separated by a comma or a newline.
        let mut prev_end: Option<u32> = None;
        let mut comma = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::object_comma => comma = true,
                Rule::object_item => {
                    // Not `span_of(&p)`: a pest pair of a rule ending in a
                    // repetition also covers the whitespace skipped after it.
                    let item_start = span_of(&p).start;
                    if let Some(end) = prev_end {
                        let between = &self.src[end as usize..item_start as usize];
                        if !comma && !between.contains('\n') {
                            self.errors.push(SyntaxError::new(
                                "Missing attribute separator",
                                "Expected a newline or comma to mark the beginning of the next \
                                 attribute.",
                                tokens::token_at(self.src, item_start as usize),
                            ));
                        }
                    }
                    comma = false;
                    let mut inner = p.into_inner();
                    let key_pair = inner
                        .next()
                        .expect("item has a key")
                        .into_inner()
                        .next()
                        .expect("key has content");
                    let key = if key_pair.as_rule() == Rule::ident_key {
                        let ident = key_pair.into_inner().next().expect("ident_key has ident");
                        ObjectKey::Ident(Ident {
                            name: ident.as_str().into(),
                            span: span_of(&ident),
                        })
                    } else {
                        let (e, h) = self.expr(key_pair)?;
                        height = height.max(h);
                        ObjectKey::Expr(e)
                    };
                    let value_pair = inner.nth(1).expect("item has a value");
                    let (value, h) = self.expr(value_pair)?;
                    height = height.max(h);
                    prev_end = Some(value.span.end);
                    items.push(ObjectItem {
                        span: key.span().to(value.span),
                        key,
                        value,
                    });
                }
                _ => {}
            }
        }
        let close = span.end as usize - 1;
        if let Some(e) = crate::native::layout::object_newline_error(self.src, &items, close) {
            self.errors.push(e);
        }
        self.wrap(ExprKind::Object(items), span, height + 1)
    }

    fn for_expr(&mut self, pair: Pair<'s, Rule>) -> Built<Expr> {
        let span = span_of(&pair);
        let is_object = pair.as_rule() == Rule::for_object;
        let mut names = Vec::new();
        let mut collection = None;
        let mut exprs = Vec::new();
        let mut grouping = false;
        let mut cond = None;
        let mut height = 0;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::for_intro => {
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::ident => names.push(Ident {
                                name: q.as_str().into(),
                                span: span_of(&q),
                            }),
                            Rule::expr => {
                                let (e, h) = self.expr(q)?;
                                height = height.max(h);
                                collection = Some(e);
                            }
                            _ => {}
                        }
                    }
                }
                Rule::expr => {
                    let (e, h) = self.expr(p)?;
                    height = height.max(h);
                    exprs.push(e);
                }
                Rule::ellipsis => grouping = true,
                Rule::for_cond => {
                    let e = p.into_inner().nth(1).expect("for_cond has expr");
                    let (e, h) = self.expr(e)?;
                    height = height.max(h);
                    cond = Some(e);
                }
                _ => {}
            }
        }
        let value_var = names.pop().expect("for has a variable");
        let key_var = names.pop();
        let mut exprs = exprs.into_iter();
        let result = if is_object {
            ForResult::Object {
                key: exprs.next().expect("for object has a key"),
                value: exprs.next().expect("for object has a value"),
                grouping,
            }
        } else {
            ForResult::Tuple {
                value: exprs.next().expect("for tuple has a value"),
            }
        };
        let fe = ForExpr {
            key_var,
            value_var,
            collection: collection.expect("for has a collection"),
            result,
            cond,
        };
        self.wrap(ExprKind::For(Box::new(fe)), span, height + 1)
    }

    // -------------------------------------------------------------- templates

    /// Builds a template from the pairs of its items (literal, interpolation
    /// and directive pairs; others are skipped). `flush` applies `<<-`
    /// heredoc indentation removal.
    fn template(
        &mut self,
        pairs: Vec<Pair<'s, Rule>>,
        span: Span,
        end: Span,
        flush: bool,
    ) -> Built<Template> {
        let mut items: Vec<Item> = Vec::with_capacity(pairs.len());
        for p in pairs {
            let item = match p.as_rule() {
                Rule::template_literal | Rule::heredoc_literal | Rule::heredoc_newline => {
                    Item::Lit {
                        text: unescape_template(p.as_str()),
                        span: span_of(&p),
                        quoted: false,
                    }
                }
                Rule::quoted_literal => Item::Lit {
                    text: unescape_quoted(p.as_str(), span_of(&p).start, &mut self.errors),
                    span: span_of(&p),
                    quoted: true,
                },
                Rule::interpolation => self.interpolation(p)?,
                Rule::directive => self.directive(p)?,
                _ => continue,
            };
            // Adjacent literal pieces (heredoc lines) form one literal.
            if let (
                Item::Lit { text, span, .. },
                Some(Item::Lit {
                    text: t, span: s, ..
                }),
            ) = (&item, items.last_mut())
            {
                t.push_str(text);
                *s = s.to(*span);
                continue;
            }
            items.push(item);
        }
        shape_template(&mut items, span, end, flush, &mut self.errors)
    }

    fn interpolation(&mut self, pair: Pair<'s, Rule>) -> Result<Item, SyntaxError> {
        let span = span_of(&pair);
        let mut strip = (false, false);
        let mut expr = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::strip_mark if expr.is_none() => strip.0 = true,
                Rule::strip_mark => strip.1 = true,
                Rule::expr => expr = Some(self.expr(p)?),
                _ => {}
            }
        }
        let (expr, height) = expr.expect("interpolation has expr");
        Ok(Item::Interp {
            expr,
            height,
            span,
            strip,
        })
    }

    fn directive(&mut self, pair: Pair<'s, Rule>) -> Result<Item, SyntaxError> {
        let span = span_of(&pair);
        let mut strip = (false, false);
        let mut tag = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::strip_mark if tag.is_none() => strip.0 = true,
                Rule::strip_mark => strip.1 = true,
                Rule::dir_if => {
                    let e = p.into_inner().nth(1).expect("if has expr");
                    let (e, h) = self.expr(e)?;
                    tag = Some(Tag::If(e, h));
                }
                Rule::dir_for => {
                    let mut names = Vec::new();
                    let mut coll = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::ident => names.push(Ident {
                                name: q.as_str().into(),
                                span: span_of(&q),
                            }),
                            Rule::expr => coll = Some(self.expr(q)?),
                            _ => {}
                        }
                    }
                    let (collection, height) = coll.expect("for has a collection");
                    let value_var = names.pop().expect("for has a variable");
                    tag = Some(Tag::For(Box::new(ForTag {
                        key_var: names.pop(),
                        value_var,
                        collection,
                        height,
                    })));
                }
                Rule::dir_else => tag = Some(Tag::Else),
                Rule::dir_endif => tag = Some(Tag::EndIf),
                Rule::dir_endfor => tag = Some(Tag::EndFor),
                _ => {}
            }
        }
        Ok(Item::Tag {
            tag: tag.expect("directive has a keyword"),
            span,
            strip,
        })
    }
}
