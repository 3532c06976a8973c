//! A text's form and the trees retexted for it: the holes found are the
//! ones meant, and on generated templates of every shape, a text made
//! from another by changing its holes' contents is of the same form and
//! parses, whenever the other parses, to the other's tree with its holes'
//! text replaced (all but the spans, which stay the other's).

use proptest::prelude::*;

use super::*;
use crate::native::oracle::property_tests::{mutated, soup, template};
use crate::native::parse_template;

/// The contents of `text`'s holes, or `None` when it has no form.
fn holes(text: &str) -> Option<Vec<&str>> {
    let form = Form::of(text)?;
    Some(
        form.holes
            .iter()
            .map(|h| &text[h.start as usize..h.end as usize])
            .collect(),
    )
}

#[test]
fn holes_are_plain_strings_names_after_dots_and_plain_text() {
    assert_eq!(
        holes(r#"${contains(var.enabled, "s3-global") ? 1 : 0}"#),
        Some(vec!["enabled", "s3-global", "1", "0"])
    );
    assert_eq!(
        holes(r#"${lookup(var.tags, "Name")}"#),
        Some(vec!["tags", "Name"])
    );
    assert_eq!(
        holes("arn:aws:s3:::${var.bucket}/${f(data.aws_region.current.name)}/*"),
        Some(vec![
            "arn:aws:s3:::",
            "bucket",
            "/",
            "aws_region",
            "current",
            "name",
            "/*"
        ])
    );
    assert_eq!(holes("${var.a}-${v.*.id}"), Some(vec!["a", "-", "id"]));
    assert_eq!(
        holes("%{ for x in var.list }${x.id},%{ endfor }"),
        Some(vec!["list", "id", ","])
    );
    // Not holes: names not after a dot, numbers not of digits only,
    // splats, text with spaces at its ends, strings that are not plain.
    assert_eq!(
        holes("${f(a, 1.5, b[*].c, d.0, 42)}"),
        Some(vec!["c", "0", "42"])
    );
    assert_eq!(
        holes("${a-1 + -2 + 3e4 + 1E+3 + 5e-2 + 0x}"),
        Some(vec!["2"])
    );
    assert_eq!(holes("${a} b ${f(c)}"), None);
    assert_eq!(holes(r#"${f("", "a%b", "é")}"#), None);
    assert_eq!(holes("${a.b - 1.e5}"), Some(vec!["b"]));
    // A name after an ellipsis is a keyword's place, not an attribute's.
    assert_eq!(
        holes("${{for k, v in a : k => v.id...if v.ok}}"),
        Some(vec!["id", "ok"])
    );
}

#[test]
fn quoted_templates_have_holes_and_escapes_are_fixed_text() {
    // A quoted template's runs of text are holes as the text's are.
    assert_eq!(
        holes(r#"${join(",", [for s in var.items : "${s}-0" if s != "b"])}"#),
        Some(vec![",", "items", "-0", "b"])
    );
    assert_eq!(
        holes(r#"${f("x${var.a}y%{ if c }z%{ endif }")}"#),
        Some(vec!["x", "a", "y", "z"])
    );
    // Not holes: runs with spaces at their ends (a strip marker's), or
    // with a `{`, `}` or `~`.
    assert_eq!(holes(r#"${f(" ${var.a}{")}"#), Some(vec!["a"]));
    // Escapes are fixed text: the runs and strings holding one are no
    // holes, the holes around them are.
    assert_eq!(holes("$${x}.${var.a}-1"), Some(vec!["a", "-1"]));
    assert_eq!(holes("%%{x}${var.a}"), Some(vec!["a"]));
    assert_eq!(
        holes(r#"${f("a\"b", var.a, "t\tq${var.b}")}"#),
        Some(vec!["a", "b"])
    );
    assert_eq!(holes(r#"${f("$${x}", var.a)}"#), Some(vec!["a"]));
    // Too deep a nesting of quoted templates.
    assert_eq!(
        holes(r#"${f("${f("${f("${f("${var.a}")}")}")}")}"#),
        Some(vec!["a"])
    );
    assert_eq!(
        holes(r#"${f("${f("${f("${f("${f("${var.a}")}")}")}")}")}"#),
        None
    );
}

#[test]
fn what_the_scan_cannot_place_has_no_form() {
    for text in [
        "${var.a # c\n}",
        "${var.a // c\n}",
        "${var.a /* c */}",
        "${<<EOT\nx\nEOT\n}",
        "${var.naïve}",
        "${var.a % 2}",
        "${var.a",
        // A reference alone, which the parser reads in one step.
        "${var.tags}",
        "${data.aws_region.current.name}",
        "${v[0].id}",
        r#"${f("a)}"#,
    ] {
        assert_eq!(Form::of(text), None, "{text}");
    }
}

#[test]
fn texts_of_one_form_hash_alike_and_others_apart() {
    let state = foldhash::fast::FixedState::with_seed(7);
    let of = |t: &str| {
        let f = Form::of(t).unwrap();
        (f.hash(&state, t), f)
    };
    let (a, fa) = of(r#"${replace("aws.<REGION>.s3", "<REGION>", var.region)}"#);
    let (b, fb) = of(r#"${replace("com.amazonaws.ec2", "<R>", var.zone)}"#);
    let (c, fc) = of(r#"${replace("aws.<REGION>.s3", "<REGION>", var.region, 1)}"#);
    assert_eq!(a, b);
    assert!(fa.same(
        r#"${replace("aws.<REGION>.s3", "<REGION>", var.region)}"#,
        &fb,
        r#"${replace("com.amazonaws.ec2", "<R>", var.zone)}"#
    ));
    assert_ne!(a, c);
    // A name and a number after a dot are holes of other kinds: an
    // attribute step and an index, so two forms.
    let (name, fd) = of("${f(v.a, 1)}");
    let (index, fe) = of("${f(v.0, 1)}");
    assert_ne!(name, index);
    assert!(!fd.same("${f(v.a, 1)}", &fe, "${f(v.0, 1)}"));
    assert_eq!(fd.matched("${f(v.a, 1)}", "${f(v.0, 1)}"), None);
    assert_eq!(
        fd.matched("${f(v.a, 1)}", "${f(v.b, 2)}"),
        Form::of("${f(v.b, 2)}")
    );
    assert!(!fa.same(
        r#"${replace("aws.<REGION>.s3", "<REGION>", var.region)}"#,
        &fc,
        r#"${replace("aws.<REGION>.s3", "<REGION>", var.region, 1)}"#
    ));
}

/// `tree` (parsed from `from`, whose spans it keeps) retexted for `to`.
fn retexted(mut tree: Template, from: &str, to: &str) -> Template {
    let (fa, fb) = (Form::of(from).unwrap(), Form::of(to).unwrap());
    retext(&mut tree, &fa, (to, &fb));
    tree
}

#[test]
fn a_retexted_tree_is_the_parsed_tree_but_for_its_spans() {
    let a =
        r#"${contains(var.enabled_interface_endpoints, "sagemaker_us-east-1_notebook") ? 1 : 0}"#;
    let b = r#"${contains(var.enabled, "s3") ? 1 : 0}"#;
    let tree = retexted(parse_template(a).unwrap(), a, b);
    assert_eq!(tree.to_string(), parse_template(b).unwrap().to_string());
    assert_ne!(tree, parse_template(b).unwrap(), "the spans stay a's");
    // Back to its own text, the tree is a's again, spans and all.
    let back = retexted(tree, a, a);
    assert_eq!(back, parse_template(a).unwrap());
}

/// `text` as a JSON string writes it (serde_json's escapes), without its
/// quotes.
fn written(text: &str) -> String {
    let json = serde_json::to_string(text).unwrap();
    json[1..json.len() - 1].to_string()
}

/// The holes of `text` written as a JSON string, at the decoded text's
/// offsets.
fn written_holes(text: &str) -> Option<Vec<Span>> {
    let w = written(text);
    Form::of_written(&w).map(|f| f.decoded(&w).holes.to_vec())
}

#[test]
fn a_written_text_has_the_holes_of_its_decoded_text() {
    let text = r#"${contains(var.enabled, "s3-global") ? 1 : 0}"#;
    let w = written(text);
    assert_eq!(w, r#"${contains(var.enabled, \"s3-global\") ? 1 : 0}"#);
    let form = Form::of_written(&w).unwrap();
    let contents: Vec<&str> = form
        .holes
        .iter()
        .map(|h| &w[h.start as usize..h.end as usize])
        .collect();
    assert_eq!(contents, ["enabled", "s3-global", "1", "0"]);
    assert_eq!(
        written_holes(text),
        Some(Form::of(text).unwrap().holes.to_vec())
    );
    // Without escapes, the written text is the text.
    let plain = "arn:aws:s3:::${var.bucket}/*";
    assert_eq!(Form::of_written(plain), Form::of(plain));
}

#[test]
fn a_written_text_with_escaped_backslashes_has_the_holes_of_its_decoded_text() {
    // `"a\"b"` and `"t\tq"` in a sequence, each `\` written `\\`: each
    // escape moves the holes after it back one byte.
    let text = r#"${f("a\"b", var.a, "t\tq", var.bc)}-1"#;
    let w = written(text);
    assert_eq!(w, r#"${f(\"a\\\"b\", var.a, \"t\\tq\", var.bc)}-1"#);
    assert_eq!(
        written_holes(text),
        Some(Form::of(text).unwrap().holes.to_vec())
    );
    let contents: Vec<&str> = written_holes(text)
        .unwrap()
        .iter()
        .map(|h| &text[h.start as usize..h.end as usize])
        .collect();
    assert_eq!(contents, ["a", "bc", "-1"]);
}

#[test]
fn a_written_text_with_other_escapes_has_no_form() {
    for w in [
        r#"${f(\"a\\\u0041\", var.a)}"#,
        r#"${f(\"a\\\nb\", var.a)}"#,
        r#"${f(\"a\", var.a)}\n"#,
        r"${f(\u0022a\u0022, var.a)}",
        r"a\/b${var.a}",
        r#"say \"hi\" ${var.a}"#,
        r#"${f("a", var.a)}"#,
    ] {
        assert_eq!(Form::of_written(w), None, "{w}");
    }
}

/// A content for a hole of `text` at `hole`, of the hole's kind (digits
/// for digits, else told by what is before it), numbered `pick`.
fn content(text: &str, hole: Span, pick: usize) -> &'static str {
    const NAMES: &[&str] = &[
        "a", "x1", "tags", "null", "true", "for", "in", "if", "else", "endif", "e5", "a-b", "_",
        "a--", "E",
    ];
    const QUOTED: &[&str] = &[
        "a", " ", "x y", "1", "true", "{", "}", "{}", "a.b", "~", "#", "//", "/*", "<<EOT", "*",
        "'", "}}", " a ", "${", "\\u",
    ];
    const TEXT: &[&str] = &[
        "a",
        "x-y",
        "arn:aws:s3:::b/*",
        "1",
        "#",
        "a b",
        "<<EOT",
        "//",
        "if",
        ".",
        "'",
        // (The last three hold a `"`: not for a run in a quoted template.)
        "\"q\"",
        "a\"",
        "\"",
    ];
    const DIGITS: &[&str] = &["0", "7", "42", "007", "123456789"];
    let own = &text[hole.start as usize..hole.end as usize];
    if own.bytes().all(|c| c.is_ascii_digit()) {
        return DIGITS[pick % DIGITS.len()];
    }
    let before = text.as_bytes()[..hole.start as usize].last().copied();
    let closed = text.as_bytes().get(hole.end as usize) == Some(&b'"');
    let list = match before {
        Some(b'.') => NAMES,
        Some(b'"') if closed => QUOTED,
        // A quoted template's run of text: no `"`.
        _ if in_quotes(text, hole.start as usize) => &TEXT[..TEXT.len() - 3],
        _ => TEXT,
    };
    let picked = list[pick % list.len()];
    // The quoted list holds a few contents that are not plain: they stand
    // for the hole's own content instead.
    if list == QUOTED && (picked.contains('$') || picked.contains('\\')) {
        return "q";
    }
    picked
}

/// Whether offset `at` of `text` is inside a quoted string (read as the
/// scan reads it: sequences, braces in them, quoted strings in those and
/// their escapes).
fn in_quotes(text: &str, at: usize) -> bool {
    let b = text.as_bytes();
    // What is open: `$` a sequence, `{` a brace in one, `"` a string.
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < at {
        let (top, c) = (open.last().copied(), b[i]);
        let text = matches!(top, None | Some(b'"'));
        if text && (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
            open.push(b'$');
            i += 2;
            continue;
        }
        if text
            && (c == b'$' || c == b'%')
            && b.get(i + 1) == Some(&c)
            && b.get(i + 2) == Some(&b'{')
        {
            i += 3; // an escape, `$${` or `%%{`
            continue;
        }
        match (top, c) {
            (Some(b'"'), b'\\') => i += 1,
            (Some(b'"'), b'"') | (Some(b'$' | b'{'), b'}') => {
                open.pop();
            }
            (Some(b'$' | b'{'), b'"') => open.push(b'"'),
            (Some(b'$' | b'{'), b'{') => open.push(b'{'),
            _ => {}
        }
        i += 1;
    }
    open.last() == Some(&b'"')
}

/// `text` with each hole's content replaced by a content of its kind.
fn other_of_form(text: &str, form: &Form, picks: &[usize]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for (i, hole) in form.holes.iter().enumerate() {
        out.push_str(&text[at..hole.start as usize]);
        out.push_str(content(text, *hole, picks[i % picks.len()]));
        at = hole.end as usize;
    }
    out.push_str(&text[at..]);
    out
}

/// The property of matching: `form`, of `text`, matches `new` exactly
/// when the scan (`of`) finds `new` of that form, and then with the
/// holes the scan finds.
fn matched_as_scanned(
    (form, text): (&Form, &str),
    new: &str,
    of: impl Fn(&str) -> Option<Form>,
) -> Result<(), TestCaseError> {
    let scanned = of(new).filter(|f| f.same(new, form, text));
    prop_assert_eq!(
        form.matched(text, new),
        scanned,
        "{:?} matched with {:?}",
        new,
        text
    );
    Ok(())
}

/// `text` with a byte inserted, or a character taken out, at a place
/// chosen by `pick`: near misses of a form (or texts of it).
fn perturbed(text: &str, pick: usize) -> String {
    const BYTES: &[char] = &['a', ' ', '"', '.', '1', '$', '{', '}', '\\', '-', '~', '%'];
    let places: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let mut out = text.to_string();
    match places.get(pick / 2 % (places.len() + 1)) {
        Some(&at) if pick.is_multiple_of(2) => {
            out.remove(at);
        }
        Some(&at) => out.insert(at, BYTES[pick / 7 % BYTES.len()]),
        None => out.push(BYTES[pick / 7 % BYTES.len()]),
    }
    out
}

/// Matching, on `text` and a text of its form (`other`), and on near
/// misses of `other`, both decoded and as written.
fn matches_as_scanned(text: &str, other: &str, picks: &[usize]) -> Result<(), TestCaseError> {
    let (wt, wo) = (written(text), written(other));
    for (t, o, of) in [
        (text, other, Form::of as fn(&str) -> Option<Form>),
        (&wt, &wo, Form::of_written),
    ] {
        let Some(form) = of(t) else { continue };
        let itself = form.matched(t, t);
        prop_assert_eq!(itself.as_ref(), Some(&form));
        matched_as_scanned((&form, t), o, of)?;
        for &pick in picks {
            matched_as_scanned((&form, t), &perturbed(o, pick), of)?;
        }
    }
    Ok(())
}

/// The property: a text of `text`'s form with other contents is of the
/// same form, and if `text` parses, it parses to `text`'s tree retexted
/// (and that tree, retexted back, is `text`'s tree again).
fn holds(text: &str, picks: &[usize]) -> Result<(), TestCaseError> {
    written_as_decoded(text)?;
    let Some(form) = Form::of(text) else {
        return Ok(());
    };
    let other = other_of_form(text, &form, picks);
    written_as_decoded(&other)?;
    matches_as_scanned(text, &other, picks)?;
    let other_form = Form::of(&other);
    prop_assert!(
        other_form
            .as_ref()
            .is_some_and(|f| f.same(&other, &form, text)),
        "{other:?} is not of the form of {text:?}"
    );
    if let Ok(tree) = parse_template(text) {
        let parsed = parse_template(&other);
        prop_assert!(parsed.is_ok(), "{other:?} fails where {text:?} parses");
        let tree = retexted(tree, text, &other);
        prop_assert_eq!(
            tree.to_string(),
            parsed.unwrap().to_string(),
            "{:?} from {:?}",
            other,
            text
        );
        prop_assert_eq!(retexted(tree, text, text), parse_template(text).unwrap());
        // As the template cache retexts: for the other text as written.
        let w = written(&other);
        if let Some(written_form) = Form::of_written(&w) {
            let mut tree = parse_template(text).unwrap();
            retext(&mut tree, &form, (&w, &written_form));
            prop_assert_eq!(
                tree.to_string(),
                parse_template(&other).unwrap().to_string()
            );
        }
    }
    Ok(())
}

/// The property of written texts: when `text`, written as a JSON string,
/// has a form, `text` has the same holes.
fn written_as_decoded(text: &str) -> Result<(), TestCaseError> {
    if let Some(holes) = written_holes(text) {
        let decoded = Form::of(text).map(|f| f.holes.to_vec());
        prop_assert_eq!(Some(holes), decoded, "{:?}", text);
    }
    Ok(())
}

/// Valid expressions of every kind, rich in holes, and strings with
/// escapes, which are fixed text (no comments or characters outside ASCII
/// outside strings, which make a text formless).
fn expr() -> impl Strategy<Value = String> {
    let name = || prop::sample::select(vec!["a", "tags", "x1", "a-b", "null", "for", "_"]);
    let string = || {
        prop::sample::select(vec![
            "\"s\"",
            "\"a b\"",
            "\"\"",
            "\"<R>\"",
            "\"é\"",
            r#""a\"b""#,
            r#""t\tq\\""#,
            // (An escape's character read as the escape's: `\$` does not
            // start the `$${`, so the sequence after it is one.)
            r#""\$${v.a}""#,
            "\"$${x}\"",
        ])
    };
    let leaf = prop_oneof![
        (name(), name()).prop_map(|(a, b)| format!("var.{a}.{b}")),
        name().prop_map(|a| format!("local.{a}[0].id")),
        name().prop_map(|a| format!("v[*].{a}")),
        name().prop_map(|a| format!("v.*.{a}")),
        string().prop_map(str::to_string),
        prop::sample::select(vec!["1", "1.5", "2e3", "true", "null", "x", "v.0"])
            .prop_map(str::to_string),
    ];
    leaf.prop_recursive(3, 24, 3, move |inner| {
        let ws = || prop::sample::select(vec!["", " ", "\n"]);
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("contains({a}, {b})")),
            (inner.clone(), ws(), inner.clone(), inner.clone())
                .prop_map(|(c, w, a, b)| format!("{c} ?{w}{a} : {b}")),
            (
                inner.clone(),
                prop::sample::select(vec!["+", "==", "&&", "<"]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|v| format!("[{}]", v.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{k = {a}, \"q\" = {b}}}")),
            (inner.clone(), inner.clone())
                .prop_map(|(c, v)| format!("[for x in {c} : x.{v} if x.ok]")),
            (inner.clone(), inner.clone())
                .prop_map(|(c, v)| format!("{{for k, v in {c} : k => {v}...}}")),
            inner.clone().prop_map(|a| format!("(!{a}).id")),
            inner.clone().prop_map(|a| format!("f({a}...)")),
            inner.clone().prop_map(|a| format!("\"x${{{a}}}y\"")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("\"${{{a}}}-0${{{b}}}\"")),
        ]
    })
}

/// Valid templates made of text, interpolations and directives, with and
/// without strip markers.
fn formed_template() -> impl Strategy<Value = String> {
    let text = || {
        prop::sample::select(vec![
            "",
            "a",
            "arn:aws:s3:::",
            "/*",
            " x ",
            "-",
            "\n",
            "$${x}-",
            "%%{y}",
        ])
    };
    let strip = || prop::sample::select(vec!["", "~"]);
    let item = prop_oneof![
        3 => (text(), strip(), expr(), strip()).prop_map(|(t, l, e, r)| format!("{t}${{{l}{e}{r}}}")),
        1 => (expr(), text(), text()).prop_map(|(c, a, b)| {
            format!("%{{ if {c} }}{a}%{{ else }}{b}%{{ endif }}")
        }),
        1 => (expr(), text()).prop_map(|(c, a)| format!("%{{ for x in {c} ~}}{a}${{x.id}}%{{ endfor }}")),
    ];
    (prop::collection::vec(item, 1..4), text()).prop_map(|(items, end)| items.concat() + end)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn formed_texts_parse_to_retexted_trees(
        text in formed_template(),
        picks in prop::collection::vec(0usize..64, 1..8),
    ) {
        holds(&text, &picks)?;
    }

    #[test]
    fn texts_of_one_form_parse_to_retexted_trees(
        text in template(),
        picks in prop::collection::vec(0usize..64, 1..8),
    ) {
        holds(&text, &picks)?;
    }

    #[test]
    fn near_misses_of_one_form_parse_alike(
        text in prop_oneof![soup(), mutated(template())],
        picks in prop::collection::vec(0usize..64, 1..8),
    ) {
        holds(&text, &picks)?;
    }
}
