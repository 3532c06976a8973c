//! Structure-aware: an `arbitrary` expression tree over the real standard
//! library, rendered as a native template inside a JSON string and
//! evaluated with small variables and a small budget, so that calls reach
//! function bodies instead of failing on syntax. The raw bytes are also
//! tried as a JSON-HCL file, as before. Nothing may panic or overflow.
#![no_main]

use std::fmt::Write;
use std::sync::OnceLock;

use hcl_json::{EvalContext, Limits, Value};
use libfuzzer_sys::arbitrary::{self, Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum E {
    Num(i8),
    Big(u32),
    Str(Small),
    Bool(bool),
    Null,
    Var(u8),
    Call(u8, Vec<E>, bool),
    Tuple(Vec<E>),
    Object(Vec<(Small, E)>),
    Bin(u8, Box<E>, Box<E>),
    Not(Box<E>),
    Neg(Box<E>),
    Cond(Box<E>, Box<E>, Box<E>),
    For(Box<E>, Box<E>, bool),
    Index(Box<E>, Box<E>),
    Attr(Box<E>, Small),
    Splat(Box<E>, Small),
    Template(Vec<Part>),
}

#[derive(Arbitrary, Debug)]
enum Part {
    Text(Small),
    Interp(E),
    If(E, Vec<Part>),
    For(E, Vec<Part>),
}

/// A short string from a small alphabet that reaches interesting paths
/// (separators, regex and format syntax, JSON, YAML, CIDR, base64).
#[derive(Debug)]
struct Small(String);

impl<'a> Arbitrary<'a> for Small {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Small> {
        const ALPHABET: &[u8] = b"ab01,.:/-[]{}\"%s*+?x \n=aZ";
        let len = u.int_in_range(0..=8)?;
        let mut s = String::new();
        for _ in 0..len {
            s.push(*u.choose(ALPHABET)? as char);
        }
        Ok(Small(s))
    }
}

const VARS: &[&str] = &["n", "s", "l", "m", "u", "e"];
const OPS: &[&str] = &["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"];

fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| hcl_json::stdlib::functions().into_iter().map(|(n, _)| n).collect())
}

fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '$' => out.push_str("$$"),
            '%' => out.push_str("%%"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Renders `e` as native syntax; past a depth every node is a number, so
/// the text stays small whatever the input.
fn render(e: &E, depth: usize, out: &mut String) {
    if depth > 6 {
        out.push('1');
        return;
    }
    let d = depth + 1;
    let list = |items: &[E], out: &mut String| {
        for (i, x) in items.iter().take(4).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            render(x, d, out);
        }
    };
    match e {
        E::Num(n) => write!(out, "{n}").unwrap(),
        E::Big(n) => write!(out, "{n}.5e{}", n % 40).unwrap(),
        E::Str(s) => quote(&s.0, out),
        E::Bool(b) => write!(out, "{b}").unwrap(),
        E::Null => out.push_str("null"),
        E::Var(i) => out.push_str(VARS[*i as usize % VARS.len()]),
        E::Call(f, args, expand) => {
            let names = names();
            out.push_str(names[*f as usize % names.len()]);
            out.push('(');
            list(args, out);
            if *expand && !args.is_empty() {
                out.push_str("...");
            }
            out.push(')');
        }
        E::Tuple(items) => {
            out.push('[');
            list(items, out);
            out.push(']');
        }
        E::Object(items) => {
            out.push('{');
            for (i, (k, v)) in items.iter().take(4).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                quote(&k.0, out);
                out.push_str(" = ");
                render(v, d, out);
            }
            out.push('}');
        }
        E::Bin(op, a, b) => {
            out.push('(');
            render(a, d, out);
            write!(out, " {} ", OPS[*op as usize % OPS.len()]).unwrap();
            render(b, d, out);
            out.push(')');
        }
        E::Not(a) => {
            out.push('!');
            render(a, d, out);
        }
        E::Neg(a) => {
            out.push('-');
            render(a, d, out);
        }
        E::Cond(c, a, b) => {
            out.push('(');
            render(c, d, out);
            out.push_str(" ? ");
            render(a, d, out);
            out.push_str(" : ");
            render(b, d, out);
            out.push(')');
        }
        E::For(coll, body, object) => {
            if *object {
                out.push_str("{for k, v in ");
                render(coll, d, out);
                out.push_str(" : k => ");
                render(body, d, out);
                out.push_str("...}");
            } else {
                out.push_str("[for k, v in ");
                render(coll, d, out);
                out.push_str(" : ");
                render(body, d, out);
                out.push(']');
            }
        }
        E::Index(a, i) => {
            render(a, d, out);
            out.push('[');
            render(i, d, out);
            out.push(']');
        }
        E::Attr(a, name) => {
            render(a, d, out);
            let name: String = name.0.chars().filter(|c| c.is_ascii_alphabetic()).collect();
            write!(out, ".{}", if name.is_empty() { "a" } else { &name }).unwrap();
        }
        E::Splat(a, name) => {
            render(a, d, out);
            let name: String = name.0.chars().filter(|c| c.is_ascii_alphabetic()).collect();
            write!(out, "[*].{}", if name.is_empty() { "a" } else { &name }).unwrap();
        }
        E::Template(parts) => {
            out.push('"');
            parts_text(parts, d, out);
            out.push('"');
        }
    }
}

fn parts_text(parts: &[Part], depth: usize, out: &mut String) {
    for p in parts.iter().take(4) {
        match p {
            Part::Text(s) => {
                for c in s.0.chars() {
                    match c {
                        '"' | '\\' | '\n' | '$' | '%' => out.push('_'),
                        c => out.push(c),
                    }
                }
            }
            Part::Interp(e) => {
                out.push_str("${");
                render(e, depth + 1, out);
                out.push('}');
            }
            Part::If(c, body) => {
                out.push_str("%{ if ");
                render(c, depth + 1, out);
                out.push_str(" }");
                parts_text(body, depth + 1, out);
                out.push_str("%{ endif }");
            }
            Part::For(c, body) => {
                out.push_str("%{ for x in ");
                render(c, depth + 1, out);
                out.push_str(" }");
                parts_text(body, depth + 1, out);
                out.push_str("%{ endfor }");
            }
        }
    }
}

/// Small limits: every limit is reached by the same code at any size, and
/// an input that spends a big budget only slows the campaign down (the
/// target ran at 48-72 inputs a second with 1 MiB and 100 000 steps).
const FUZZ_LIMITS: Limits = Limits {
    max_bytes: 64 << 10,
    max_steps: 10_000,
    max_depth: 32,
};

fn context() -> &'static EvalContext {
    static CTX: OnceLock<EvalContext> = OnceLock::new();
    CTX.get_or_init(|| {
        EvalContext::new()
            .with_stdlib()
            .with_limits(FUZZ_LIMITS)
            .with_variable("n", 3)
            .with_variable("s", "a,b")
            .with_variable("l", Value::tuple([Value::from(1), Value::from("x")]))
            .with_variable(
                "m",
                Value::object([("a", Value::from(1)), ("b", Value::from("y"))]),
            )
            .with_variable("u", Value::dynamic())
            .with_variable("e", Value::tuple([]))
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    if let Ok(e) = E::arbitrary(&mut u) {
        let mut native = String::new();
        render(&e, 0, &mut native);
        let mut json = String::from("{\"a\": ");
        let mut template = String::from("${");
        template.push_str(&native);
        template.push('}');
        // As a JSON string: escape for JSON.
        json.push_str(&serde_json_escape(&template));
        json.push('}');
        if let Ok(file) = hcl_json::parse(&json, "fuzz.json") {
            if let Ok(attrs) = file.body().just_attributes() {
                for attr in attrs.values() {
                    let _ = attr.expr.value(context());
                    let _ = attr.expr.variables();
                }
            }
        }
    }
    // The bytes themselves, as a file.
    let Ok(file) = hcl_json::body::parse_bytes(data, "fuzz.json") else {
        return;
    };
    let Ok(attrs) = file.body().just_attributes() else {
        return;
    };
    for attr in attrs.values() {
        let _ = attr.expr.value(context());
        let _ = attr.expr.variables();
        let _ = attr.expr.as_call();
        let _ = attr.expr.abs_traversal();
    }
});

fn serde_json_escape(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
