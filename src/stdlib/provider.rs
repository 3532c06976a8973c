//! Terraform's built-in provider functions, under their namespaced names:
//! `provider::terraform::encode_tfvars`, `provider::terraform::decode_tfvars`
//! and `provider::terraform::encode_expr` (Terraform 1.8, OpenTofu 1.7;
//! <https://developer.hashicorp.com/terraform/language/functions/terraform-encode_tfvars>
//! and the pages beside it).
//!
//! The text they write is what Terraform writes, which is `hclwrite`'s:
//! HCL's tokens for a constant value (objects and maps one attribute a
//! line, in key order; lists, sets and tuples on one line), laid out by
//! `hclwrite`'s formatter, whose rules this module follows exactly:
//! indentation by the brackets a line leaves open, its spacing between
//! tokens, and the alignment of `=` across consecutive lines whose value
//! ends on the same line. `decode_tfvars` reads a native-syntax body of
//! attributes with no variables or functions, and its errors quote the
//! first diagnostic as HCL's `Diagnostics.Error()` prints it.

use unicode_segmentation::UnicodeSegmentation;

use super::{max_depth, reserve, str_arg, Def};
use crate::body::parse_native;
use crate::diag::Error;
use crate::eval::{EvalContext, Function, FunctionError, Param};
use crate::native::ident::is_identifier;
use crate::value::{decimal_parts, Number, Str, Type, Value};

/// The provider functions, by their full names.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("provider::terraform::decode_tfvars", decode_tfvars()),
        ("provider::terraform::encode_expr", encode_expr()),
        ("provider::terraform::encode_tfvars", encode_tfvars()),
    ]
}

fn encode_tfvars() -> Function {
    Def::new("Writes an object as the text of a .tfvars file: one attribute a line, in name order.")
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("An object or map whose keys are valid variable names.")
                .allow_unknown(),
        )
        .returns(Type::String)
        .build(|args| {
            let v = &args[0];
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let (Value::Object(entries) | Value::Map(_, entries)) = v else {
                return Err(FunctionError::new(
                    "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
                ));
            };
            let mut keys: Vec<&str> = entries.keys().map(Str::as_str).collect();
            keys.sort_unstable();
            let mut toks = Vec::new();
            for key in keys {
                if !is_identifier(key) {
                    return Err(FunctionError::new(format!(
                        "invalid variable name {key:?}: must be a valid identifier, per Terraform's rules for input variable declarations"
                    )));
                }
                toks.push(Tok::new(Kind::Ident, key));
                toks.push(Tok::new(Kind::Equal, "="));
                if let Some(value) = entries.get(key) {
                    value_tokens(value, &mut toks, 0)?;
                }
                toks.push(Tok::new(Kind::Newline, "\n"));
            }
            Ok(Value::from(write(toks)?))
        })
}

fn encode_expr() -> Function {
    Def::new("Writes a value as a constant expression of the native syntax.")
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("Any value.")
                .allow_unknown(),
        )
        .returns(Type::String)
        .build(|args| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let mut toks = Vec::new();
            value_tokens(&args[0], &mut toks, 0)?;
            Ok(Value::from(write(toks)?.trim()))
        })
}

fn decode_tfvars() -> Function {
    Def::new("Reads the text of a .tfvars file into an object of its attributes' values.")
        .param("src", Type::String, "The text of a .tfvars file.")
        .returns(Type::Dynamic)
        .build(|args| {
            let src = str_arg(args, 0)?;
            let file = parse_native(src, "<decode_tfvars argument>")
                .map_err(|e| failed("invalid tfvars syntax", &e))?;
            let attrs = file
                .body()
                .just_attributes()
                .map_err(|e| failed("invalid tfvars content", &e))?;
            // No variables and no functions, as Terraform reads it.
            let ctx = EvalContext::literal();
            let mut out = Vec::with_capacity(attrs.len());
            for (name, attr) in attrs {
                let value = attr.expr.value(&ctx).map_err(|e| {
                    failed(&format!("invalid expression for variable {name:?}"), &e)
                })?;
                out.push((name, value));
            }
            Ok(Value::object(out))
        })
}

/// `what: <first diagnostic>`, the diagnostic as HCL's `Error()` prints it
/// (`file:line,column-column: summary; detail`, and how many others).
fn failed(what: &str, e: &Error) -> FunctionError {
    let diags = e.diagnostics();
    let Some(first) = diags.first() else {
        return FunctionError::new(format!("{what}: {e}"));
    };
    let place = match &first.subject {
        Some(r) if r.start.line == r.end.line => format!(
            "{}:{},{}-{}",
            r.filename, r.start.line, r.start.column, r.end.column
        ),
        Some(r) => format!(
            "{}:{},{}-{},{}",
            r.filename, r.start.line, r.start.column, r.end.line, r.end.column
        ),
        None => "<nil>".to_string(),
    };
    let mut text = format!("{what}: {place}: {}; {}", first.summary, first.detail);
    if diags.len() > 1 {
        text.push_str(&format!(", and {} other diagnostic(s)", diags.len() - 1));
    }
    FunctionError::new(text)
}

// ---------------------------------------------------------------- tokens

/// The kinds of HCL token a constant value is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    OBrack,
    CBrack,
    OBrace,
    CBrace,
    Comma,
    Equal,
    Newline,
    Ident,
    Number,
    OQuote,
    QuotedLit,
    CQuote,
}

impl Kind {
    /// How the token changes the bracket depth.
    fn brackets(self) -> i64 {
        match self {
            Kind::OBrack | Kind::OBrace => 1,
            Kind::CBrack | Kind::CBrace => -1,
            _ => 0,
        }
    }
}

/// A token and the spaces the formatter puts before it.
struct Tok {
    kind: Kind,
    text: String,
    spaces: usize,
}

impl Tok {
    fn new(kind: Kind, text: impl Into<String>) -> Tok {
        Tok {
            kind,
            text: text.into(),
            spaces: 0,
        }
    }

    /// Its width in columns, as `hclwrite` counts them (grapheme
    /// clusters), with the spaces before it.
    fn columns(&self) -> usize {
        self.spaces + self.text.graphemes(true).count()
    }
}

/// `hclwrite.TokensForValue`'s tokens for a known value.
fn value_tokens(v: &Value, out: &mut Vec<Tok>, depth: usize) -> Result<(), FunctionError> {
    if depth > max_depth() {
        return Err(FunctionError::new(format!(
            "the value is nested more than {} levels deep.",
            max_depth()
        )));
    }
    match v {
        Value::Marked(m) => value_tokens(m.value(), out, depth)?,
        // Unreachable: the callers check that the value is wholly known.
        Value::Unknown(_) => return Err(FunctionError::new("an unknown value cannot be encoded.")),
        Value::Null(_) => out.push(Tok::new(Kind::Ident, "null")),
        Value::Bool(b) => out.push(Tok::new(Kind::Ident, if *b { "true" } else { "false" })),
        Value::Number(n) => out.push(Tok::new(Kind::Number, plain_number(n))),
        Value::String(s) => string_tokens(s, out),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            out.push(Tok::new(Kind::OBrack, "["));
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(Tok::new(Kind::Comma, ","));
                }
                value_tokens(item, out, depth + 1)?;
            }
            out.push(Tok::new(Kind::CBrack, "]"));
        }
        Value::Map(_, entries) | Value::Object(entries) => {
            out.push(Tok::new(Kind::OBrace, "{"));
            if !entries.is_empty() {
                out.push(Tok::new(Kind::Newline, "\n"));
            }
            // cty iterates maps and objects in key order.
            let mut sorted: Vec<_> = entries.iter().collect();
            sorted.sort_unstable_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
            for (key, value) in sorted {
                if is_identifier(key) {
                    out.push(Tok::new(Kind::Ident, key.as_str()));
                } else {
                    string_tokens(key, out);
                }
                out.push(Tok::new(Kind::Equal, "="));
                value_tokens(value, out, depth + 1)?;
                out.push(Tok::new(Kind::Newline, "\n"));
            }
            out.push(Tok::new(Kind::CBrace, "}"));
        }
    }
    Ok(())
}

fn string_tokens(s: &str, out: &mut Vec<Tok>) {
    out.push(Tok::new(Kind::OQuote, "\""));
    if !s.is_empty() {
        out.push(Tok::new(Kind::QuotedLit, escape(s)));
    }
    out.push(Tok::new(Kind::CQuote, "\""));
}

/// A quoted string's content as `hclwrite` escapes it: the usual escapes,
/// `${` and `%{` doubled to `$${` and `%%{`, and characters Go does not
/// print (controls, spaces other than U+0020, format characters, private
/// use) as `\uXXXX` or `\UXXXXXXXX`.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if !is_printable(c) => {
                let code = u32::from(c);
                if code < 0x10000 {
                    out.push_str(&format!("\\u{code:04x}"));
                } else {
                    out.push_str(&format!("\\U{code:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Go's `unicode.IsPrint` for the characters a value can hold: letters,
/// marks, numbers, punctuation, symbols and the ASCII space; not controls,
/// other spaces, format characters or private use.
fn is_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    !matches!(u32::from(c),
        0x00AD
        | 0x0600..=0x0605
        | 0x061C
        | 0x06DD
        | 0x070F
        | 0x0890..=0x0891
        | 0x08E2
        | 0x180E
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x2064
        | 0x2066..=0x206F
        | 0xE000..=0xF8FF
        | 0xFEFF
        | 0xFFF9..=0xFFFB
        | 0x110BD
        | 0x110CD
        | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        | 0xE0001
        | 0xE0020..=0xE007F
        | 0xF_0000..=0x10_FFFF)
}

/// A number in plain decimal notation, as Go's `big.Float.Text('f', -1)`
/// writes it: no exponent, no trailing zeros.
fn plain_number(n: &Number) -> String {
    if n.is_infinite() {
        return if n.is_negative() { "-Inf" } else { "+Inf" }.to_string();
    }
    let (negative, digits, exp) = decimal_parts(&n.to_string());
    let mut out = String::new();
    if negative && digits != "0" {
        out.push('-');
    }
    if exp < 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
        out.push_str(&digits);
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', int_len - digits.len()));
        } else {
            out.push_str(&digits[..int_len]);
            out.push('.');
            out.push_str(&digits[int_len..]);
        }
    }
    out
}

// ---------------------------------------------------------------- layout

/// One line of tokens: `toks[start..end]` (its newline included), the
/// `=` that starts its "assign" cell when it has one.
struct Line {
    start: usize,
    end: usize,
    assign: Option<usize>,
}

/// The tokens laid out as `hclwrite`'s formatter lays them out, then
/// written; the text's size is charged to the budget before it is built.
fn write(mut toks: Vec<Tok>) -> Result<String, FunctionError> {
    let lines = lines(&toks);
    indent(&lines, &mut toks);
    spaces(&lines, &mut toks);
    align(&lines, &mut toks);
    let size: usize = toks.iter().map(|t| t.spaces + t.text.len()).sum();
    reserve(size as u128)?;
    let mut out = String::with_capacity(size);
    for t in &toks {
        out.extend(std::iter::repeat_n(' ', t.spaces));
        out.push_str(&t.text);
    }
    Ok(out)
}

/// The lines; a line's `=` (not its first token) starts its assign cell
/// only when the brackets from there to the line's end balance.
fn lines(toks: &[Tok]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        if t.kind == Kind::Newline {
            lines.push(Line {
                start,
                end: i + 1,
                assign: None,
            });
            start = i + 1;
        }
    }
    if start < toks.len() {
        lines.push(Line {
            start,
            end: toks.len(),
            assign: None,
        });
    }
    for line in &mut lines {
        let lead = &toks[line.start..line.end];
        if let Some(i) = lead.iter().skip(1).position(|t| t.kind == Kind::Equal) {
            let at = line.start + 1 + i;
            let net: i64 = toks[at..line.end].iter().map(|t| t.kind.brackets()).sum();
            if net == 0 {
                line.assign = Some(at);
            }
        }
    }
    lines
}

/// Two spaces per bracket level a line is in: a line that opens brackets
/// is indented at the level before them, one that closes some at the
/// level after.
fn indent(lines: &[Line], toks: &mut [Tok]) {
    let mut indents: Vec<i64> = Vec::new();
    for line in lines {
        if line.start == line.end {
            continue;
        }
        if toks[line.start].kind == Kind::Newline {
            toks[line.start].spaces = 0;
            continue;
        }
        let net: i64 = toks[line.start..line.end]
            .iter()
            .map(|t| t.kind.brackets())
            .sum();
        if net > 0 {
            toks[line.start].spaces = 2 * indents.len();
            indents.push(net);
            continue;
        }
        let mut closed = -net;
        while closed > 0 {
            let Some(last) = indents.last_mut() else {
                break;
            };
            if closed >= *last {
                closed -= *last;
                indents.pop();
            } else {
                *last -= closed;
                closed = 0;
            }
        }
        toks[line.start].spaces = 2 * indents.len();
    }
}

/// One space or none between the tokens of each cell.
fn spaces(lines: &[Line], toks: &mut [Tok]) {
    for line in lines {
        let lead_end = line.assign.unwrap_or(line.end);
        for i in line.start..lead_end.saturating_sub(1) {
            toks[i + 1].spaces = usize::from(space_after(toks[i].kind, toks[i + 1].kind));
        }
        if let Some(at) = line.assign {
            toks[at].spaces = 1;
            for i in at..line.end - 1 {
                toks[i + 1].spaces = usize::from(space_after(toks[i].kind, toks[i + 1].kind));
            }
        }
    }
}

/// `hclwrite`'s `spaceAfterToken` for the tokens of constant values.
fn space_after(subject: Kind, after: Kind) -> bool {
    use Kind::{
        CBrace, CBrack, CQuote, Comma, Ident, Newline, Number, OBrace, OBrack, OQuote, QuotedLit,
    };
    match (subject, after) {
        (_, Newline | Comma) => false,
        (Comma, _) => true,
        (OQuote | QuotedLit, _) | (_, QuotedLit | CQuote) => false,
        (Ident | Number | CBrack | CBrace, OBrack) => false,
        (OBrace, CBrace) => false,
        (OBrace, _) | (_, CBrace) => true,
        (s, _) if s.brackets() > 0 => false,
        (_, a) if a.brackets() < 0 => false,
        _ => true,
    }
}

/// Aligns the `=` of consecutive lines that have an assign cell.
fn align(lines: &[Line], toks: &mut [Tok]) {
    let mut chain: Vec<(usize, usize)> = Vec::new();
    let close = |chain: &mut Vec<(usize, usize)>, toks: &mut [Tok]| {
        let widest = chain.iter().map(|&(_, w)| w).max().unwrap_or(0);
        for &(at, width) in chain.iter() {
            toks[at].spaces = widest - width + 1;
        }
        chain.clear();
    };
    for line in lines {
        match line.assign {
            Some(at) => {
                let width = toks[line.start..at].iter().map(Tok::columns).sum();
                chain.push((at, width));
            }
            None => close(&mut chain, toks),
        }
    }
    close(&mut chain, toks);
}
