//! Terms and their traversal steps: `.attr`, `[index]`, legacy `.0`
//! indexes and the splats `.*` and `[*]`, structured into the steps each
//! splat applies to each element (the grammar's `term` and `postfix`
//! rules). Also the two shortcuts that read a plain reference
//! (`var.region`) or an operand nothing can extend (`n + a * 2`)
//! directly, without descending through every precedence level; both
//! build the node the descent would, and the oracle tests hold them to it.

use smallvec::SmallVec;

use crate::native::ast::{Expr, ExprKind, Ident, SplatKind, Step, StepKind, Steps, TraversalExpr};
use crate::native::diagnose::expected::{ATTR_NAME, EXPR, INDEX_END, OTHER};
use crate::native::ident;
use crate::native::{Span, SyntaxError, MAX_DEPTH};

use super::{check, span, Built, NameRun, Res, Stop, P};

/// A postfix operator as read, before splats capture their steps.
pub(super) enum Post {
    /// An attribute, index or legacy index step, with its height.
    Simple(Step, u32),
    /// `.*`
    AttrSplat(Span),
    /// `[*]`
    FullSplat(Span),
}

/// Whether `post`, after a `.*`, is one of the steps that splat
/// captures: an attribute or legacy index step, or a nested `.*` (an
/// error, reported while reading, captured as pest's builder does).
fn captured_by_attr_splat(post: &Post) -> bool {
    match post {
        Post::Simple(s, _) => matches!(
            s.kind,
            StepKind::Attr(_) | StepKind::Index { legacy: true, .. }
        ),
        Post::AttrSplat(_) => true,
        Post::FullSplat(_) => false,
    }
}

/// How many steps [`shape_steps`] makes of `posts`: each list is
/// allocated at its exact size, so a splat's steps box without a copy.
fn step_count(posts: &[Post]) -> usize {
    let (mut n, mut i) = (0, 0);
    while let Some(post) = posts.get(i) {
        n += 1;
        i += 1;
        match post {
            Post::FullSplat(_) => break,
            Post::AttrSplat(_) => {
                i += posts[i..]
                    .iter()
                    .take_while(|p| captured_by_attr_splat(p))
                    .count();
            }
            Post::Simple(..) => {}
        }
    }
    n
}

/// Structures flat postfix operators into steps, as the pest builder
/// does: `.*` captures the attribute and legacy index steps right after
/// it, `[*]` every later step. The height is the deepest step's (0 for
/// plain attribute steps). Recursion is bounded by the splat count, which
/// the caller limits.
pub(super) fn shape_steps(posts: &mut std::vec::IntoIter<Post>) -> Built<Vec<Step>> {
    let mut steps = Vec::with_capacity(step_count(posts.as_slice()));
    let mut height = 0;
    while let Some(post) = posts.next() {
        match post {
            Post::AttrSplat(marker) => {
                let rest = posts.as_slice();
                let captured = rest
                    .iter()
                    .take_while(|p| captured_by_attr_splat(p))
                    .filter(|p| matches!(p, Post::Simple(..)))
                    .count();
                let mut each = Vec::with_capacity(captured);
                let mut each_height = 0;
                let mut end = marker;
                while posts.as_slice().first().is_some_and(captured_by_attr_splat) {
                    match posts.next() {
                        Some(Post::Simple(s, h)) => {
                            end = s.span;
                            each_height = each_height.max(h);
                            each.push(s);
                        }
                        Some(Post::AttrSplat(at)) => end = at,
                        _ => unreachable!("a captured step"),
                    }
                }
                height = height.max(each_height + 1);
                steps.push(Step {
                    kind: StepKind::Splat {
                        kind: SplatKind::Attr,
                        each: each.into_boxed_slice(),
                    },
                    span: marker.to(end),
                });
            }
            Post::FullSplat(marker) => {
                let (each, each_height) = shape_steps(posts)?;
                let end = each.last().map_or(marker, |s| s.span);
                height = height.max(each_height + 1);
                steps.push(Step {
                    kind: StepKind::Splat {
                        kind: SplatKind::Full,
                        each: each.into_boxed_slice(),
                    },
                    span: marker.to(end),
                });
            }
            Post::Simple(s, h) => {
                height = height.max(h);
                steps.push(s);
            }
        }
    }
    Ok((steps, height))
}

/// Appends `step` to a traversal's steps.
#[inline]
pub(super) fn push_step(steps: &mut Steps, step: Step) {
    steps.push(step);
}

/// Where the name at `at` ends (at a dot, or at `end`), in a run of
/// ASCII name characters and dots; `None` if no name starts at `at`.
#[inline]
pub(super) fn end_of_name(b: &[u8], at: usize, end: usize) -> Option<usize> {
    if !b.get(at).copied().is_some_and(ident::is_start_byte) {
        return None;
    }
    Some(
        b[at..end]
            .iter()
            .position(|&c| c == b'.')
            .map_or(end, |k| at + k),
    )
}

/// Whether a term read up to `after` (the rest of the input) is whole:
/// after spaces comes the end, or a byte that starts no postfix (`.`,
/// `[`), call (`(`), namespaced name (`::`), comment or newline (which
/// whitespace could take, to find a postfix beyond) and no character
/// outside ASCII (which could be whitespace to the grammar or go on a
/// name).
#[inline]
pub(super) fn ends_term(after: &[u8]) -> bool {
    match after_spaces(after) {
        [] => true,
        [b'.' | b'[' | b'(' | b'#' | b'\n' | b'\r' | 0x80.., ..] => false,
        [b'/', next, ..] => !matches!(next, b'/' | b'*'),
        [b':', next, ..] => *next != b':',
        _ => true,
    }
}

/// `s` past its leading spaces and tabs (the whitespace a look ahead may
/// skip without reading a comment or a line end).
#[inline]
pub(super) fn after_spaces(s: &[u8]) -> &[u8] {
    let n = s
        .iter()
        .position(|&c| c != b' ' && c != b'\t')
        .unwrap_or(s.len());
    &s[n..]
}

#[cold]
/// `at` is the whole `.*`; HCL blames its `*`.
pub(super) fn nested_splat(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Nested splat expression not allowed",
        "A splat expression (*) cannot be used inside another attribute-only splat expression.",
        Span::new(at.end - 1, at.end),
    )
}

/// `.1.2` or `.1e5`: read as a number, refused as an index.
#[cold]
pub(super) fn invalid_legacy_index(text: &str, at: Span) -> SyntaxError {
    let detail = if text.contains('.') {
        format!(
            "When using the legacy index syntax, chaining two indexes together is not \
             permitted. Use the proper index syntax instead, like [{}].",
            text.replace('.', "][")
        )
    } else {
        "A legacy index (`.0`) must be a whole number. Use the index syntax `[...]` instead."
            .to_string()
    };
    SyntaxError::new("Invalid legacy index syntax", detail, at)
}

impl P<'_> {
    /// A plain reference (`env`, `var.region`, `aws_vpc.main.id`) that
    /// nothing but one of `closers` follows (after spaces): half of the
    /// interpolations of real files are one, and most call arguments. It is
    /// read directly, not by the descent through every precedence level
    /// that [`Self::expr`] makes to find it, and it is the node that
    /// descent builds, with the same spans and height (a keyword is read
    /// as the descent reads it too). Anything else (a call, an index or
    /// splat, an operator, a newline or a comment) gives `None` with
    /// nothing read, for [`Self::expr`].
    pub(super) fn plain_reference(&mut self, closers: &[u8]) -> Option<(Expr, u32)> {
        // A look ahead first: an expression that is not a plain reference
        // mostly shows it right after its first name (a call's `(`, an
        // operator, an index), before anything is built.
        if !self
            .b
            .get(self.i)
            .copied()
            .is_some_and(ident::is_start_byte)
        {
            return None;
        }
        let run = self.name_run(self.i);
        let after = after_spaces(&self.b[run.end..]);
        // (`a::b` is a provider function's name, not `a` then `:`.)
        let closed = after.first().is_some_and(|c| closers.contains(c));
        if !closed || after.starts_with(b"::") {
            return None;
        }
        self.reference_to(run)
    }

    /// The run of ASCII name characters and dots from `start` (up to the
    /// first other byte), measured once for the look aheads and the
    /// descent that start there.
    #[inline]
    pub(super) fn name_run(&mut self, start: usize) -> NameRun {
        if self.run.start == start {
            return self.run;
        }
        let b = self.b;
        let is_name = |k: usize| {
            b.get(k)
                .is_some_and(|&c| ident::CONTINUE_ASCII[usize::from(c)])
        };
        let mut k = start;
        while is_name(k) {
            k += 1;
        }
        let name_end = k;
        while is_name(k) || b.get(k) == Some(&b'.') {
            k += 1;
        }
        self.run = NameRun {
            start,
            name_end,
            end: k,
        };
        self.run
    }

    /// The end of the identifier at `start` if the last run measured
    /// there says where it is: its first name, when an ASCII byte (or the
    /// end) follows the run, so the name cannot go on past it.
    #[inline]
    pub(super) fn known_ident_end(&self, start: usize) -> Option<usize> {
        let run = self.run;
        (run.start == start
            && self.b.get(start).copied().is_some_and(ident::is_start_byte)
            && self.b.get(run.end).is_none_or(u8::is_ascii))
        .then_some(run.name_end)
    }

    /// A term that is a plain reference (as in [`Self::plain_reference`]),
    /// a keyword or a plain number, which nothing after it can extend: what
    /// follows it (after spaces) starts no postfix, call argument list or
    /// longer name, and no comment or newline that could hide one. Such a
    /// term is most operands (`n + a * 2`, `length(nums) > 40`); it is read
    /// directly, without `term`'s memo and `primary`'s alternatives and
    /// postfix attempt, and is the node they build. Anything else gives
    /// `None` with nothing read.
    pub(super) fn plain_term(&mut self) -> Option<(Expr, u32)> {
        let start = self.i;
        let rest = &self.b[start..];
        let first = *rest.first()?;
        if first.is_ascii_digit() {
            let text = self.number();
            if !ends_term(&self.b[self.i..]) {
                self.i = start;
                return None;
            }
            self.count_term();
            let kind = ExprKind::Number(text.into());
            let span = span(start, self.i);
            return Some((Expr { kind, span }, 1));
        }
        if !ident::is_start_byte(first) {
            return None;
        }
        let run = self.name_run(start);
        if !ends_term(&self.b[run.end..]) {
            return None;
        }
        self.reference_to(run)
    }

    /// The plain reference (`name`, `name.attr...`) or keyword that spans
    /// `run` (measured from here) exactly, as one term; else `None` with
    /// nothing read (`a..b`, `a.0`, a keyword with steps: for the
    /// descent). The caller found a name's first character here and no
    /// name character after the run.
    pub(super) fn reference_to(&mut self, run: NameRun) -> Option<(Expr, u32)> {
        let (b, start, end, name_end) = (self.b, self.i, run.end, run.name_end);
        let name = &self.src[start..name_end];
        let name_span = span(start, name_end);
        let keyword = match name {
            "true" => Some(ExprKind::Bool(true)),
            "false" => Some(ExprKind::Bool(false)),
            "null" => Some(ExprKind::Null),
            _ => None,
        };
        if name_end == end {
            // One name (most references): no steps to make.
            let kind = keyword.unwrap_or_else(|| {
                ExprKind::Variable(Ident {
                    name: name.into(),
                    span: name_span,
                })
            });
            self.i = end;
            self.count_term(); // one term, as `term` counts them
            return Some((
                Expr {
                    kind,
                    span: name_span,
                },
                1,
            ));
        }
        if keyword.is_some() {
            return None;
        }
        // The node is made first and its steps written into it in place:
        // built beside it and then moved in, the three inline steps would
        // be copied whole. (A name that fails below, as in `a..b`, is
        // rare: the node is then dropped unused.)
        let variable = Expr {
            kind: ExprKind::Variable(Ident {
                name: name.into(),
                span: name_span,
            }),
            span: name_span,
        };
        let mut node = Box::new(TraversalExpr {
            source: variable,
            steps: SmallVec::new(),
        });
        let mut at = name_end;
        while at < end {
            let attr_end = end_of_name(b, at + 1, end)?;
            let step = Step {
                kind: StepKind::Attr(self.src[at + 1..attr_end].into()),
                span: span(at, attr_end),
            };
            push_step(&mut node.steps, step);
            at = attr_end;
        }
        self.i = end;
        self.count_term();
        let span = name_span.to(span(name_end, end));
        let kind = ExprKind::Traversal(node);
        Some((Expr { kind, span }, 2))
    }

    /// term = { primary ~ postfix* }: the postfix operators are read flat,
    /// then shaped into steps (which steps each splat captures).
    pub(super) fn term(&mut self) -> Built<Expr> {
        if let Some(term) = self.plain_term() {
            return Ok(term);
        }
        self.count_term();
        let (start, depth) = (self.i, self.depth);
        // A term that failed here before fails again (the memo's note of
        // how deep it went says whether it could now be too deep instead).
        // (Valid input rarely fails a term: no hashing while none has.)
        if let Some(failed) = &self.failed_terms {
            if let Some(&rise) = failed.get(&start) {
                if depth + rise <= MAX_DEPTH {
                    return Err(Stop::GiveUp);
                }
            }
        }
        let outer_peak = std::mem::replace(&mut self.peak, depth);
        let result = self.term_uncached();
        if matches!(result, Err(Stop::GiveUp)) {
            // (pest's `term` rule, tracked where it started.)
            self.note(start, EXPR);
            self.failed_terms
                .get_or_insert_with(Default::default)
                .insert(start, self.peak - depth);
        }
        self.peak = self.peak.max(outer_peak);
        result
    }

    pub(super) fn term_uncached(&mut self) -> Built<Expr> {
        let start = self.i;
        let primary = self.primary()?;
        // Steps before the first splat are final as read; from the first
        // splat on, they are kept flat and shaped at the end.
        let mut steps: Steps = SmallVec::new();
        let mut steps_height = 0;
        if matches!(primary.0.kind, ExprKind::Variable(_)) {
            self.run_steps(start, &mut steps);
        }
        let mut posts: Vec<Post> = Vec::new();
        let mut splats = 0;
        // A postfix that fails to parse is not one (PEG backtracks): what
        // follows the term must make sense of it, as in `{a = b\n[for ...] = 1}`.
        // Whether an attribute-only splat is capturing the steps read: a
        // second `.*` there is an error, reported in reading order.
        let mut capturing = false;
        while let Some(post) = self.attempt(Self::postfix)?.flatten() {
            capturing = match &post {
                Post::AttrSplat(at) => {
                    if capturing {
                        self.errors.push(nested_splat(*at));
                    }
                    true
                }
                Post::Simple(s, _) => {
                    capturing
                        && matches!(
                            s.kind,
                            StepKind::Attr(_) | StepKind::Index { legacy: true, .. }
                        )
                }
                Post::FullSplat(_) => false,
            };
            match post {
                Post::Simple(step, h) if posts.is_empty() => {
                    steps_height = steps_height.max(h);
                    push_step(&mut steps, step);
                }
                Post::AttrSplat(at) | Post::FullSplat(at) if splats == MAX_DEPTH => {
                    return Err(Stop::TooDeep(at));
                }
                Post::AttrSplat(_) | Post::FullSplat(_) => {
                    splats += 1;
                    posts.push(post);
                }
                Post::Simple(..) => posts.push(post),
            }
        }
        if !posts.is_empty() {
            let (tail, h) = shape_steps(&mut posts.into_iter())?;
            steps_height = steps_height.max(h);
            steps.reserve_exact(tail.len());
            steps.extend(tail);
        }
        if steps.is_empty() {
            return Ok(primary);
        }
        let height = 1 + primary.1.max(steps_height);
        let span = primary.0.span.to(steps.last().expect("non-empty").span);
        check(height, steps[0].span)?;
        let kind = ExprKind::Traversal(Box::new(TraversalExpr {
            source: primary.0,
            steps,
        }));
        Ok((Expr { kind, span }, height))
    }

    /// The attribute steps that follow a variable read from `start`, as
    /// far as the run measured there holds them (`resource.aws_vpc.main`
    /// of `resource.aws_vpc.main[0]`): the steps `postfix` would read,
    /// without its whitespace and alternatives. It stops, leaving the rest
    /// to `postfix`, at whatever is not `.name` (`..`, `.0`, the run's end).
    #[inline]
    pub(super) fn run_steps(&mut self, start: usize, steps: &mut Steps) {
        let (b, run) = (self.b, self.run);
        if run.start != start || self.i != run.name_end || run.name_end == run.end {
            return;
        }
        // (A character outside ASCII after the run could go on its last
        // name.)
        if !b.get(run.end).is_none_or(u8::is_ascii) {
            return;
        }
        let mut at = self.i;
        while at < run.end {
            let Some(attr_end) = end_of_name(b, at + 1, run.end) else {
                break;
            };
            let step = Step {
                kind: StepKind::Attr(self.src[at + 1..attr_end].into()),
                span: span(at, attr_end),
            };
            push_step(steps, step);
            at = attr_end;
        }
        self.i = at;
    }

    /// postfix = _{ !"..." ~ (attr_splat | full_splat | get_attr | legacy_index | index) },
    /// after pest's implicit whitespace; `None` (and nothing consumed) if
    /// none is here.
    pub(super) fn postfix(&mut self) -> Res<Option<Post>> {
        let before = self.i;
        self.ws();
        let start = self.i;
        let none = |p: &mut Self| {
            p.i = before;
            Ok(None)
        };
        match self.peek() {
            // (At an object's own level a newline before the step ends the
            // term instead.)
            Some(b'.' | b'[') if self.newline_since(before) => none(self),
            Some(b'.') if !self.b[start..].starts_with(b"...") => {
                self.i += 1;
                self.ws();
                if self.newline_since(start + 1) {
                    // At an object's own level HCL's parser finds the
                    // newline where the name goes.
                    return Err(self.fail_after(start + 1, ATTR_NAME));
                }
                match self.peek() {
                    // attr_splat = { "." ~ "*" }
                    Some(b'*') => {
                        self.i += 1;
                        Ok(Some(Post::AttrSplat(span(start, self.i))))
                    }
                    // legacy_index = { "." ~ number }
                    Some(c) if c.is_ascii_digit() => {
                        let num_start = self.i;
                        let text = self.number();
                        if !text.bytes().all(|b| b.is_ascii_digit()) {
                            let at = span(num_start, self.i);
                            self.errors.push(invalid_legacy_index(text, at));
                        }
                        let key = Expr {
                            kind: ExprKind::Number(text.into()),
                            span: span(num_start, self.i),
                        };
                        let step = Step {
                            kind: StepKind::Index {
                                key: Box::new(key),
                                legacy: true,
                            },
                            span: span(start, self.i),
                        };
                        Ok(Some(Post::Simple(step, 1)))
                    }
                    // get_attr = { "." ~ attr_name }
                    _ => {
                        if let Some(name) = self.ident() {
                            let step = Step {
                                kind: StepKind::Attr(name.into()),
                                span: span(start, self.i),
                            };
                            Ok(Some(Post::Simple(step, 0)))
                        } else {
                            // attr_name (and legacy_index's number) tried here
                            self.note(self.i, ATTR_NAME | OTHER);
                            none(self)
                        }
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                self.enter(start)?;
                self.ws();
                // full_splat = { "[" ~ "*" ~ "]" }
                if self.peek() == Some(b'*') {
                    // Not `[*]`: then `index`, whose expression cannot
                    // start at the `*`.
                    self.note(self.i, EXPR);
                    self.i += 1;
                    self.ws();
                    self.expect(b']')?;
                    self.leave();
                    return Ok(Some(Post::FullSplat(span(start, self.i))));
                }
                // index = { "[" ~ expr ~ index_end }
                let (key, h) = self.at_level(false, Self::expr)?;
                self.ws();
                self.expect_rule(b']', INDEX_END)?;
                self.leave();
                let step = Step {
                    kind: StepKind::Index {
                        key: Box::new(key),
                        legacy: false,
                    },
                    span: span(start, self.i),
                };
                Ok(Some(Post::Simple(step, h)))
            }
            _ => none(self),
        }
    }
}
