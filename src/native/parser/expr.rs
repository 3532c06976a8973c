//! Expressions: operators (read flat, then folded by precedence in
//! `shape.rs`), conditionals, operands and primaries, tuples, objects,
//! `for` expressions and function calls; the grammar's `expr`, `operand`,
//! `primary`, `tuple`, `object`, `for_expr` and `call` rules. A term's
//! postfix steps and the shortcut for plain references are
//! `traversal.rs`'s; quoted strings and heredocs are `template.rs`'s.

use smallvec::SmallVec;

use crate::native::ast::{
    BinaryOp, Call, Expr, ExprKind, ForExpr, ForResult, Ident, ObjectItem, ObjectKey, UnaryOp,
};
use crate::native::diagnose::expected::{
    ARGS_COMMA, ARGS_END, COND_COLON, ELLIPSIS, EXPR, FAT_ARROW, FOR_COLON, FOR_END, IDENT, KV_SEP,
    OBJECT_END, OTHER, PAREN_END, TUPLE_COMMA, TUPLE_END,
};
use crate::native::shape::{
    combine, conditional, fold_conditionals, BinaryChain, Conditions, Results,
};
use crate::native::tokens::heredoc_opener_len;
use crate::native::{layout, Span};

use super::{check, span, Built, Res, Stop, P};

/// A bracketed node of height `height`.
pub(super) fn wrap(kind: ExprKind, span: Span, height: u32) -> Built<Expr> {
    check(height, Span::new(span.start, span.start + 1))?;
    Ok((Expr { kind, span }, height))
}

impl P<'_> {
    /// expr = !{ binary ~ cond_tail* }; cond_tail = { "?" ~ expr ~ cond_colon ~ binary }.
    /// Each `?` of an else-chain nests the rest one level deeper.
    pub(super) fn expr(&mut self) -> Built<Expr> {
        let first = self.binary()?;
        let end = self.i;
        self.ws();
        if self.peek() != Some(b'?') || self.newline_since(end) {
            return Ok(first);
        }
        // Most conditionals have no else-chain: one is built as read,
        // without gathering the chain.
        let q = self.i;
        self.i += 1;
        self.enter(q)?;
        let mut end = q;
        let mut tail = || -> Res<((Expr, u32), (Expr, u32))> {
            self.ws();
            self.no_newline_since(q + 1)?;
            let then = self.expr()?;
            let then_end = then.0.span.end as usize;
            self.ws();
            self.cond_colon(then_end)?;
            self.ws();
            let otherwise = self.binary()?;
            end = self.i;
            self.ws();
            Ok((then, otherwise))
        };
        let read = tail();
        self.depth -= 1;
        let (then, second) = read?;
        if self.peek() != Some(b'?') || self.newline_since(end) {
            return conditional(first, then, second, &check);
        }
        let mut conds = Conditions::new();
        conds.push(first);
        conds.push(second);
        let mut thens = Results::new();
        thens.push(then);
        self.depth += 1;
        let mut opened = 1;
        let result = loop {
            if self.peek() != Some(b'?') || self.newline_since(end) {
                break Ok(());
            }
            let q = self.i;
            self.i += 1;
            if let Err(e) = self.enter(q) {
                break Err(e);
            }
            opened += 1;
            let mut tail = || -> Res<()> {
                self.ws();
                self.no_newline_since(q + 1)?;
                let then = self.expr()?;
                let then_end = then.0.span.end as usize;
                thens.push(then);
                self.ws();
                self.cond_colon(then_end)?;
                self.ws();
                conds.push(self.binary()?);
                end = self.i;
                self.ws();
                Ok(())
            };
            if let Err(e) = tail() {
                break Err(e);
            }
        };
        self.depth -= opened;
        result?;
        fold_conditionals(conds, thens, check)
    }

    /// A conditional's `:`, its true result ending at `then_end`. At an
    /// object's own level, a newline there is what HCL's parser finds
    /// instead (newlines are significant there), and blames.
    fn cond_colon(&mut self, then_end: usize) -> Res<()> {
        if self.peek() == Some(b':') {
            self.i += 1;
            return Ok(());
        }
        Err(self.fail_after(then_end, COND_COLON))
    }

    /// An expression that one of `closers` ends (`}` an interpolation or
    /// a directive, `,` or `)` a call's argument, `,` or `]` a tuple's
    /// element, `,` or `}` an object's value, `:` a `for`'s collection):
    /// [`Self::expr`], or [`Self::plain_reference`] when that is what it
    /// is. The closers are bytes that cannot continue an expression (no
    /// operator starts with one), so where the descent would stop after a
    /// reference, so does the shortcut. (A conditional's first result,
    /// which `:` ends too, is left to the descent: in real files it is
    /// mostly an indexed reference, which the look ahead reads in vain.)
    pub(super) fn closing_expr(&mut self, closers: &[u8]) -> Built<Expr> {
        match self.plain_reference(closers) {
            Some(reference) => Ok(reference),
            None => self.expr(),
        }
    }

    /// binop, if one starts here (the grammar's alternatives in order).
    pub(super) fn binop(&mut self) -> Option<(BinaryOp, Span)> {
        let (op, len) = match (self.peek()?, self.at(1)) {
            (b'=', Some(b'=')) => (BinaryOp::Eq, 2),
            (b'!', Some(b'=')) => (BinaryOp::Ne, 2),
            (b'<', Some(b'=')) => (BinaryOp::Le, 2),
            (b'>', Some(b'=')) => (BinaryOp::Ge, 2),
            // (`<<EOT` and its newline are a heredoc's opener, as HCL's
            // scanner reads them: no operator.)
            (b'<', Some(b'<')) if heredoc_opener_len(&self.b[self.i..]).is_some() => return None,
            (b'<', _) => (BinaryOp::Lt, 1),
            (b'>', _) => (BinaryOp::Gt, 1),
            (b'&', Some(b'&')) => (BinaryOp::And, 2),
            (b'|', Some(b'|')) => (BinaryOp::Or, 2),
            (b'+', _) => (BinaryOp::Add, 1),
            (b'-', _) => (BinaryOp::Sub, 1),
            (b'*', _) => (BinaryOp::Mul, 1),
            (b'/', _) => (BinaryOp::Div, 1),
            (b'%', _) => (BinaryOp::Mod, 1),
            _ => return None,
        };
        let at = span(self.i, self.i + len);
        self.i += len;
        Some((op, at))
    }

    /// binary = { operand ~ (binop ~ operand)* }, read flat and shaped by
    /// the shared shunting-yard (`a op b`, the common case, directly).
    pub(super) fn binary(&mut self) -> Built<Expr> {
        let first = self.operand()?;
        let Some(op) = self.next_binop()? else {
            return Ok(first);
        };
        let Some(second) = self.operand_after(op)? else {
            return Ok(first);
        };
        let Some(mut next) = self.next_binop()? else {
            return combine(first, op, second, &check);
        };
        let mut chain = BinaryChain::new(first);
        chain.push(op, second, &check);
        // (An operator not followed by an operand ends the chain before it.)
        while let Some(operand) = self.operand_after(next)? {
            chain.push(next, operand, &check);
            match self.next_binop()? {
                Some(op) => next = op,
                None => break,
            }
        }
        chain.finish(&check)
    }

    /// The binop after whitespace, if one is there (else nothing is read).
    pub(super) fn next_binop(&mut self) -> Res<Option<(BinaryOp, Span)>> {
        if self.object_level {
            return Ok(self.binop_in_object());
        }
        let before = self.i;
        self.ws();
        let op = self.binop();
        if op.is_none() {
            self.i = before;
        }
        Ok(op)
    }

    /// [`next_binop`](Self::next_binop) at an object's own level, where a
    /// newline before the operator ends the expression (out of line: the
    /// common path stays as small as it was).
    #[inline(never)]
    fn binop_in_object(&mut self) -> Option<(BinaryOp, Span)> {
        let before = self.i;
        self.ws();
        let op = self.binop().filter(|_| !self.newline_since(before));
        if op.is_none() {
            self.i = before;
        }
        op
    }

    /// The operand after operator `op`; if none parses, PEG's `(binop ~
    /// operand)*` ends before `op` (as in `[a -]`) and what follows must
    /// make sense of it.
    pub(super) fn operand_after(&mut self, (_, at): (BinaryOp, Span)) -> Res<Option<(Expr, u32)>> {
        self.ws();
        self.no_newline_since(at.end as usize)?;
        let operand = self.attempt(Self::operand)?;
        if operand.is_none() {
            self.i = at.start as usize;
        }
        Ok(operand)
    }

    /// operand = { unop* ~ term }; each unary operator is a level.
    pub(super) fn operand(&mut self) -> Built<Expr> {
        if !matches!(self.peek(), Some(b'-' | b'!')) {
            return self.term();
        }
        let mut unops = Vec::new();
        while let Some(c @ (b'-' | b'!')) = self.peek() {
            let op = if c == b'-' {
                UnaryOp::Neg
            } else {
                UnaryOp::Not
            };
            if let Err(e) = self.enter(self.i) {
                self.depth -= unops.len() as u32;
                return Err(e);
            }
            unops.push((op, span(self.i, self.i + 1)));
            self.i += 1;
            self.ws();
        }
        let term = self.term();
        self.depth -= unops.len() as u32;
        let mut acc = term?;
        for (op, at) in unops.into_iter().rev() {
            let height = acc.1 + 1;
            check(height, at)?;
            let span = at.to(acc.0.span);
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

    /// primary = _{ number | for_tuple | tuple | for_object | object | call | variable | parens | quoted | heredoc }
    pub(super) fn primary(&mut self) -> Built<Expr> {
        let start = self.i;
        let leaf = |kind, end| {
            Ok((
                Expr {
                    kind,
                    span: span(start, end),
                },
                1,
            ))
        };
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let text = self.number();
                leaf(ExprKind::Number(text.into()), self.i)
            }
            Some(b'[') => self.at_level(false, Self::tuple),
            Some(b'{') => self.object(),
            Some(b'(') => {
                // parens = { "(" ~ expr ~ paren_end }
                self.i += 1;
                self.enter(start)?;
                self.ws();
                let (inner, h) = self.at_level(false, Self::expr)?;
                self.ws();
                self.expect_rule(b')', PAREN_END)?;
                self.leave();
                wrap(
                    ExprKind::Parens(Box::new(inner)),
                    span(start, self.i),
                    h + 1,
                )
            }
            Some(b'"') => self.at_level(false, Self::quoted),
            Some(b'<') if self.at(1) == Some(b'<') => self.at_level(false, Self::heredoc),
            _ => {
                // (The look aheads mostly measured the name already.)
                let name = match self.known_ident_end(start) {
                    Some(end) => {
                        self.i = end;
                        &self.src[start..end]
                    }
                    None => self.ident().ok_or(Stop::GiveUp)?,
                };
                // func_name = @{ ident_chars ~ ("::" ~ ident_chars)* }
                let mut namespaced = false;
                while self.b[self.i..].starts_with(b"::")
                    && self.ident_start_at(self.i + 2).is_some()
                {
                    self.i += 2;
                    self.ident();
                    namespaced = true;
                }
                let end = self.i;
                self.ws();
                // At an object's own level a newline before `(` ends the
                // name (HCL reads the newline as a token there).
                let ended = self.newline_since(end);
                if self.peek() == Some(b'(') && !ended {
                    // call, else variable (PEG's ordered choice).
                    if let Some(call) =
                        self.attempt(|p| p.at_level(false, |p| p.call(start, end)))?
                    {
                        return Ok(call);
                    }
                }
                // Without a call, `::` is no part of a name: the variable
                // is the first identifier, and what follows must make
                // sense of the rest (nothing does).
                let end = if namespaced { start + name.len() } else { end };
                self.i = end;
                match name {
                    "true" => leaf(ExprKind::Bool(true), end),
                    "false" => leaf(ExprKind::Bool(false), end),
                    "null" => leaf(ExprKind::Null, end),
                    _ => leaf(
                        ExprKind::Variable(Ident {
                            name: name.into(),
                            span: span(start, end),
                        }),
                        end,
                    ),
                }
            }
        }
    }

    /// call = { func_name ~ "(" ~ (expr ~ (args_comma ~ expr)* ~ (ellipsis | args_comma)?)? ~ args_end },
    /// at the `(`; the name spans `start..name_end`.
    pub(super) fn call(&mut self, start: usize, name_end: usize) -> Built<Expr> {
        self.i += 1;
        self.enter(start)?;
        self.ws();
        // The node is made first and the arguments read into it in place:
        // read beside it and then moved in, the three inline arguments
        // would be copied whole.
        let mut call = Box::new(Call {
            name: Ident {
                name: self.src[start..name_end].into(),
                span: span(start, name_end),
            },
            args: SmallVec::new(),
            expand_final: false,
        });
        let mut height = 0;
        if self.peek() != Some(b')') {
            loop {
                // (If no argument starts here, `args_end` is tried here.)
                self.note(self.i, ARGS_END);
                let (e, h) = self.closing_expr(b",)")?;
                height = height.max(h);
                call.args.push(e);
                self.ws();
                match self.peek() {
                    Some(b'.') if self.b[self.i..].starts_with(b"...") => {
                        self.i += 3;
                        call.expand_final = true;
                        self.ws();
                        break;
                    }
                    Some(b',') => {
                        self.i += 1;
                        self.ws();
                        if self.peek() == Some(b')') {
                            break;
                        }
                    }
                    _ => {
                        self.note(self.i, ARGS_COMMA | ELLIPSIS);
                        break;
                    }
                }
            }
        }
        self.expect_rule(b')', ARGS_END)?;
        self.leave();
        wrap(ExprKind::Call(call), span(start, self.i), height + 1)
    }

    /// After `[` or `{` and whitespace: whether a `for` expression starts
    /// here. pest tries `for_tuple` before `tuple` (and `for_object` before
    /// `object`); once `for` and a name are read the constructor
    /// alternative cannot match either, so `for` then a name commits.
    pub(super) fn starts_for(&mut self) -> Res<bool> {
        if !self.at_keyword("for") {
            self.note(self.i, OTHER); // kw_for
            return Ok(false);
        }
        let save = self.i;
        self.i += 3;
        self.ws();
        let commits = self.ident_start_at(self.i).is_some();
        if !commits {
            self.note(self.i, IDENT);
        }
        self.i = save;
        Ok(commits)
    }

    /// tuple = { "[" ~ !kw_for ~ (expr ~ (tuple_comma ~ expr)* ~ tuple_comma?)? ~ tuple_end },
    /// or for_tuple.
    pub(super) fn tuple(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter(start)?;
        self.ws();
        if self.starts_for()? {
            return self.for_expr(start, false);
        }
        // `!kw_for`: HCL commits to a `for` expression at the keyword, so
        // `[for]` is a bad `for`, not a tuple holding a variable.
        if self.at_keyword("for") {
            return Err(Stop::GiveUp);
        }
        let mut items = Vec::new();
        let mut height = 0;
        if self.peek() != Some(b']') {
            loop {
                // (If no item starts here, `tuple_end` is tried here.)
                self.note(self.i, TUPLE_END);
                let (e, h) = self.closing_expr(b",]")?;
                height = height.max(h);
                items.push(e);
                self.ws();
                if self.peek() == Some(b',') {
                    self.i += 1;
                    self.ws();
                    if self.peek() == Some(b']') {
                        break;
                    }
                } else {
                    self.note(self.i, TUPLE_COMMA);
                    break;
                }
            }
        }
        self.expect_rule(b']', TUPLE_END)?;
        self.leave();
        wrap(ExprKind::Tuple(items), span(start, self.i), height + 1)
    }

    /// object = { "{" ~ (object_item ~ (object_comma? ~ object_item)* ~ object_comma?)? ~ object_end },
    /// or for_object. Items without a comma between them must be on
    /// different lines.
    pub(super) fn object(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter(start)?;
        self.ws();
        if self.starts_for()? {
            return self.at_level(false, |p| p.for_expr(start, true));
        }
        // `!kw_for`, as for tuples: `{for = 1}` is a bad `for`.
        if self.at_keyword("for") {
            return Err(Stop::GiveUp);
        }
        let mut items: Vec<ObjectItem> = Vec::new();
        let mut height = 0;
        let mut comma = true;
        while self.peek() != Some(b'}') {
            let item_start = self.i;
            // (If no item starts here, `object_end` is tried here.)
            self.note(item_start, OBJECT_END);
            let separated = match items.last() {
                Some(prev) => {
                    let between = &self.b[prev.value.span.end as usize..item_start];
                    comma || memchr::memchr(b'\n', between).is_some()
                }
                None => true,
            };
            if !separated {
                self.missing_separator(item_start);
            }
            let before = self.far;
            let (item, h) = match self.at_level(true, Self::object_item) {
                Ok(item) => item,
                Err(e) => {
                    // pest's `object_key` failing where it started
                    // replaces what its alternatives tried there.
                    if self.far.0 == item_start {
                        let kept = if before.0 == item_start { before.1 } else { 0 };
                        self.far.1 = kept | OTHER;
                    }
                    return Err(e);
                }
            };

            height = height.max(h);
            let value_end = item.value.span.end as usize;
            items.push(item);
            self.ws();
            comma = self.peek() == Some(b',');
            if comma && super::has_newline(self.b, value_end, self.i) {
                self.comma_after_newline(self.i);
            }
            if comma {
                self.i += 1;
                self.ws();
            } else {
                self.note(self.i, OTHER); // object_comma
            }
        }
        if let Some(e) = layout::object_newline_error(self.src, &items, self.i) {
            self.errors.push(e);
        }
        self.i += 1;
        self.leave();
        wrap(ExprKind::Object(items), span(start, self.i), height + 1)
    }

    /// object_item = { object_key ~ kv_sep ~ expr }, object_key = { ident_key | expr },
    /// ident_key = { ident ~ &kv_sep }.
    pub(super) fn object_item(&mut self) -> Built<ObjectItem> {
        let start = self.i;
        let mut height = 0;
        let key = match self.ident() {
            Some(name) => {
                let end = self.i;
                self.ws();
                if self.at_kv_sep() {
                    Some(ObjectKey::Ident(Ident {
                        name: name.into(),
                        span: span(start, end),
                    }))
                } else {
                    self.note(self.i, KV_SEP);
                    self.i = start;
                    None
                }
            }
            None => None,
        };
        let key = if let Some(k) = key {
            k
        } else {
            let (e, h) = self.expr()?;
            height = h;
            self.ws();
            ObjectKey::Expr(e)
        };
        if !self.at_kv_sep() {
            self.note(self.i, KV_SEP);
            return Err(Stop::GiveUp);
        }
        self.i += 1;
        let sep_end = self.i;
        self.ws();
        self.no_newline_since(sep_end)?;
        let (value, h) = self.closing_expr(b",}")?;
        Ok((
            ObjectItem {
                span: key.span().to(value.span),
                key,
                value,
            },
            height.max(h),
        ))
    }

    /// At an object's own level, a newline since `from` (after an operator,
    /// a conditional's `?` or an item's `=`) is where HCL's parser wanted an
    /// expression: the parse fails there.
    fn no_newline_since(&mut self, from: usize) -> Res<()> {
        if self.newline_since(from) {
            return Err(self.fail_after(from, EXPR));
        }
        Ok(())
    }

    /// kv_sep = @{ "=" ~ !("=" | ">") | ":" }, here.
    pub(super) fn at_kv_sep(&self) -> bool {
        match self.peek() {
            Some(b':') => true,
            Some(b'=') => !matches!(self.at(1), Some(b'=' | b'>')),
            _ => false,
        }
    }

    /// for_tuple = { "[" ~ for_intro ~ expr ~ for_cond? ~ tuple_end },
    /// for_object = { "{" ~ for_intro ~ expr ~ fat_arrow ~ expr ~ ellipsis? ~ for_cond? ~ object_end },
    /// for_intro = { kw_for ~ ident ~ ("," ~ ident)? ~ kw_in ~ expr ~ for_colon },
    /// at `for` (the bracket at `start` is read, and counted).
    pub(super) fn for_expr(&mut self, start: usize, object: bool) -> Built<Expr> {
        self.i += 3;
        let (key_var, value_var) = self.for_names()?;
        self.ws();
        let (collection, mut height) = self.closing_expr(b":")?;
        self.ws();
        self.expect_rule(b':', FOR_COLON)?;
        self.ws();
        let (first, h) = self.expr()?;
        height = height.max(h);
        self.ws();
        let result = if object {
            if !self.b[self.i..].starts_with(b"=>") {
                self.note(self.i, FAT_ARROW);
                return Err(Stop::GiveUp);
            }
            self.i += 2;
            self.ws();
            let (value, h) = self.expr()?;
            height = height.max(h);
            self.ws();
            let grouping = self.b[self.i..].starts_with(b"...");
            if grouping {
                self.i += 3;
                self.ws();
            } else {
                self.note(self.i, ELLIPSIS);
            }
            ForResult::Object {
                key: first,
                value,
                grouping,
            }
        } else {
            ForResult::Tuple { value: first }
        };
        // for_cond = { kw_if ~ expr }
        let cond = if self.at_keyword("if") {
            self.i += 2;
            self.ws();
            let (c, h) = self.expr()?;
            height = height.max(h);
            self.ws();
            Some(c)
        } else {
            self.note(self.i, OTHER); // kw_if
            None
        };
        if object {
            self.expect_rule(b'}', OBJECT_END | FOR_END)?;
        } else {
            self.expect_rule(b']', TUPLE_END)?;
        }
        self.leave();
        let fe = ForExpr {
            key_var,
            value_var,
            collection,
            result,
            cond,
        };
        wrap(ExprKind::For(Box::new(fe)), span(start, self.i), height + 1)
    }
}
