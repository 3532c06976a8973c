//! The hand-written parser against its oracle, the pest grammar: on
//! generated inputs of every shape, valid and invalid, the hand-written
//! parser accepts exactly what pest accepts, with exactly pest's tree
//! (spans included), and the public entry points give pest's diagnostics
//! for every rejected input.

use proptest::prelude::*;

use super::parser::{parse_expression_pest, parse_template_pest};
use crate::native::parser::{self as hand, Outcome};
use crate::native::{needs_template_parse, parse_expression, parse_template, Span, SyntaxError};

/// Whitespace (and comments) that may appear between tokens.
fn ws() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", "", "", " ", "  ", "\n", "\t", "\r\n ", " # c\n", "// c\n", "/* c */", "/*\n*/ ",
    ])
}

fn name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a", "var", "each", "count", "aws_vpc", "main", "id", "_x", "a-b", "x1", "true", "false",
        "null", "in", "if", "for", "endif", "format", "é", "naïve", "ab٣",
    ])
}

fn quoted() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "\"\"",
        "\"abc\"",
        "\"a b{c}\"",
        "\"<REGION>\"",
        "\"é ü\"",
        "\"#//\"",
        "\"a\\nb\\t\\\"\\\\\"",
        "\"\\u00e9\\U0001F600\"",
        "\"$${x}%%{y}\"",
        "\"${a}\"",
        "\"x${~ a ~} y\"",
        "\"%{ if a }y%{ else }n%{ endif }\"",
        "\"%{ for k, v in m }${k}%{ endfor }\"",
        "\"\\ud800\"",
        "\"\\q\"",
        "\"a\nb\"",
    ])
}

fn heredoc() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "<<EOT\nhello\nEOT",
        "<<EOT\nEOT",
        "<<-EOT\n    a\n      b\n    EOT",
        "<<-X\n  ${a}\n    %{ if b }y%{ endif }\n  X",
        "<<EOT\n${a}\n  x ${~ b ~}\n\nEOT",
        "<<EOT\n$${x} %%{y} $ %\nEOT",
        "<<EOT\na\n EOTX\nEOT",
        "<<EOT\nnot closed\n",
        "<<EOT\r\nx\r\nEOT",
        "<<EOT x\nEOT",
    ])
}

fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => name().prop_map(str::to_string),
        2 => prop::sample::select(vec!["0", "42", "1.5", "2e10", "1E+3", "7e-2"])
            .prop_map(str::to_string),
        2 => quoted().prop_map(str::to_string),
        1 => heredoc().prop_map(|h| format!("{h}\n")),
    ]
}

fn binop() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "==", "!=", "<=", ">=", "<", ">", "&&", "||", "+", "-", "*", "/", "%",
    ])
}

/// Expressions of every shape.
fn expr() -> impl Strategy<Value = String> {
    leaf().prop_recursive(4, 48, 4, |inner| {
        let step = prop_oneof![
            name().prop_map(|n| format!(".{n}")),
            ws().prop_map(|w| format!(".{w}id")),
            prop::sample::select(vec![".0", ".12", ".*", "[*]", ". *", "[ * ]", ".0.1"])
                .prop_map(str::to_string),
            (ws(), inner.clone(), ws()).prop_map(|(a, e, b)| format!("[{a}{e}{b}]")),
        ];
        let item = (
            prop_oneof![name().prop_map(str::to_string), inner.clone()],
            ws(),
            prop::sample::select(vec!["=", ":", " = ", "=="]),
            ws(),
            inner.clone(),
        )
            .prop_map(|(k, a, sep, b, v)| format!("{k}{a}{sep}{b}{v}"));
        prop_oneof![
            (inner.clone(), prop::collection::vec(step, 1..4))
                .prop_map(|(e, steps)| format!("{e}{}", steps.concat())),
            (
                prop::sample::select(vec!["f", "format", "provider::aws::arn", "a::", "for"]),
                ws(),
                prop::collection::vec((inner.clone(), ws()), 0..4),
                prop::sample::select(vec!["", ",", "..."]),
            )
                .prop_map(|(n, w, args, end)| {
                    let args: Vec<String> =
                        args.into_iter().map(|(e, w)| format!("{e}{w}")).collect();
                    let end = if args.is_empty() { "" } else { end };
                    format!("{n}{w}({}{end})", args.join(", "))
                }),
            (ws(), inner.clone(), ws()).prop_map(|(a, e, b)| format!("({a}{e}{b})")),
            (prop::collection::vec(inner.clone(), 0..4), any::<bool>()).prop_map(
                |(items, comma)| {
                    let comma = if comma && !items.is_empty() { "," } else { "" };
                    format!("[{}{comma}]", items.join(", "))
                }
            ),
            (
                prop::collection::vec(
                    (
                        item,
                        prop::sample::select(vec![",", "\n", ", ", " ", ",\n"])
                    ),
                    0..4
                ),
                ws()
            )
                .prop_map(|(items, w)| {
                    let body: String = items
                        .iter()
                        .flat_map(|(i, sep)| [i.as_str(), *sep])
                        .collect();
                    format!("{{{w}{body}}}")
                }),
            (
                prop::sample::select(vec!["x", "k, v", "i,x", "in", "x y"]),
                ws(),
                inner.clone(),
                inner.clone(),
                prop::option::of(inner.clone()),
            )
                .prop_map(|(vars, w, coll, value, cond)| {
                    let cond = cond.map(|c| format!(" if {c}")).unwrap_or_default();
                    format!("[for {vars} in {coll}{w}:{w}{value}{cond}]")
                }),
            (
                prop::sample::select(vec!["x", "k, v", "for"]),
                ws(),
                inner.clone(),
                inner.clone(),
                inner.clone(),
                prop::sample::select(vec!["", "...", " ..."]),
                prop::option::of(inner.clone()),
            )
                .prop_map(|(vars, w, coll, key, value, group, cond)| {
                    let cond = cond.map(|c| format!(" if {c}")).unwrap_or_default();
                    format!("{{for {vars} in {coll} :{w}{key} => {value}{group}{cond}}}")
                }),
            (
                prop::sample::select(vec!["-", "!", "- ", "!!"]),
                inner.clone()
            )
                .prop_map(|(op, e)| format!("{op}{e}")),
            (
                inner.clone(),
                prop::collection::vec((ws(), binop(), ws(), inner.clone()), 1..5),
            )
                .prop_map(|(a, rest)| {
                    let mut s = a;
                    for (w1, op, w2, b) in rest {
                        s.push_str(&format!("{w1}{op}{w2}{b}"));
                    }
                    s
                }),
            (literal(), ws(), inner.clone(), ws(), literal()).prop_map(|(a, w1, e, w2, b)| {
                let q = |s: &str| s.replace('\n', "\\n");
                // (A prefix ending in `$` would make `$${`, an escape.)
                let a = q(a).trim_end_matches(['$', '%']).to_string();
                format!("\"{a}${{{w1}{e}{w2}}}{}\"", q(b))
            }),
            (inner.clone(), ws(), inner.clone(), ws(), inner.clone())
                .prop_map(|(c, w1, t, w2, e)| format!("{c}{w1}?{w2}{t}{w1}:{w2}{e}")),
        ]
    })
}

fn literal() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", "text", "-", " ", "  \n ", "$", "%", "$${x}", "%%{y}", "{}", "é", "100%", "$$", "a\nb",
    ])
}

/// One template item: text, an interpolation or a directive tag (tags are
/// generated independently, so some templates are unbalanced).
fn template_item() -> impl Strategy<Value = String> {
    let strip = || prop::sample::select(vec!["", "", "~"]);
    prop_oneof![
        4 => literal().prop_map(str::to_string),
        4 => (strip(), ws(), expr(), ws(), strip())
            .prop_map(|(l, a, e, b, r)| format!("${{{l}{a}{e}{b}{r}}}")),
        1 => (strip(), ws(), expr(), strip()).prop_map(|(l, a, e, r)| format!("%{{{l}{a}if {e} {r}}}")),
        1 => (strip(), prop::sample::select(vec!["else", "endif", "endfor", "elsex"]), strip())
            .prop_map(|(l, kw, r)| format!("%{{{l} {kw} {r}}}")),
        1 => (strip(), prop::sample::select(vec!["x", "k, v", "i ,x"]), expr(), strip())
            .prop_map(|(l, vars, e, r)| format!("%{{{l} for {vars} in {e}{r}}}")),
    ]
}

/// Templates of every shape: balanced directive pairs are likely, but
/// loose tags and broken sequences occur too.
pub(in crate::native) fn template() -> impl Strategy<Value = String> {
    let balanced =
        (template_item(), expr(), template_item(), template_item()).prop_map(|(a, c, b, d)| {
            format!(
                "{a}%{{ if {c} }}{b}%{{ else }}{d}%{{ endif }}%{{ for x in {c} }}{b}%{{ endfor }}"
            )
        });
    prop_oneof![
        3 => prop::collection::vec(template_item(), 0..6).prop_map(|v| v.concat()),
        2 => balanced,
    ]
}

/// Token soup: mostly invalid, full of near misses.
pub(in crate::native) fn soup() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "a", "b", "x1", "_", "-", "0", "1", ".", "...", " ", "\n", "$", "%", "{", "}", "${", "%{",
        "(", ")", "[", "]", "*", ",", "\"", "?", ":", "+", "/", "//", "/*", "*/", "#", "!", "=",
        "<", ">", "&", "|", "~", "\\", "e", "é", "true", "null", "for", "in", "if", "::",
        "<<EOT\n", "EOT", "$${", "%%{", "=>", "endif", "endfor", "else", "\\n", "\\u0041",
    ]);
    (any::<bool>(), prop::collection::vec(token, 0..24)).prop_map(|(wrap, tokens)| {
        let s = tokens.concat();
        if wrap {
            format!("${{{s}}}")
        } else {
            s
        }
    })
}

/// A valid-looking input with one byte range cut out: near misses of
/// every shape.
pub(in crate::native) fn mutated(
    base: impl Strategy<Value = String>,
) -> impl Strategy<Value = String> {
    (base, any::<prop::sample::Index>(), 1..3usize).prop_map(|(s, at, len)| {
        if s.is_empty() {
            return s;
        }
        let mut start = at.index(s.len());
        while !s.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + len).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        format!("{}{}", &s[..start], &s[end..])
    })
}

/// Checks the hand-written parser against pest on `src`: the same tree
/// (spans included) or the same diagnostics (summary, detail, span);
/// gives whether pest accepts it. The public entry point (`public`) must
/// give the hand-written parser's answer.
fn agree<T: PartialEq + std::fmt::Debug>(
    src: &str,
    hand: Outcome<T>,
    pest: Result<T, Vec<SyntaxError>>,
    public: Result<T, Vec<SyntaxError>>,
) -> bool {
    let differ = match (&hand, &pest) {
        (Outcome::Parsed(h), Ok(p)) => h != p,
        (Outcome::Invalid(h), Err(p)) => h != p,
        (Outcome::Refused(_), _) => false,
        _ => true,
    };
    if differ
        && (newline_then_continuation(src)
            || newline_after_dot(src)
            || newline_after_question(src)
            || newline_after_operator(src)
            || src.contains("<<")
            || stopped_at_separator(&hand, &pest)
            || stopped_at_comma(src, &hand, &pest)
            || steps_after_a_stray_dot(&hand, &pest))
    {
        // The grammar reads on past a newline before an operator, a `?`, a
        // step or a call's `(`, and after a dot or a conditional's true
        // result, where at an object's own level the hand-written parser
        // ends the expression or fails as HCL does, and reads a heredoc's
        // `<<EOT` after an expression as `<`: pest cannot speak for such
        // input (`tests/syntax/native_rules/` covers it). Nor for an
        // object item read on after the one before it with no separator:
        // the grammar reads it, HCL's parser stops there; nor for a comma
        // after the newline that ended an object's item. Nor for the steps
        // HCL reads after a dot that starts no expression.
        assert_eq!(public, hand.into_result(), "public entry point for {src:?}");
        return pest.is_ok();
    }

    match (&hand, &pest) {
        (Outcome::Parsed(h), Ok(p)) => assert_eq!(h, p, "trees differ for {src:?}"),
        (Outcome::Parsed(h), Err(e)) => panic!("accepted {src:?} as {h:?}; pest: {e:?}"),
        (Outcome::Invalid(_), Ok(p)) => panic!("refused {src:?}; pest accepts it as {p:?}"),
        (Outcome::Invalid(h), Err(p)) => assert_eq!(h, p, "diagnostics differ for {src:?}"),
        (Outcome::Refused(e), _) => panic!("refused {src:?} as too deep: {e:?}"),
    }
    assert_eq!(public, hand.into_result(), "public entry point for {src:?}");
    pest.is_ok()
}

/// Whether the hand-written parser gave up with one missing object
/// separator where pest refused the input too: where HCL's parser stops,
/// and what the grammar reads past to fail elsewhere.
fn stopped_at_separator<T>(hand: &Outcome<T>, pest: &Result<T, Vec<SyntaxError>>) -> bool {
    pest.is_err()
        && matches!(hand, Outcome::Invalid(errors)
            if errors.len() == 1 && errors[0].summary == "Missing attribute separator")
}

/// Whether the hand-written parser gave up with "Invalid expression" at a
/// comma where pest refused the input too: a comma after the newline that
/// ended an object's item, where HCL's parser reads a key and stops, and
/// the grammar reads on to fail elsewhere.
fn stopped_at_comma<T>(src: &str, hand: &Outcome<T>, pest: &Result<T, Vec<SyntaxError>>) -> bool {
    pest.is_err()
        && matches!(hand, Outcome::Invalid(errors)
            if errors.len() == 1
                && errors[0].summary == "Invalid expression"
                && src.as_bytes().get(errors[0].span.start as usize) == Some(&b','))
}

/// Whether the hand-written parser gave pest's errors and, after them,
/// only "Invalid attribute name": the steps HCL's parser reads after a
/// dot where no expression starts, which the grammar does not.
fn steps_after_a_stray_dot<T>(hand: &Outcome<T>, pest: &Result<T, Vec<SyntaxError>>) -> bool {
    matches!((hand, pest), (Outcome::Invalid(h), Err(p))
        if h.len() > p.len()
            && h.starts_with(p)
            && h[p.len()..].iter().all(|e| e.summary == "Invalid attribute name"))
}

/// Whether `src` has a newline (as HCL's parser sees one) followed, past
/// blanks and comments, by a byte that could go on with the expression
/// before it: an operator's, `?`, `.`, `[` or `(`.
fn newline_then_continuation(src: &str) -> bool {
    let b = src.as_bytes();
    (0..b.len()).any(|i| {
        let mut j = i;
        loop {
            match b.get(j..) {
                Some([b' ' | b'\t' | b'\r' | b'\n', ..]) => j += 1,
                Some([b'#', ..] | [b'/', b'/', ..]) => {
                    j += memchr::memchr(b'\n', &b[j..]).map_or(b.len() - j, |k| k + 1);
                }
                // (An unclosed one is no comment: its `/` goes on.)
                Some([b'/', b'*', ..]) => match memchr::memmem::find(&b[j + 2..], b"*/") {
                    Some(k) => j += k + 4,
                    None => break,
                },
                _ => break,
            }
        }
        let continues = matches!(
            b.get(j),
            Some(
                b'(' | b'['
                    | b'.'
                    | b'?'
                    | b'+'
                    | b'-'
                    | b'*'
                    | b'/'
                    | b'%'
                    | b'='
                    | b'!'
                    | b'<'
                    | b'>'
                    | b'&'
                    | b'|'
            )
        );
        continues && crate::native::tokens::newline_in(b, i, j).is_some()
    })
}

/// Whether a newline (as HCL's parser sees one) follows a `.` past
/// blanks and comments: where an object's own level wants a name.
fn newline_after_dot(src: &str) -> bool {
    let b = src.as_bytes();
    memchr::memchr_iter(b'.', b).any(|i| newline_follows(b, i + 1))
}

/// Whether a newline (as HCL's parser sees one) follows an operator, an
/// `=` or a `:`: where an object's own level wants an expression.
fn newline_after_operator(src: &str) -> bool {
    let b = src.as_bytes();
    (0..b.len()).any(|i| {
        matches!(
            b[i],
            b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b':' | b'<' | b'>' | b'&' | b'|' | b'!'
        ) && newline_follows(b, i + 1)
    })
}

/// Whether, past blanks and comments from `i`, a newline comes (a line
/// comment ending with one counts).
fn newline_follows(b: &[u8], mut i: usize) -> bool {
    loop {
        match b.get(i..) {
            Some([b' ' | b'\t', ..]) => i += 1,
            Some([b'\n' | b'\r' | b'#', ..] | [b'/', b'/', ..]) => return true,
            Some([b'/', b'*', ..]) => match memchr::memmem::find(&b[i + 2..], b"*/") {
                Some(k) => i += k + 4,
                None => return false,
            },
            _ => return false,
        }
    }
}

/// Whether a newline comes after a `?`: where, at an object's own level,
/// a conditional's true result may end before its `:`.
fn newline_after_question(src: &str) -> bool {
    src.find('?')
        .is_some_and(|q| crate::native::tokens::newline_in(src.as_bytes(), q, src.len()).is_some())
}

fn agree_template(src: &str) -> bool {
    agree(
        src,
        hand::parse_template(src),
        parse_template_pest(src),
        parse_template(src),
    )
}

fn agree_expression(src: &str) -> bool {
    agree(
        src,
        hand::parse_expression(src),
        parse_expression_pest(src),
        parse_expression(src),
    )
}

/// What the body's quick recognizer accepts as an attribute's value (so
/// that its parse is deferred), the expression parser accepts without a
/// diagnostic, ending at the same byte.
fn recognizer_agrees(e: &str) {
    let src = format!("x = {e}\n");
    let (Some(end), line_end) = crate::native::body::recognized_end(src.as_bytes(), 4) else {
        return;
    };
    match hand::parse_expression_at(&src[..line_end], 4) {
        Outcome::Parsed(tree) => assert_eq!(tree.span.end as usize, end, "{e:?}"),
        Outcome::Refused(err) => panic!("{e:?} recognized but refused: {err:?}"),
        Outcome::Invalid(errors) => panic!("{e:?} recognized but invalid: {errors:?}"),
    }
}

proptest! {
    // `HCL_JSON_ORACLE_CASES=N` runs a longer sweep.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("HCL_JSON_ORACLE_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(3000)
    ))]

    #[test]
    fn hand_parser_matches_pest_on_templates_of_every_shape(src in template()) {
        agree_template(&src);
    }

    #[test]
    fn hand_parser_matches_pest_on_expressions_of_every_shape(
        (a, e, b) in (ws(), expr(), ws())
    ) {
        agree_expression(&format!("{a}{e}{b}"));
    }

    #[test]
    fn hand_parser_matches_pest_on_near_misses(
        t in mutated(template()), e in mutated(expr())
    ) {
        agree_template(&t);
        agree_expression(&e);
    }

    #[test]
    fn the_body_recognizer_accepts_only_what_parses(
        e in expr(), m in mutated(expr()), s in soup()
    ) {
        recognizer_agrees(&e);
        recognizer_agrees(&m);
        recognizer_agrees(&s);
    }

    #[test]
    fn hand_parser_matches_pest_on_token_soup(src in soup()) {
        agree_template(&src);
        agree_expression(&src);
    }
}

#[test]
fn generators_reach_every_shape() {
    // The generators are only as good as the shapes they reach: count
    // the valid inputs of each shape in a sample.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let shapes = [
        "%{ if", "%{ for", "~", "[for", "{for", ".*", "[*]", "<<EOT", "<<-", "\\n", "/*", "#", "é",
        "::", " = ",
    ];
    let mut valid = vec![0; shapes.len()];
    for _ in 0..3000 {
        let t = template().new_tree(&mut runner).unwrap().current();
        if parse_template_pest(&t).is_ok() {
            for (k, shape) in shapes.iter().enumerate() {
                valid[k] += usize::from(t.contains(shape));
            }
        }
    }
    for (shape, n) in shapes.iter().zip(valid) {
        assert!(n >= 5, "only {n} valid templates contain {shape:?}");
    }
}

#[test]
fn hand_parser_takes_every_shape() {
    for src in [
        "%{ if a }x%{ endif }",
        "${~ a ~}",
        "${a # c\n}",
        "${a /* c */}",
        "${a // c\n}",
        "${ {a = 1} }",
        "${[for x in y : x]}",
        "${a.*.b}",
        "${a[*].b}",
        "${a. b}",
        "${\"x\\n\"}",
        "${\"${a} %{ if b }y%{ endif }\"}",
        "${\"${~a}\"}",
        "${\"a\\n${b}\"}",
        "${<<EOT\nx\nEOT\n}",
        "${é}",
        "${aé}",
        "${provider::aws::f(1)}",
        "${[for x in y: x]}",
        "${ {a = 1, for = 2} }",
        "${ {\n  a = 1\n\n  b = [\n 1,\n 2]\n  c = (1 +\n 2)\n} }",
        "${ {a = f(\n1)\n b = 2,\n} }",
        "${ {a = 1 /*\n*/ + 2} }",
        // Plain references, read without the descent (and what is not one).
        "${a}",
        "${a.b.c}",
        "${a-b.c_d}",
        "${ a.b \t}",
        "${a.b~}",
        "${a.b ~}",
        "${é.b}",
        "${a.é}",
        "${0.a}",
        "${a.bé}",
        "${true}",
        "${null}",
        "${a.true}",
        "${a.b\n}",
        "${a.b # c\n}",
        "${a.0}",
        "${a.b[0]}",
        "${a.b.*}",
        "${a.b + c}",
        "${a.b ? c : d}",
        "%{ if a.b }x%{ endif }",
        "%{ if a ~}x%{ endif }",
        "%{ for k, v in a.b }${k}%{ endfor }",
        "${f(a, b.c)}",
        "${f(a.b , c\t)}",
        "${f(a.b...)}",
        "${f(a...)}",
        "${f(a.b\n)}",
        "${[a, b.c]}",
        "${[a.b ,]}",
        "${[a.b[0], c]}",
        "${f(a.b, [c.d, e])}",
        "${[for x in a.b : x]}",
        "${{for k, v in a.b : k => v}}",
        "${c ? a.b : d}",
        "${c ? a.b\t: d ? e : f}",
        "${ {x = a.b, y = c} }",
        "${ {x = a.b\n y = c.d } }",
        "${ {x: a.b} }",
        "${provider::p::f(a.b)}",
    ] {
        assert!(
            matches!(hand::parse_template(src), Outcome::Parsed(_)),
            "{src:?}"
        );
        assert!(agree_template(src));
    }
}

#[test]
fn hand_parser_diagnoses_errors_as_pest_does() {
    for src in [
        "${a",
        "${}",
        "${a b}",
        "${f(a,...)}",
        "${f(a...,)}",
        "${a ? b}",
        "${a.0.1}",
        "${a.1e5}",
        "${\"\\ud800\"}",
        "${a.*.*}",
        "%{ if a }",
        "%{ endif }",
        "${ {a = 1 b = 2} }",
        "${a ~ b}",
        "${a.b()}",
        "${f(a.b c)}",
        "${f(a.)}",
        "${[a.b c]}",
        "${f(a.b..)}",
        "${[for x in a.b c : x]}",
        "${c ? a.b d : e}",
        "${ {x = a.b y = c} }",
        "${[for x in a::b : x]}",
        "${c ? a::b : d}",
        "${a.b c}",
        "${a.}",
        "${a..b}",
        "${a.b.}",
        "${a. }",
        "%{ if a.b c }x%{ endif }",
        // A bracket then `for` commits to a `for` expression.
        "${[for]}",
        "${{for = 1}}",
        // A newline ends an object's item.
        "${ {a = 1 +\n 2} }",
        "${ {a =\n 1} }",
        "${ {a\n = 1} }",
        "${ {a = x ?\n 1 : 2} }",
        "${ {a = x\n ? 1 : 2} }",
        "${ {a = \"s\"\n , b = 1} }",
        "${ {a = b\n.c} }",
        "${ {a = 1 # c\n + 2} }",
        "${ {a = !\n b} }",
        "${ {,} }",
        "${ {a = 1,,} }",
    ] {
        assert!(
            matches!(hand::parse_template(src), Outcome::Invalid(_)),
            "{src:?}"
        );
        assert!(!agree_template(src));
    }
}

#[test]
fn too_deep_input_is_refused_while_reading() {
    // 150 unary operators: refused at the 101st, before the operand.
    let src = format!("{}x", "!".repeat(150));
    let Outcome::Refused(e) = hand::parse_expression(&src) else {
        panic!("not refused")
    };
    assert_eq!(e.summary, "Nesting too deep");
    assert_eq!(e.span, Span::new(100, 101));
    // An else-chain of conditionals nests one level per `?`.
    let src = format!("{}x", "a ? b : ".repeat(150));
    let Outcome::Refused(e) = hand::parse_expression(&src) else {
        panic!("not refused")
    };
    assert_eq!(e.span, Span::new(802, 803));
    // Flat chains are not nesting.
    let src = format!("{}a", "a + ".repeat(150));
    assert!(matches!(hand::parse_expression(&src), Outcome::Parsed(_)));
    assert!(agree_expression(&src));
}

/// Every string of every JSON file of the corpus, both as a template and
/// as an expression.
#[test]
fn fast_path_matches_pest_on_the_corpus() {
    let dir = std::env::var_os("HCL_JSON_CORPUS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        std::path::PathBuf::from,
    );
    if !dir.is_dir() {
        eprintln!("corpus not found: skipped");
        return;
    }
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
            serde_json::Value::Object(o) => o.iter().for_each(|(k, v)| {
                out.push(k.clone());
                strings(v, out);
            }),
            _ => {}
        }
    }
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let (mut templates, mut fast) = (0, 0);
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let mut all = Vec::new();
        strings(&json, &mut all);
        for s in all {
            if needs_template_parse(&s) {
                templates += 1;
                fast += usize::from(matches!(hand::parse_template(&s), Outcome::Parsed(_)));
                agree_template(&s);
            }
            agree_expression(&s);
        }
    }
    eprintln!("corpus: {fast} of {templates} templates parsed by the hand-written parser");
}

/// Backtracking costs one pass: a term that failed is not read again at
/// the same place (PEG would, once per way of reaching it, which doubles
/// the work per nesting level). The work, counted in terms started, grows
/// linearly with nesting in every family that backtracks into a failed
/// term: a failed operand after a binary operator, a failed call read
/// again as parentheses, a failed index read again as a tuple, each
/// followed by a newline so that an object reads it again as its next
/// item.
#[test]
fn backtracking_into_a_failed_term_costs_one_pass() {
    for (unit, per_level) in [("{a = b\n-(", 4), ("{a = f\n(", 4), ("{a = b\n[", 4)] {
        for n in [5, 10, 20, 30] {
            let src = format!("${{{}", unit.repeat(n));
            let steps = hand::template_steps(&src);
            assert!(
                steps <= per_level * n as u64 + 1,
                "{unit:?} x {n}: {steps} terms started"
            );
            // Same diagnostic as the oracle, which backtracks fully.
            if n <= 10 {
                agree_template(&src);
            }
        }
    }
}

/// The next `$`, `%`, quote, backslash or newline of template text is
/// found wherever it is, before or past the part read a word at a time
/// (`SHORT_RUN`, 64 bytes): the parsers agree with it at every offset
/// up to 150, in a template's text and in a quoted string's.
#[test]
fn template_text_is_scanned_to_its_next_sequence_at_any_offset() {
    for n in 0..150 {
        let run = "a".repeat(n);
        for src in [
            format!("{run}${{x}}{run}%{{ if y }}{run}%{{ endif }}{run}$"),
            format!("${{\"{run}${{x}}{run}\\t{run}%{{ if y }}z%{{ endif }}{run}\"}}"),
            format!("${{\"{run}\n\"}}"),
        ] {
            agree_template(&src);
        }
    }
}

/// An operand read as a plain term is the node the descent builds, and
/// whatever could extend a term after it (a postfix after spaces, a
/// comment or a newline; a call; a namespaced name; a name going on past
/// ASCII) sends it to the descent: the oracle agrees on each, in an
/// expression and in a template.
#[test]
fn plain_terms_are_read_as_the_descent_reads_them() {
    let operands = [
        "a",
        "a_b-c",
        "var.region",
        "aws_vpc.main.id",
        "true",
        "false",
        "null",
        "17",
        "1.5",
        "2e10",
        "1e",
        "1.e",
        "a .b",
        "a\t[0]",
        "a /* c */ .b",
        "a # c\n.b",
        "a // c\n.b",
        "a\n.b",
        "a\r\n.b",
        "a (1)",
        "f(1)",
        "a::b(1)",
        "a ::b",
        "a::",
        "true.x",
        "null[0]",
        "a..b",
        "a.0",
        "a.*.b",
        "a.",
        "abé",
        "a.é",
        "é",
        "a...",
        "a.b-c.d",
        "1a",
        "_",
        "a /b",
        "a / b",
        "a/*",
        "x1.y2",
    ];
    for x in operands {
        for src in [
            x.to_string(),
            format!("{x} + 1"),
            format!("2 * {x} - n"),
            format!("-{x}"),
            format!("c ? {x} : {x}"),
            format!("[{x}, {x}]"),
            format!("{{k = {x}}}"),
            format!("[for v in {x} : {x} if {x}]"),
        ] {
            agree_expression(&src);
            agree_template(&format!("${{{src}}}"));
            agree_template(&format!("pre-${{ {src} }}-post"));
        }
    }
}
