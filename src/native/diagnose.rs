//! Turns a parse failure into an HCL-style diagnostic.
//!
//! A failure is the farthest position a parser reached and the rules it
//! tried there ([`Expected`]): pest reports exactly that, and the
//! hand-written parser records the same as it goes. The grammar names its
//! closing tokens (`interp_end`, `kv_sep`, `tuple_end`, ...) so that the
//! set says which construct was left unfinished; together with the
//! character found there and the pre-scan's note of what was still open at
//! the end of the input, that picks one of HCL's messages. Users never see
//! rule names.
//!
//! The messages HCL's parser gives in more than one place are worded here
//! once (`missing_item_separator`, `invalid_for`, ...), for the body
//! parser's recovery too.

use super::scan::{Open, Scan, Start};
use super::tokens::{index_close, newline_before, token_at, token_end_before};
use super::{Span, SyntaxError};

/// The rules (of those the diagnostics read) that a parser tried and
/// failed at the farthest position it reached, as a set of bits: what
/// pest's error lists as "positives", and what the hand-written parser
/// (`parser/`) records itself, so that both go through one table.
pub(crate) type Expected = u32;

/// Bits of [`Expected`], named after the grammar's rules.
pub(crate) mod expected {
    use super::Expected;
    /// An expression could not start here (`operand`, `term`, `expr`).
    pub(crate) const EXPR: Expected = 1;
    pub(crate) const KW_ENDIF: Expected = 1 << 1;
    pub(crate) const QUOTE_END: Expected = 1 << 2;
    pub(crate) const TEMPLATE_LITERAL: Expected = 1 << 3;
    pub(crate) const INTERP_END: Expected = 1 << 4;
    pub(crate) const DIRECTIVE_END: Expected = 1 << 5;
    pub(crate) const KV_SEP: Expected = 1 << 6;
    pub(crate) const FAT_ARROW: Expected = 1 << 7;
    pub(crate) const OBJECT_END: Expected = 1 << 8;
    pub(crate) const FOR_COND: Expected = 1 << 9;
    pub(crate) const ELLIPSIS: Expected = 1 << 10;
    pub(crate) const TUPLE_END: Expected = 1 << 11;
    pub(crate) const TUPLE_COMMA: Expected = 1 << 12;
    pub(crate) const ARGS_END: Expected = 1 << 13;
    pub(crate) const ARGS_COMMA: Expected = 1 << 14;
    pub(crate) const PAREN_END: Expected = 1 << 15;
    pub(crate) const INDEX_END: Expected = 1 << 16;
    pub(crate) const COND_COLON: Expected = 1 << 17;
    pub(crate) const FOR_COLON: Expected = 1 << 18;
    pub(crate) const KW_IN: Expected = 1 << 19;
    pub(crate) const ATTR_NAME: Expected = 1 << 20;
    pub(crate) const IDENT: Expected = 1 << 21;
    pub(crate) const EOI: Expected = 1 << 22;
    /// Any other rule: the diagnostics only care that there was one.
    pub(crate) const OTHER: Expected = 1 << 23;
    /// With [`COND_COLON`], [`ATTR_NAME`] or [`EXPR`]: at an object's own
    /// level, a newline came before the token found, which is where HCL's
    /// parser (newlines significant there) finds no colon, name or
    /// expression, and blames.
    pub(crate) const AT_NEWLINE: Expected = 1 << 24;
    /// With [`OBJECT_END`]: the brace that closes a `for` object
    /// (`for_object_end`), after its condition as well as before.
    pub(crate) const FOR_END: Expected = 1 << 25;
}

/// Whether HCL's parser reports an error of this summary only outside
/// recovery, which lasts from its first recovered error to the end of the
/// file (summaries it also reports in recovery from other places are not
/// among them). Taken from `hclsyntax`'s parser and template parser, but
/// for "Unclosed template interpolation sequence", which this crate
/// reports first, as the cause (see the README's differences).
pub(crate) fn silent_in_recovery(summary: &str) -> bool {
    matches!(
        summary,
        "Invalid expression"
            | "Missing expression"
            | "Missing close bracket on index"
            | "Missing close bracket on splat index"
            | "Invalid argument name"
            | "Missing newline after block definition"
            | "Unclosed configuration block"
            | "Unclosed configuration body"
            | "Missing item separator"
            | "Missing attribute separator"
            | "Missing attribute value"
            | "Missing key/value separator"
            | "Missing closing parenthesis"
            | "Unterminated object constructor expression"
            | "Unterminated tuple constructor expression"
            | "Nested splat expression not allowed"
            | "Extra characters after interpolation expression"
            | "Invalid 'for' directive"
            | "Invalid template control keyword"
            | "Invalid template directive"
            | "Unterminated template string"
    )
}

/// What HCL's parser also reports after an expression that cannot start
/// at a dot (`= .}`, `= ../x`): its placeholder for the missing term is
/// followed by the dot as a step, which wants a name, a number or `*`
/// after it; anything else is "Invalid attribute name" there (reported in
/// recovery too), and so on while that is a dot again.
pub(crate) fn steps_after_stray_dot(src: &str, first: &SyntaxError) -> Vec<SyntaxError> {
    let b = src.as_bytes();
    let mut errors = Vec::new();
    if first.summary != "Invalid expression" {
        return errors;
    }
    let mut at = first.span.start as usize;
    // One dot, not an ellipsis.
    while b.get(at) == Some(&b'.') && b.get(at + 1..at + 3) != Some(b"..") {
        let rest = &src[at + 1..];
        let next = at + 1 + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
        let after = &src[next..];
        // (A newline ends the step at an object's own level only, and a
        // comment may hold one: not told here.)
        if after.starts_with(['\n', '\r', '#'])
            || after.starts_with("//")
            || after.starts_with("/*")
        {
            break;
        }
        if after
            .chars()
            .next()
            .is_some_and(|c| c == '*' || c.is_ascii_digit() || super::ident::is_start(c))
        {
            break;
        }
        errors.push(invalid_attribute_name(token_at(src, next)));
        at = next;
    }
    errors
}

/// What HCL's parser reports after `first`, the diagnostic of a parse of
/// `src` that failed at byte `p` having tried the rules in `set` there: an
/// object `for` without `=>` that meets a token it cannot end with
/// (`{for k in m : v ]`) has "Extra characters" there, then misses its
/// key, blamed on its value.
pub(crate) fn after_failure(
    src: &str,
    p: usize,
    set: Expected,
    first: &SyntaxError,
) -> Option<SyntaxError> {
    let no_key = set & expected::FAT_ARROW != 0
        && set & expected::COND_COLON == 0
        && first.detail == for_problem::EXTRA;
    no_key.then(|| invalid_for(for_problem::NO_KEY, key_before_arrow(src, p.min(src.len()))))
}

/// Whether `rest` goes on with an object `for` after its value: its `}`,
/// a grouping `...` or an `if`.
fn for_goes_on(rest: &str) -> bool {
    let keyword_if = rest.starts_with("if")
        && !rest[2..]
            .chars()
            .next()
            .is_some_and(super::ident::is_continue);
    rest.starts_with('}') || rest.starts_with("...") || keyword_if
}

/// The diagnostic for a parse of `src` that failed at byte `p` (the
/// farthest position reached) having tried the rules in `set` there.
#[cold]
pub(crate) fn from_failure(
    src: &str,
    p: usize,
    set: Expected,
    scan: &Scan,
    start: Start,
    lexed: bool,
) -> SyntaxError {
    let p = p.min(src.len());
    let has = |bits: Expected| set & bits != 0;
    let at_end = src[p..].trim().is_empty();
    let c = src[p..].chars().next();
    let tok = token_at(src, p);

    let expression_start = has(expected::EXPR);
    let end = Span::from_usize(src.len(), src.len());

    if at_end {
        // As in HCL, an expression or directive keyword missing at the end
        // of the input is reported before whatever it leaves unclosed.
        if expression_start {
            return missing_expression(end);
        }
        if has(expected::KW_ENDIF) {
            return invalid_directive(end);
        }
        // So is a name after a dot: at the end of the file, or at the
        // newline where one would end the expression.
        if has(expected::ATTR_NAME) {
            let at = if has(expected::AT_NEWLINE) {
                newline_before(src, p).unwrap_or(end)
            } else {
                end
            };
            return invalid_attribute_name(at);
        }
        if let Some((open, at)) = &scan.unclosed {
            return unclosed(open, *at);
        }
    }

    if has(expected::QUOTE_END) {
        match c {
            Some('\n' | '\r') => {
                return SyntaxError::new(
                    "Invalid multi-line string",
                    "Quoted strings may not be split over multiple lines. To produce a \
                     multi-line string, either use the \\n escape to represent a newline \
                     character or use the \"heredoc\" multi-line template syntax.",
                    tok,
                )
            }
            Some('\\') => return bad_escape(src, p),
            _ => {}
        }
    }

    // Inside literal text every character is valid; only in expressions
    // can a character be "invalid".
    let in_literal = has(expected::QUOTE_END)
        || has(expected::TEMPLATE_LITERAL)
        || (start == Start::Template && set == 0);
    // When a lexer reports invalid characters, the parser only sees a
    // token that does not fit.
    let expression_context = !in_literal && !lexed;
    if let Some(ch) = c {
        if expression_context && is_invalid_char(ch) {
            return invalid_char(ch, tok);
        }
    }

    let what = |summary: &str, detail: &str| SyntaxError::new(summary, detail, tok);
    let at_newline = if has(expected::AT_NEWLINE) {
        newline_before(src, p).unwrap_or(tok)
    } else {
        tok
    };

    // `<<EOT` without a newline after the marker is no heredoc: HCL's
    // scanner reads `<`, `<` and a name, and blames the first `<`.
    let before = src[..p].trim_end_matches('-');
    if before.ends_with("<<") && set & !expected::OTHER == 0 {
        return SyntaxError::new(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            Span::from_usize(before.len() - 2, before.len() - 1),
        );
    }

    if has(expected::INTERP_END) {
        return extra_after_interpolation(tok, c == Some(':'));
    }
    if has(expected::DIRECTIVE_END) {
        return extra_in_directive(directive_keyword(src, p), tok);
    }
    if has(expected::KW_ENDIF) {
        return match super::ident::len(&src[p..]) {
            Some(n) => invalid_control_keyword(&src[p..p + n], Span::from_usize(p, p + n)),
            None => invalid_directive(tok),
        };
    }
    if has(expected::KV_SEP) {
        if let Some(key) = key_after_value(src, p) {
            // `{ a = 1 b }`: HCL reads `b` where a comma or newline goes.
            return missing_attribute_separator(key);
        }
        // What HCL's parser finds after the key: a newline or a comma
        // leaves the value missing; a name hints at HCL 1's dotted names.
        if let Some(newline) = newline_before(src, p) {
            return missing_attribute_value(newline);
        }
        if c == Some(',') {
            return missing_attribute_value(tok);
        }
        return missing_key_value_separator(tok, c.is_some_and(super::ident::is_start));
    }
    if has(expected::FAT_ARROW) && !has(expected::COND_COLON) {
        // `{for k in m : v}`: HCL blames the value that has no key. A token
        // that does not go on with the `for` (`{for k in m : v ]`) is
        // first "Extra characters"; the key is missed after it
        // ([`after_failure`]).
        return if for_goes_on(&src[p..]) {
            invalid_for(for_problem::NO_KEY, key_before_arrow(src, p))
        } else {
            invalid_for(for_problem::EXTRA, tok)
        };
    }
    if has(expected::OBJECT_END) && !expression_start {
        let in_for = has(expected::FOR_COND) || has(expected::ELLIPSIS) || has(expected::FOR_END);
        // After a comma, or a newline that ended the item before it, HCL
        // reads the next item's key here.
        let after_open = src.as_bytes()[..token_end_before(src.as_bytes(), p)].ends_with(b"{");
        if !in_for && (c == Some(',') || after_open || newline_before(src, p).is_some()) {
            // `{,}`, `{a = 1,,}`, `{)}`: HCL reads an item's key there.
            return what(
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
            );
        }
        return if in_for {
            invalid_for(for_problem::EXTRA, tok)
        } else {
            missing_attribute_separator(tok)
        };
    }
    // An index left open where an object's next key was also tried as a
    // tuple: HCL, which does not backtrack, reads the index.
    let in_index = has(expected::INDEX_END);
    if has(expected::TUPLE_END)
        && !in_index
        && !has(expected::TUPLE_COMMA)
        && !expression_start
        && src[p..].starts_with("=>")
    {
        // `[for k, v in m: k => v]`: HCL blames the key expression.
        return SyntaxError::new(
            "Invalid 'for' expression",
            "Key expression is not valid when building a tuple.",
            key_before_arrow(src, p),
        );
    }
    if has(expected::TUPLE_END) && !in_index && !expression_start {
        return if has(expected::TUPLE_COMMA) {
            missing_item_separator(tok)
        } else {
            invalid_for(for_problem::EXTRA, tok)
        };
    }
    if has(expected::ARGS_END) && !expression_start {
        return if has(expected::ARGS_COMMA) {
            missing_argument_separator(tok)
        } else {
            // HCL blames the ellipsis.
            let end = token_end_before(src.as_bytes(), p);
            let at = if src[..end].ends_with("...") {
                Span::from_usize(end - 3, end)
            } else {
                tok
            };
            SyntaxError::new(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by \
                 closing parentheses.",
                at,
            )
        };
    }
    if has(expected::PAREN_END) {
        return unbalanced_parentheses(tok);
    }
    if has(expected::INDEX_END) {
        // Subject: the token HCL's recovery stops at (a Go pointer to the
        // token read, which recovery overwrites).
        return missing_index_close(index_close(src, p));
    }
    if has(expected::COND_COLON) {
        return SyntaxError::new(
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by \
             a colon.",
            at_newline,
        );
    }
    if has(expected::FOR_COLON) {
        return invalid_for(for_problem::NO_COLON, tok);
    }
    if has(expected::KW_IN) {
        return what(
            "Invalid 'for' expression",
            "For expression requires the 'in' keyword after its name declarations.",
        );
    }
    if has(expected::ATTR_NAME) {
        return invalid_attribute_name(at_newline);
    }
    if has(expected::IDENT) && !expression_start {
        let after_comma = src[..p].trim_end().ends_with(',');
        return what(
            "Invalid 'for' expression",
            if after_comma {
                "For expression requires value variable name after comma."
            } else {
                "For expression requires variable name after 'for'."
            },
        );
    }
    if expression_start {
        return SyntaxError::new(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            at_newline,
        );
    }
    if has(expected::EOI) && start == Start::Expression {
        return what(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
        );
    }
    what(
        "Invalid expression",
        "This is not valid in a template or expression here.",
    )
}

/// When an object's key is missing its `=` at `p`: the key, if it is a
/// name or a plain quoted string that follows a value on the same line
/// with no comma between (`{ a = 1 b }`), where HCL's parser, having read
/// the value, wanted a separator.
fn key_after_value(src: &str, p: usize) -> Option<Span> {
    let b = src.as_bytes();
    let blank_before = |mut i: usize| {
        while i > 0 && matches!(b[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        i
    };
    let end = blank_before(p);
    let start = if *b.get(end.checked_sub(1)?)? == b'"' {
        let open = memchr::memrchr(b'"', &b[..end - 1])?;
        let inner = &b[open + 1..end - 1];
        if inner
            .iter()
            .any(|&c| matches!(c, b'\\' | b'$' | b'%' | b'\n'))
        {
            return None;
        }
        open
    } else {
        let name_start = src[..end]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_alphanumeric() || c == '_' || c == '-')
            .last()?
            .0;
        if !src[name_start..]
            .chars()
            .next()
            .is_some_and(super::ident::is_start)
        {
            return None;
        }
        name_start
    };
    let before = blank_before(start);
    // A value ends with a name, a number, a quote or a closing bracket.
    let value_end = before
        .checked_sub(1)
        .and_then(|k| b.get(k))
        .is_some_and(|&c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'"' | b')' | b']' | b'}')
        });
    // (HCL's token for a quoted string is its opening quote.)
    let end = if b[start] == b'"' { start + 1 } else { end };
    value_end.then(|| Span::from_usize(start, end))
}

/// The span of the expression between a `for` expression's colon and the
/// `=>` at `arrow`: back from the arrow to the nearest `:` outside any
/// brackets, whitespace trimmed.
fn key_before_arrow(src: &str, arrow: usize) -> Span {
    let bytes = src.as_bytes();
    let end = arrow - (src[..arrow].len() - src[..arrow].trim_end().len());
    let mut depth = 0usize;
    let mut start = end;
    while start > 0 {
        match bytes[start - 1] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth == 0 => break,
            b'(' | b'[' | b'{' => depth -= 1,
            b':' if depth == 0 => break,
            _ => {}
        }
        start -= 1;
    }
    let start = end - src[start..end].trim_start().len();
    Span::from_usize(start, end)
}

/// HCL's "Missing attribute separator" (the summary is
/// [`SEPARATOR_SUMMARY`]).
#[cold]
pub(crate) fn missing_attribute_separator(at: Span) -> SyntaxError {
    SyntaxError::new(
        SEPARATOR_SUMMARY,
        "Expected a newline or comma to mark the beginning of the next attribute.",
        at,
    )
}

/// The summary of [`missing_attribute_separator`]'s error.
pub(crate) const SEPARATOR_SUMMARY: &str = "Missing attribute separator";

/// HCL's "Missing attribute value": an object item's key followed by a
/// newline or a comma.
pub(crate) fn missing_attribute_value(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing attribute value",
        "Expected an attribute value, introduced by an equals sign (\"=\").",
        at,
    )
}

/// HCL's "Missing key/value separator": an object item's key followed by
/// something else than `=` or `:` (a name hints at HCL 1's dotted names).
pub(crate) fn missing_key_value_separator(at: Span, before_name: bool) -> SyntaxError {
    let detail = if before_name {
        "Expected an equals sign (\"=\") to mark the beginning of the attribute value. \
         If you intended to given an attribute name containing periods or spaces, write \
         the name in quotes to create a string literal."
    } else {
        "Expected an equals sign (\"=\") to mark the beginning of the attribute value."
    };
    SyntaxError::new("Missing key/value separator", detail, at)
}

/// HCL's "Unbalanced parentheses": no `)` where an expression in
/// parentheses ends.
pub(crate) fn unbalanced_parentheses(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Unbalanced parentheses",
        "Expected a closing parenthesis to terminate the expression.",
        at,
    )
}

/// HCL's "Missing item separator" (in a tuple).
pub(crate) fn missing_item_separator(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing item separator",
        "Expected a comma to mark the beginning of the next item.",
        at,
    )
}

/// HCL's "Missing argument separator" (in a call).
pub(crate) fn missing_argument_separator(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing argument separator",
        "A comma is required to separate each function argument from the next.",
        at,
    )
}

/// HCL's "Missing close bracket on index", at the token its recovery
/// stops at.
pub(crate) fn missing_index_close(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing close bracket on index",
        "The index operator must end with a closing bracket (\"]\").",
        at,
    )
}

/// HCL's "Extra characters after interpolation expression" at the token
/// after the expression (a colon has a detail of its own).
pub(crate) fn extra_after_interpolation(at: Span, colon: bool) -> SyntaxError {
    let detail = if colon {
        "Template interpolation doesn't expect a colon at this location. Did you intend \
         this to be a literal sequence to be processed as part of another language? If \
         so, you can escape it by starting with \"$${\" instead of just \"${\"."
    } else {
        "Expected a closing brace to end the interpolation expression, but found extra \
         characters.\n\nThis can happen when you include interpolation syntax for another \
         language, such as shell scripting, but forget to escape the interpolation start \
         token. If this is an embedded sequence for another language, escape it by \
         starting with \"$${\" instead of just \"${\"."
    };
    SyntaxError::new(
        "Extra characters after interpolation expression",
        detail,
        at,
    )
}

/// HCL's "Extra characters in `keyword` marker", after a template
/// directive's expression (or keyword).
pub(crate) fn extra_in_directive(keyword: &str, at: Span) -> SyntaxError {
    SyntaxError::new(
        format!("Extra characters in {keyword} marker"),
        "Expected a closing brace to end the sequence, but found extra characters.",
        at,
    )
}

/// What an "Invalid 'for' expression" says is wrong.
pub(crate) mod for_problem {
    pub(crate) const NO_COLON: &str =
        "For expression requires a colon after the collection expression.";
    pub(crate) const EXTRA: &str = "Extra characters after the end of the 'for' expression.";
    pub(crate) const NO_KEY: &str = "Key expression is required when building an object.";
}

/// HCL's "Invalid 'for' expression", with one of [`for_problem`]'s
/// details (or another).
pub(crate) fn invalid_for(detail: &str, at: Span) -> SyntaxError {
    SyntaxError::new("Invalid 'for' expression", detail, at)
}

/// HCL's "Invalid attribute name": no name after a dot.
fn invalid_attribute_name(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Invalid attribute name",
        "An attribute name is required after a dot.",
        at,
    )
}

/// The keyword of the template directive open at `p` (`if`, `for`,
/// `else`, ...): the word after the last `%{` (and its `~`) before `p`.
fn directive_keyword(src: &str, p: usize) -> &str {
    let Some(open) = src[..p].rfind("%{") else {
        return "template";
    };
    let rest = src[open + 2..p].trim_start_matches('~').trim_start();
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..len]
}

fn missing_expression(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing expression",
        "Expected the start of an expression, but found the end of the input.",
        at,
    )
}

/// `%{ foo }`: a name where a directive keyword goes, as HCL words it
/// (with its suggestion: the first keyword, in HCL's order, at most two
/// edits away).
fn invalid_control_keyword(given: &str, at: Span) -> SyntaxError {
    let chars: Vec<char> = given.chars().collect();
    let suggestion = ["if", "for", "else", "endif", "endfor"]
        .into_iter()
        .find(|kw| {
            let kw: Vec<char> = kw.chars().collect();
            crate::diag::bounded_levenshtein(&chars, &kw, 2).is_some()
        })
        .map_or(String::new(), |kw| format!(" Did you mean {kw:?}?"));
    SyntaxError::new(
        "Invalid template control keyword",
        format!("{given:?} is not a valid template control keyword.{suggestion}"),
        at,
    )
}

fn invalid_directive(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Invalid template directive",
        "A template directive keyword (\"if\", \"else\", \"endif\", \"for\" or \"endfor\") \
         is expected at the beginning of a %{ sequence.",
        at,
    )
}

fn unclosed(open: &Open, at: Span) -> SyntaxError {
    let (summary, detail) = match open {
        Open::Interpolation => (
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the \
             input. This might be caused by incorrect nesting inside the given expression."
                .to_string(),
        ),
        Open::Directive => (
            "Unclosed template directive sequence",
            "There is no closing brace for this directive sequence before the end of the \
             input. This might be caused by incorrect nesting inside the given expression."
                .to_string(),
        ),
        Open::Quoted => (
            "Unterminated template string",
            "No closing quote was found for this string before the end of the input.".to_string(),
        ),
        Open::Heredoc(marker) => (
            "Unterminated template string",
            format!(
                "No closing marker was found for this heredoc: a line containing only \
                 `{marker}` must end it."
            ),
        ),
        Open::Bracket(b')') => (
            "Unbalanced parentheses",
            "There is no closing parenthesis for this one before the end of the input.".to_string(),
        ),
        Open::Bracket(b']') => (
            "Unclosed bracket",
            "There is no closing bracket (\"]\") for this one before the end of the input."
                .to_string(),
        ),
        Open::Bracket(_) => (
            "Unclosed brace",
            "There is no closing brace (\"}\") for this one before the end of the input."
                .to_string(),
        ),
    };
    SyntaxError::new(summary, detail, at)
}

fn bad_escape(src: &str, p: usize) -> SyntaxError {
    let sel = src[p + 1..].chars().next();
    let len = 1 + sel.map_or(0, char::len_utf8);
    let detail = match sel {
        Some('u') => "The \\u escape must be followed by four hexadecimal digits.".to_string(),
        Some('U') => "The \\U escape must be followed by eight hexadecimal digits.".to_string(),
        Some(c) if !c.is_control() => {
            format!("The symbol {c:?} is not a valid escape sequence selector.")
        }
        _ => "A backslash must be followed by an escape sequence selector.".to_string(),
    };
    SyntaxError::new(
        "Invalid escape sequence",
        detail,
        Span::from_usize(p, p + len),
    )
}

fn is_invalid_char(c: char) -> bool {
    if c.is_ascii() {
        !(c.is_ascii_alphanumeric() || " \t\r\n_+-*/%<>=!&|?:.,()[]{}\"~#$".contains(c))
    } else {
        !(unicode_ident_char(c))
    }
}

/// Non-ASCII characters only appear in identifiers and strings; this is the
/// cheap approximation of ID_Continue used for diagnostics only (the grammar
/// has the exact rule).
fn unicode_ident_char(c: char) -> bool {
    c.is_alphanumeric()
}

fn invalid_char(c: char, tok: Span) -> SyntaxError {
    let detail = match c {
        '\'' => "Single quotes are not valid. Use double quotes (\") to enclose strings.",
        ';' => {
            "The \";\" character is not valid. Use newlines to separate arguments and blocks, \
             and commas to separate items in collection values."
        }
        _ => "This character is not used within the language.",
    };
    SyntaxError::new("Invalid character", detail, tok)
}
