//! The layout rules of HashiCorp's `hclwrite.Format`, the formatter behind
//! `terraform fmt`
//! (<https://github.com/hashicorp/hcl/blob/main/hclwrite/format.go>),
//! applied to a token stream: only the spaces before each token change.
//!
//! The stream is cut into lines (a newline token, or a single-line comment
//! that took its newline, ends one); each line into up to three cells: the
//! lead, the assignment (from the first `=` after the line's first token,
//! when the brackets from there balance) and a trailing comment. Then three
//! passes: indentation (two spaces per bracket level opened on earlier
//! lines and still open), spaces between the tokens of a cell (by the kinds
//! of the token, the one before it and the one after it), and alignment of
//! the `=` and the comments of consecutive lines into columns.

use unicode_segmentation::UnicodeSegmentation;

use super::lex::{Kind, Token};

/// One line's cells, as ranges of token indices.
#[derive(Default, Clone)]
struct Line {
    lead: (usize, usize),
    assign: Option<(usize, usize)>,
    comment: Option<(usize, usize)>,
}

/// Lays `tokens` (of `src`, ending with the end-of-file token) out and
/// writes the text.
pub(super) fn format(src: &str, tokens: &[Token]) -> String {
    let mut spaces = vec![0usize; tokens.len()];
    let mut last = 0;
    for (t, s) in tokens.iter().zip(spaces.iter_mut()) {
        *s = t.start - last;
        last = t.end;
    }
    let mut fmt = Formatter {
        src,
        tokens,
        spaces,
    };
    let lines = fmt.lines();
    fmt.indent(&lines);
    fmt.space(&lines);
    fmt.align(&lines);

    let mut out = String::with_capacity(src.len() + src.len() / 8);
    for (t, &n) in tokens.iter().zip(&fmt.spaces) {
        out.extend(std::iter::repeat_n(' ', n));
        out.push_str(&src[t.start..t.end]);
    }
    out
}

struct Formatter<'a> {
    src: &'a str,
    tokens: &'a [Token],
    /// The spaces written before each token.
    spaces: Vec<usize>,
}

/// Whether a token ends its line: a newline, or a comment that took one.
fn ends_line(src: &str, t: &Token) -> bool {
    match t.kind {
        Kind::Newline => true,
        Kind::Comment => src.as_bytes()[..t.end].last() == Some(&b'\n'),
        _ => false,
    }
}

impl Formatter<'_> {
    fn kind(&self, i: usize) -> Kind {
        self.tokens[i].kind
    }

    fn net_brackets(&self, (from, to): (usize, usize)) -> i32 {
        self.tokens[from..to]
            .iter()
            .map(|t| t.kind.bracket_change())
            .sum()
    }

    fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, t) in self.tokens.iter().enumerate() {
            if t.kind == Kind::Eof {
                lines.push((start, i));
                break;
            }
            if ends_line(self.src, t) {
                lines.push((start, i + 1));
                start = i + 1;
            }
        }
        lines
            .into_iter()
            .map(|(from, mut to)| {
                let mut line = Line::default();
                if to - from > 1 && self.kind(to - 1) == Kind::Comment {
                    line.comment = Some((to - 1, to));
                    to -= 1;
                }
                line.lead = (from, to);
                if let Some(eq) = (from + 1..to).find(|&i| self.kind(i) == Kind::Equal) {
                    // Only a whole expression after the `=` is a cell of its
                    // own; a bracket left open starts a multi-line value.
                    if self.net_brackets((eq, to)) == 0 {
                        line.assign = Some((eq, to));
                        line.lead = (from, eq);
                    }
                }
                line
            })
            .collect()
    }

    fn indent(&mut self, lines: &[Line]) {
        // The bracket levels opened by earlier lines and still open, each
        // with how many brackets it counts.
        let mut levels: Vec<i32> = Vec::new();
        for line in lines {
            let (from, to) = line.lead;
            if from == to {
                continue;
            }
            if self.kind(from) == Kind::Newline {
                self.spaces[from] = 0;
                continue;
            }
            let mut net = 0;
            for t in &self.tokens[from..to] {
                net += t.kind.bracket_change();
                // A heredoc's contents are not lines of the file's layout.
                if t.kind == Kind::OHeredoc {
                    break;
                }
            }
            if let Some(assign) = line.assign {
                net += self.net_brackets(assign);
            }
            if net > 0 {
                self.spaces[from] = 2 * levels.len();
                levels.push(net);
                continue;
            }
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = levels.last_mut() else {
                    break;
                };
                if closed >= *top {
                    closed -= *top;
                    levels.pop();
                } else {
                    *top -= closed;
                    closed = 0;
                }
            }
            self.spaces[from] = 2 * levels.len();
        }
    }

    fn space(&mut self, lines: &[Line]) {
        for line in lines {
            self.space_cell(line.lead);
            if let Some(assign) = line.assign {
                self.spaces[assign.0] = 1;
                self.space_cell(assign);
            }
        }
    }

    fn space_cell(&mut self, (from, to): (usize, usize)) {
        for i in from..to.saturating_sub(1) {
            let before = (i > from).then(|| self.kind(i - 1));
            let token = &self.tokens[i];
            let space = self.space_after(token, before, self.kind(i + 1));
            self.spaces[i + 1] = usize::from(space);
        }
    }

    /// Whether a space follows `subject`, between `before` (none at the
    /// start of a cell) and `after`.
    fn space_after(&self, subject: &Token, before: Option<Kind>, after: Kind) -> bool {
        use Kind::{
            And, Bang, CBrace, CHeredoc, CQuote, Colon, Comma, Dot, DoubleColon, Ellipsis, Eof,
            Equal, EqualOp, GreaterThan, GreaterThanEq, Ident, LessThan, LessThanEq, Minus,
            Newline, NotEqual, NumberLit, OBrace, OBrack, OHeredoc, OParen, OQuote, Or, Percent,
            Plus, Question, QuotedLit, Slash, Star, StringLit, TemplateControl, TemplateInterp,
            TemplateSeqEnd,
        };
        let s = subject.kind;
        match (s, after) {
            (_, Newline | Eof) => false,
            (Ident, OParen) => false,
            (Ident, DoubleColon) | (DoubleColon, Ident) => false,
            (Dot, _) | (_, Dot) => false,
            (_, Comma | Ellipsis) => false,
            (Comma, _) => true,
            (QuotedLit | StringLit | OQuote | OHeredoc, _)
            | (_, QuotedLit | StringLit | CQuote | CHeredoc) => false,
            // `in` of a `for` before a tuple: `[for x in [a]: x]`.
            (Ident, _)
                if before == Some(Ident) && &self.src[subject.start..subject.end] == "in" =>
            {
                true
            }
            (Ident | NumberLit, OBrack) => false,
            (_, OBrack) if s.bracket_change() < 0 => false,
            (Bang, _) => false,
            // A minus is a negation (no space) unless what is before it
            // can end an operand.
            (Minus, _) => !matches!(
                before,
                None | Some(
                    OParen
                        | OBrace
                        | OBrack
                        | Equal
                        | Colon
                        | Comma
                        | Question
                        | Plus
                        | Star
                        | Slash
                        | Percent
                        | Minus
                        | EqualOp
                        | NotEqual
                        | GreaterThan
                        | GreaterThanEq
                        | LessThan
                        | LessThanEq
                        | And
                        | Or
                        | Bang
                )
            ),
            (OBrace, CBrace) => false,
            (OBrace, _) | (_, CBrace) => true,
            (TemplateInterp | TemplateControl, OBrace) => true,
            (CBrace, TemplateSeqEnd) => true,
            (TemplateSeqEnd, TemplateInterp | TemplateControl) => false,
            _ if s.bracket_change() > 0 => false,
            _ if after.bracket_change() < 0 => false,
            _ => true,
        }
    }

    /// The columns a cell takes: its spaces and its grapheme clusters.
    fn columns(&self, (from, to): (usize, usize)) -> usize {
        (from..to)
            .map(|i| {
                let t = &self.tokens[i];
                let text = &self.src[t.start..t.end];
                let width = if text.is_ascii() && !text.contains('\r') {
                    text.len()
                } else {
                    text.graphemes(true).count()
                };
                self.spaces[i] + width
            })
            .sum()
    }

    fn align(&mut self, lines: &[Line]) {
        // The `=` of consecutive assignment lines in one column.
        let mut run = 0;
        while run < lines.len() {
            if lines[run].assign.is_none() {
                run += 1;
                continue;
            }
            let end = (run..lines.len())
                .find(|&i| lines[i].assign.is_none())
                .unwrap_or(lines.len());
            let width = (run..end)
                .map(|i| self.columns(lines[i].lead))
                .max()
                .unwrap_or(0);
            for line in &lines[run..end] {
                if let Some((eq, _)) = line.assign {
                    self.spaces[eq] = width - self.columns(line.lead) + 1;
                }
            }
            run = end;
        }
        // Then the trailing comments of consecutive lines.
        let mut run = 0;
        while run < lines.len() {
            if lines[run].comment.is_none() {
                run += 1;
                continue;
            }
            let end = (run..lines.len())
                .find(|&i| lines[i].comment.is_none())
                .unwrap_or(lines.len());
            let width_of = |f: &Self, line: &Line| {
                f.columns(line.lead) + line.assign.map_or(0, |a| f.columns(a))
            };
            let width = (run..end)
                .map(|i| width_of(self, &lines[i]))
                .max()
                .unwrap_or(0);
            for line in &lines[run..end] {
                if let Some((c, _)) = line.comment {
                    self.spaces[c] = width - width_of(self, line) + 1;
                }
            }
            run = end;
        }
    }
}
