//! One small case per grammar rule, asserting the exact tree (as an
//! S-expression) and the spans that matter.

use crate::native::ast::{Expr, ExprKind, ObjectKey, StepKind, Template, TemplatePart};
use crate::native::{parse_expression, parse_template, Span};

fn expr(src: &str) -> Expr {
    parse_expression(src).unwrap_or_else(|e| panic!("{src:?} failed: {e:?}"))
}

fn sexpr(src: &str) -> String {
    expr(src).to_string()
}

fn tmpl(src: &str) -> Template {
    parse_template(src).unwrap_or_else(|e| panic!("{src:?} failed: {e:?}"))
}

fn text(src: &str, span: Span) -> &str {
    &src[span.range()]
}

#[test]
fn binary_precedence_follows_hcl_levels() {
    assert_eq!(sexpr("a + b * c"), "(+ a (* b c))");
    assert_eq!(sexpr("a * b + c"), "(+ (* a b) c)");
    assert_eq!(
        sexpr("a || b && c == d < e + f * g"),
        "(|| a (&& b (== c (< d (+ e (* f g))))))"
    );
    assert_eq!(sexpr("a % b / c"), "(/ (% a b) c)");
    assert_eq!(sexpr("a != b >= c"), "(!= a (>= b c))");
}

#[test]
fn binary_operators_are_left_associative() {
    assert_eq!(sexpr("a - b - c"), "(- (- a b) c)");
    assert_eq!(sexpr("x / y * z"), "(* (/ x y) z)");
    assert_eq!(sexpr("a && b && c"), "(&& (&& a b) c)");
}

#[test]
fn binary_span_covers_both_operands() {
    let src = " a  +  b ";
    let e = expr(src);
    assert_eq!(e.span, Span::new(1, 8));
    let ExprKind::Binary(b) = &e.kind else {
        panic!("{e}")
    };
    let (first, rest) = (&b.first, &b.rest);
    assert_eq!(
        (first.span, rest[0].rhs.span),
        (Span::new(1, 2), Span::new(7, 8))
    );
    assert_eq!(rest[0].op_span, Span::new(4, 5));
}

#[test]
fn operators_of_one_level_form_one_flat_chain() {
    let e = expr("a - b + c * d * e - f");
    let ExprKind::Binary(b) = &e.kind else {
        panic!("{e}")
    };
    let (first, rest) = (&b.first, &b.rest);
    assert_eq!(first.to_string(), "a");
    let ops: Vec<&str> = rest.iter().map(|t| t.op.as_str()).collect();
    assert_eq!(ops, ["-", "+", "-"]);
    assert_eq!(rest[1].rhs.to_string(), "(* (* c d) e)");
    let ExprKind::Binary(product) = &rest[1].rhs.kind else {
        panic!("{e}")
    };
    assert_eq!(product.rest.len(), 2);
}

#[test]
fn unary_binds_tighter_than_binary() {
    assert_eq!(sexpr("-a + b"), "(+ (- a) b)");
    assert_eq!(sexpr("!a && !b"), "(&& (! a) (! b))");
    assert_eq!(sexpr("!!-x"), "(! (! (- x)))");
    assert_eq!(sexpr("a - -1"), "(- a (- 1))");
    assert_eq!(expr("!!x").span, Span::new(0, 3));
}

#[test]
fn conditional_is_right_associative() {
    assert_eq!(sexpr("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(sexpr("a ? b ? c : d : e"), "(? a (? b c d) e)");
    let src = "a ? b : c ? d : e";
    let ExprKind::Conditional(c) = expr(src).kind else {
        panic!()
    };
    assert_eq!(text(src, c.otherwise.span), "c ? d : e");
}

#[test]
fn conditional_binds_looser_than_binary() {
    assert_eq!(sexpr("a || b ? c + 1 : d"), "(? (|| a b) (+ c 1) d)");
}

#[test]
fn parens_are_kept() {
    assert_eq!(sexpr("(a).b"), "(get (parens a) .b)");
    assert_eq!(sexpr("(a + b) * c"), "(* (parens (+ a b)) c)");
    assert_eq!(expr("(a)").span, Span::new(0, 3));
}

#[test]
fn number_literals_keep_their_text() {
    for n in ["0", "42", "1.5", "1e10", "1.50E+3", "2e-5"] {
        assert_eq!(expr(n).kind, ExprKind::Number(n.into()));
    }
}

#[test]
fn keywords_are_literals() {
    assert_eq!(expr("true").kind, ExprKind::Bool(true));
    assert_eq!(expr("false").kind, ExprKind::Bool(false));
    assert_eq!(expr("null").kind, ExprKind::Null);
    // Only the whole word is a keyword.
    assert_eq!(sexpr("trueish"), "trueish");
}

#[test]
fn identifiers_may_contain_dashes_and_unicode() {
    assert_eq!(sexpr("foo-bar"), "foo-bar");
    assert_eq!(sexpr("foo - bar"), "(- foo bar)");
    assert_eq!(sexpr("_x.café"), "(get _x .café)");
    let ExprKind::Variable(v) = expr(" foo-bar").kind else {
        panic!()
    };
    assert_eq!(v.span, Span::new(1, 8));
}

#[test]
fn traversal_steps_are_flat_with_spans() {
    let src = "a.b[0][\"k\"]";
    let e = expr(src);
    assert_eq!(e.to_string(), "(get a .b [0] [(template \"k\")])");
    let ExprKind::Traversal(t) = &e.kind else {
        panic!()
    };
    let spans: Vec<&str> = t.steps.iter().map(|s| text(src, s.span)).collect();
    assert_eq!(spans, [".b", "[0]", "[\"k\"]"]);
}

#[test]
fn legacy_index_parses_as_index() {
    let e = expr("a.0");
    assert_eq!(e.to_string(), "(get a [0])");
    let ExprKind::Traversal(t) = &e.kind else {
        panic!()
    };
    let steps = &t.steps;
    let StepKind::Index { key, legacy } = &steps[0].kind else {
        panic!()
    };
    assert!(*legacy);
    assert_eq!(key.kind, ExprKind::Number("0".into()));
    assert_eq!(
        (key.span, steps[0].span),
        (Span::new(2, 3), Span::new(1, 3))
    );
}

#[test]
fn attribute_splat_captures_only_attributes() {
    assert_eq!(sexpr("a.*.b.c[0]"), "(get a .*(.b .c) [0])");
    assert_eq!(sexpr("a.*.b.0"), "(get a .*(.b [0]))");
    assert_eq!(sexpr("a.*"), "(get a .*())");
    assert_eq!(sexpr("a.*[*]"), "(get a .*() [*]())");
}

#[test]
fn full_splat_captures_all_following_steps() {
    assert_eq!(sexpr("a[*].b[0]"), "(get a [*](.b [0]))");
    assert_eq!(sexpr("x[*].y[*].z"), "(get x [*](.y [*](.z)))");
    assert_eq!(sexpr("x[*].*.y"), "(get x [*](.*(.y)))");
    let src = "a.b[*].c";
    let ExprKind::Traversal(t) = expr(src).kind else {
        panic!()
    };
    assert_eq!(text(src, t.steps[1].span), "[*].c");
}

#[test]
fn function_calls_take_arguments_and_expansion() {
    assert_eq!(sexpr("f()"), "(call f)");
    assert_eq!(sexpr("f(a, b,)"), "(call f a b)");
    assert_eq!(sexpr("f(a, b...)"), "(call f a b...)");
    assert_eq!(sexpr("max(1, 2).x"), "(get (call max 1 2) .x)");
    let ExprKind::Call(call) = expr("f(\n  a,\n  b\n)").kind else {
        panic!()
    };
    assert!(!call.expand_final);
    assert_eq!(call.args.len(), 2);
}

#[test]
fn function_names_may_be_namespaced() {
    let src = "provider::aws::arn_parse(x)";
    let ExprKind::Call(call) = expr(src).kind else {
        panic!()
    };
    assert_eq!(&*call.name.name, "provider::aws::arn_parse");
    assert_eq!(text(src, call.name.span), "provider::aws::arn_parse");
    assert_eq!(
        call.name_parts().collect::<Vec<_>>(),
        ["provider", "aws", "arn_parse"]
    );
}

#[test]
fn tuples_allow_a_trailing_comma_and_newlines() {
    assert_eq!(sexpr("[]"), "(tuple)");
    assert_eq!(sexpr("[a, b,]"), "(tuple a b)");
    assert_eq!(sexpr("[\n  a,\n  b\n]"), "(tuple a b)");
}

#[test]
fn object_keys_remember_identifier_or_expression() {
    let src = "{a = 1, b: 2, \"c\" = 3, (d) = 4, e.f = 5, null = 6}";
    assert_eq!(
        sexpr(src),
        "(object (a = 1) (b = 2) ((template \"c\") = 3) ((parens d) = 4) \
         ((get e .f) = 5) (null = 6))"
    );
    let ExprKind::Object(items) = expr(src).kind else {
        panic!()
    };
    assert!(matches!(&items[0].key, ObjectKey::Ident(i) if &*i.name == "a"));
    assert!(matches!(&items[3].key, ObjectKey::Expr(_)));
    assert_eq!(text(src, items[0].span), "a = 1");
    assert_eq!(text(src, items[2].key.span()), "\"c\"");
}

#[test]
fn object_items_may_be_separated_by_newlines() {
    assert_eq!(sexpr("{\n  a = 1\n  b = 2\n}"), "(object (a = 1) (b = 2))");
    assert_eq!(sexpr("{a = 1 # note\n b = 2,}"), "(object (a = 1) (b = 2))");
}

#[test]
fn for_tuple_has_intro_value_and_condition() {
    assert_eq!(sexpr("[for v in xs : v]"), "(for-tuple (v) xs v)");
    assert_eq!(
        sexpr("[for i, v in xs : v if i < 2]"),
        "(for-tuple (i v) xs v (if (< i 2)))"
    );
    let src = "[for i, v in xs : v]";
    let ExprKind::For(fe) = expr(src).kind else {
        panic!()
    };
    assert_eq!(text(src, fe.key_var.unwrap().span), "i");
    assert_eq!(text(src, fe.collection.span), "xs");
}

#[test]
fn for_object_has_key_value_and_grouping() {
    assert_eq!(
        sexpr("{for k, v in m : k => v}"),
        "(for-object (k v) m k v)"
    );
    assert_eq!(
        sexpr("{for k, v in m : v => k... if k != \"\"}"),
        "(for-object (k v) m v k... (if (!= k (template))))"
    );
}

#[test]
fn for_keyword_has_priority_at_the_start_of_a_collection() {
    assert_eq!(sexpr("[(for), b]"), "(tuple (parens for) b)");
    assert_eq!(sexpr("[format, b]"), "(tuple format b)");
}

#[test]
fn quoted_strings_decode_escapes() {
    let e = expr(r#""a\nb\t\"\\ \u00e9 \U0001F600 $${x} %%{y}""#);
    let ExprKind::Template(t) = e.kind else {
        panic!()
    };
    assert_eq!(t.as_literal().unwrap(), "a\nb\t\"\\ é 😀 ${x} %{y}");
}

#[test]
fn quoted_strings_are_templates() {
    let src = r#""Hello, ${var.name}!""#;
    assert_eq!(sexpr(src), "(template \"Hello, \" (get var .name) \"!\")");
    assert_eq!(expr(src).span, Span::new(0, 21));
}

#[test]
fn heredoc_keeps_lines_and_interpolations() {
    let src = "<<EOT\nhello\n  ${x}\nEOT\n";
    assert_eq!(sexpr(src), "(template \"hello\\n  \" x \"\\n\")");
    // From `<<` to the end of the closing marker.
    assert_eq!(expr(src).span, Span::new(0, 22));
    assert_eq!(sexpr("<<EOT\r\nhi\r\nEOT"), "(template \"hi\\r\\n\")");
    // A line that merely starts with the marker does not end the heredoc.
    assert_eq!(sexpr("<<EOT\nEOTX\nEOT"), "(template \"EOTX\\n\")");
}

#[test]
fn heredoc_flush_strips_common_indent() {
    let src = "<<-EOT\n    a\n      b\n\n    c ${x}\n    EOT";
    assert_eq!(sexpr(src), "(template \"a\\n  b\\n\\nc \" x \"\\n\")");
    // A line starting with an interpolation has no indentation to strip.
    assert_eq!(
        sexpr("<<-EOT\n  a\n${x}\nEOT"),
        "(template \"  a\\n\" x \"\\n\")"
    );
}

#[test]
fn comments_and_newlines_are_whitespace_in_expressions() {
    assert_eq!(sexpr("a /* x */ + # y\n b // z"), "(+ a b)");
    assert_eq!(expr("\n  a  \n").span, Span::new(3, 4));
}

// ------------------------------------------------------------- templates

#[test]
fn template_literal_and_interpolation_parts() {
    let src = "Hello, ${ var.name }!";
    let t = tmpl(src);
    assert_eq!(
        t.to_string(),
        "(template \"Hello, \" (get var .name) \"!\")"
    );
    let spans: Vec<&str> = t.parts.iter().map(|p| text(src, p.span())).collect();
    assert_eq!(spans, ["Hello, ", "${ var.name }", "!"]);
    assert_eq!(t.span, Span::new(0, 21));
}

#[test]
fn dollar_dollar_brace_is_literal() {
    let t = tmpl("a $${b} %%{c} $$ %% $x");
    assert_eq!(t.as_literal().unwrap(), "a ${b} %{c} $$ %% $x");
    assert_eq!(tmpl("$$${x}").to_string(), "(template \"$${x}\")");
}

#[test]
fn strip_markers_remove_adjacent_whitespace() {
    assert_eq!(
        tmpl("hello ${~ \"world\" }").to_string(),
        "(template \"hello\" (template \"world\"))"
    );
    assert_eq!(
        tmpl("%{ if true ~} hello %{~ endif }").to_string(),
        "(template (if true (template \"hello\")))"
    );
    // A marker reaches only across one line of text (see
    // `strip_markers_stop_at_newlines`).
    assert_eq!(
        tmpl("a \n ${x ~} \n b").to_string(),
        "(template \"a \\n \" x \" b\")"
    );
}

#[test]
fn strip_markers_do_not_touch_interpolated_values() {
    assert_eq!(
        tmpl("${\"hello\" ~}${\" world\"}").to_string(),
        "(template (template \"hello\") (template \" world\"))"
    );
}

#[test]
fn single_interpolation_unwraps() {
    assert!(tmpl("${true}").as_single_interpolation().is_some());
    assert!(tmpl("${~ x ~}").as_single_interpolation().is_some());
    assert!(tmpl("${\"${true}\"}").as_single_interpolation().is_some());
    for not_single in [
        "hello ${true}",
        "${\"\"}${true}",
        " ${~x~} ",
        "%{ for v in [true] }${v}%{ endfor }",
        "",
    ] {
        assert!(
            tmpl(not_single).as_single_interpolation().is_none(),
            "{not_single:?}"
        );
    }
}

#[test]
fn if_directive_has_then_and_else_templates() {
    let src = "%{ if c }yes%{ else }no%{ endif }";
    let t = tmpl(src);
    assert_eq!(
        t.to_string(),
        "(template (if c (template \"yes\") (template \"no\")))"
    );
    let TemplatePart::If(i) = &t.parts[0] else {
        panic!()
    };
    assert_eq!(i.span, Span::new(0, 33));
    assert_eq!(i.then.span, Span::new(9, 12));
    assert_eq!(i.otherwise.as_ref().unwrap().span, Span::new(21, 23));
    assert_eq!(
        tmpl("%{if c}x%{endif}").to_string(),
        "(template (if c (template \"x\")))"
    );
}

#[test]
fn for_directive_has_variables_collection_and_body() {
    let t = tmpl("%{ for k, v in m ~}\n  ${k}=${v}\n%{~ endfor }");
    assert_eq!(
        t.to_string(),
        "(template (for (k v) m (template \"  \" k \"=\" v \"\")))"
    );
    assert_eq!(
        tmpl("%{for x in xs}[${x}]%{endfor}").to_string(),
        "(template (for (x) xs (template \"[\" x \"]\")))"
    );
}

#[test]
fn directives_nest() {
    assert_eq!(
        tmpl("%{ for x in xs }%{ if x }${x}%{ else }-%{ endif }%{ endfor }").to_string(),
        "(template (for (x) xs (template (if x (template x) (template \"-\")))))"
    );
}

#[test]
fn interpolations_may_span_lines_and_hold_comments() {
    assert_eq!(
        tmpl("${\n  a + # one\n  b\n}").to_string(),
        "(template (+ a b))"
    );
}

#[test]
fn display_of_for_and_calls_is_stable() {
    assert_eq!(
        sexpr("[for x in f(a...) : x.y[*].z]"),
        "(for-tuple (x) (call f a...) (get x .y [*](.z)))"
    );
}

#[test]
fn quoted_text_keeps_signs_that_start_nothing() {
    // Plain text, read as its one literal part; `$${` and `\` escapes
    // are decoded; an empty string has no part at all.
    assert_eq!(
        sexpr(r#"f("%d-%s", "a$", "100%", "$$x", "$${y}", "a\tb", "")"#),
        r#"(call f (template "%d-%s") (template "a$") (template "100%") (template "$$x") (template "${y}") (template "a\tb") (template))"#
    );
    let src = r#""%d""#;
    let ExprKind::Template(t) = expr(src).kind else {
        panic!()
    };
    assert_eq!(
        (t.span, t.parts[0].span()),
        (Span::new(0, 4), Span::new(1, 3))
    );
}
