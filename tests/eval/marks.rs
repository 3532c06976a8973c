//! Marks (sensitive, ephemeral) through evaluation, as Terraform (go-cty
//! and HCL) carries them: operators, conversions, templates, conditionals,
//! `for` expressions, splats, indexing and function calls.

use hcl_json::value::{Marks, PathStep};
use hcl_json::{EvalContext, Expression, Type, Value};

const S: Marks = Marks::SENSITIVE;
const E: Marks = Marks::EPHEMERAL;

fn s(v: &str) -> Value {
    Value::from(v)
}

fn n(v: i64) -> Value {
    Value::from(v)
}

/// A context with `secret = sensitive("hunter2")`, `key = ephemeral
/// "k"`, `plain = "p"`, `list = ["a", sensitive "b"]`, `secret_list` a
/// sensitive `["x", "y"]`, `obj = { user = "u", pw = sensitive "pw" }`,
/// `flag` a sensitive `true`, `later` an unknown sensitive string, and the
/// standard library.
fn ctx() -> EvalContext {
    EvalContext::new()
        .with_variable("secret", s("hunter2").mark(S))
        .with_variable("key", s("k").mark(E))
        .with_variable("plain", "p")
        .with_variable("list", Value::tuple([s("a"), s("b").mark(S)]))
        .with_variable("secret_list", Value::tuple([s("x"), s("y")]).mark(S))
        .with_variable(
            "obj",
            Value::object([("user", s("u")), ("pw", s("pw").mark(S))]),
        )
        .with_variable("flag", Value::Bool(true).mark(S))
        .with_variable("later", Value::unknown(Type::String).mark(S))
        .with_stdlib()
}

fn eval(src: &str) -> Value {
    match Expression::parse(src, "t.hcl").and_then(|e| e.value(&ctx())) {
        Ok(v) => v,
        Err(e) => panic!("{src:?} failed:\n{e}"),
    }
}

#[test]
fn marking_adds_to_the_value_itself_and_accessors_read_through() {
    let v = s("x").mark(S).mark(E);
    assert_eq!(v.marks(), S | E);
    assert!(v.is_sensitive() && v.is_ephemeral());
    assert_eq!(v.as_str(), Some("x"));
    assert_eq!(v.ty(), Type::String);
    assert_ne!(v, s("x"));
    assert_eq!(v.clone().unmark(), (s("x"), S | E));
    assert_eq!(s("x").mark(Marks::NONE), s("x"));
    assert_eq!(v.to_string(), "(sensitive value)");
    assert_eq!(s("x").mark(E).to_string(), "(ephemeral value)");
}

#[test]
fn unmark_deep_with_paths_says_where_each_mark_was() {
    let v = Value::object([
        ("a", Value::tuple([n(1), n(2).mark(S)])),
        ("b", s("x").mark(E)),
    ])
    .mark(S);
    assert_eq!(v.marks_deep(), S | E);
    let (plain, paths) = v.clone().unmark_deep_with_paths();
    assert_eq!(
        paths,
        vec![
            (vec![], S),
            (vec![PathStep::Attr("a".into()), PathStep::Index(1)], S),
            (vec![PathStep::Attr("b".into())], E),
        ]
    );
    assert_eq!(plain.marks_deep(), Marks::NONE);
    assert_eq!(v.unmark_deep(), (plain, S | E));
}

#[test]
fn a_set_takes_the_marks_of_its_elements() {
    let set = Value::set(Type::String, [s("a").mark(S), s("b")]).unwrap();
    assert_eq!(set.marks(), S);
    assert!(set
        .as_elements()
        .unwrap()
        .iter()
        .all(|e| e.marks().is_empty()));
}

#[test]
fn operators_mark_their_result_with_every_operand_mark() {
    assert_eq!(eval(r#"secret == "hunter2""#), Value::Bool(true).mark(S));
    assert_eq!(eval(r#"list == ["a", "b"]"#), Value::Bool(true).mark(S));
    assert_eq!(eval("length(secret) + 1"), n(8).mark(S));
    assert_eq!(eval("!flag"), Value::Bool(false).mark(S));
    assert_eq!(eval(r#"plain == "p""#), Value::Bool(true));
}

#[test]
fn logical_operators_carry_the_marks_of_both_sides_even_short_circuited() {
    assert_eq!(eval("true || flag"), Value::Bool(true).mark(S));
    assert_eq!(eval("flag && true"), Value::Bool(true).mark(S));
    assert_eq!(eval("false && flag"), Value::Bool(false).mark(S));
    assert_eq!(eval("true || false"), Value::Bool(true));
}

#[test]
fn templates_are_marked_by_any_marked_part() {
    assert_eq!(eval(r#""pw=${secret}""#), s("pw=hunter2").mark(S));
    assert_eq!(eval(r#""${plain}-${key}""#), s("p-k").mark(E));
    assert_eq!(eval(r#""%{ if flag }yes%{ endif }""#), s("yes").mark(S));
    assert_eq!(
        eval(r#""%{ for x in secret_list }${x}%{ endfor }""#),
        s("xy").mark(S)
    );
    // A lone interpolation is the value itself, marks and all.
    assert_eq!(eval(r#""${secret}""#), s("hunter2").mark(S));
}

#[test]
fn conditionals_carry_the_marks_of_the_condition_and_of_both_results() {
    assert_eq!(eval(r#"flag ? "a" : "b""#), s("a").mark(S));
    assert_eq!(eval(r#"true ? "a" : secret"#), s("a").mark(S));
    assert_eq!(eval(r#"true ? "a" : "b""#), s("a"));
}

#[test]
fn indexing_gives_the_element_marks_and_the_collection_marks() {
    assert_eq!(eval("list[0]"), s("a"));
    assert_eq!(eval("list[1]"), s("b").mark(S));
    assert_eq!(eval("secret_list[0]"), s("x").mark(S));
    assert_eq!(eval("obj.user"), s("u"));
    assert_eq!(eval("obj.pw"), s("pw").mark(S));
    assert_eq!(eval(r#"obj["pw"]"#), s("pw").mark(S));
}

#[test]
fn splats_keep_element_marks_and_add_the_source_marks_to_the_result() {
    let ctx = ctx().with_variable(
        "users",
        Value::tuple([
            Value::object([("name", s("a"))]),
            Value::object([("name", s("b").mark(S))]),
        ]),
    );
    let v = Expression::parse("users[*].name", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::tuple([s("a"), s("b").mark(S)]));
    let v = Expression::parse("secret_list[*]", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::tuple([s("x"), s("y")]).mark(S));
}

#[test]
fn for_expressions_keep_element_marks_and_mark_the_result_with_the_collection_and_keys() {
    assert_eq!(
        eval("[for x in list : x]"),
        Value::tuple([s("a"), s("b").mark(S)])
    );
    assert_eq!(
        eval("[for x in secret_list : x]"),
        Value::tuple([s("x"), s("y")]).mark(S)
    );
    assert_eq!(
        eval("{for x in list : x => 1}"),
        Value::object([("a", n(1)), ("b", n(1))]).mark(S)
    );
    assert_eq!(
        eval("[for x in list : x if x != secret]"),
        Value::tuple([s("a"), s("b").mark(S)]).mark(S)
    );
    // Over an unknown collection, the `if` clause's first check (its
    // variables unknown) marks the unknown result, as in hclsyntax; over a
    // known empty one nothing is kept and nothing marked.
    let unknown_list = EvalContext::new()
        .with_variable("secret", s("hunter2").mark(S))
        .with_variable("pending", Value::unknown(Type::list(Type::String)));
    let value = Expression::parse("[for x in pending : x if x != secret]", "t.hcl")
        .and_then(|e| e.value(&unknown_list))
        .unwrap();
    assert_eq!(value, Value::dynamic().mark(S));
    assert_eq!(eval("[for x in [] : x if x != secret]"), Value::tuple([]));
}

#[test]
fn object_constructors_with_marked_keys_are_marked() {
    assert_eq!(
        eval("{ (secret) = 1, b = plain }"),
        Value::object([("hunter2", n(1)), ("b", s("p"))]).mark(S)
    );
    assert_eq!(
        eval("{ a = secret }"),
        Value::object([("a", s("hunter2").mark(S))])
    );
}

#[test]
fn function_results_carry_every_mark_of_their_arguments() {
    assert_eq!(eval("upper(secret)"), s("HUNTER2").mark(S));
    assert_eq!(eval("length(upper(secret))"), n(7).mark(S));
    assert_eq!(eval("join(\"-\", [plain, key])"), s("p-k").mark(E));
    assert_eq!(eval("upper(plain)"), s("P"));
    // Expanded arguments carry the sequence's marks.
    assert_eq!(eval(r#"format("%s-%s", secret_list...)"#), s("x-y").mark(S));
}

/// The collection functions whose parameters allow marks in go-cty and
/// Terraform (`concat`, `element`, `length`, `lookup`, ...): a collection's
/// own marks go on the result, its elements keep theirs. Every expected
/// value is what go-cty 1.12's functions return for the same arguments.
#[test]
fn collection_functions_keep_element_marks_and_mark_the_result_with_the_collection() {
    let tuple = |items: Vec<Value>| Value::tuple(items);
    // `list` is unmarked with a sensitive element; `secret_list` is itself
    // sensitive.
    assert_eq!(eval("length(list)"), n(2));
    assert_eq!(eval("length(secret_list)"), n(2).mark(S));
    assert_eq!(eval("element(list, 1)"), s("b").mark(S));
    assert_eq!(eval("element(list, 0)"), s("a"));
    assert_eq!(eval("element(secret_list, 0)"), s("x").mark(S));
    assert_eq!(
        eval(r#"concat(list, ["c"])"#),
        tuple(vec![s("a"), s("b").mark(S), s("c")])
    );
    assert_eq!(
        eval(r#"concat(secret_list, ["c"])"#),
        tuple(vec![s("x"), s("y"), s("c")]).mark(S)
    );
    assert_eq!(eval("reverse(list)"), tuple(vec![s("b").mark(S), s("a")]));
    assert_eq!(eval("slice(list, 0, 1)"), tuple(vec![s("a")]));
    assert_eq!(
        eval("slice(secret_list, 0, 1)"),
        tuple(vec![s("x")]).mark(S)
    );
    assert_eq!(eval("keys(obj)"), tuple(vec![s("pw"), s("user")]));
    assert_eq!(eval("values(obj)"), tuple(vec![s("pw").mark(S), s("u")]));
    assert_eq!(
        eval("chunklist(tolist(list), 1)"),
        Value::list(
            Type::list(Type::String),
            [
                Value::list(Type::String, [s("a")]).unwrap(),
                Value::list(Type::String, [s("b").mark(S)]).unwrap(),
            ]
        )
        .unwrap()
    );
    // A flattened sequence's own marks go on the result.
    assert_eq!(
        eval("flatten([list, [secret_list]])"),
        tuple(vec![s("a"), s("b").mark(S), s("x"), s("y")]).mark(S)
    );
    // A key's marks go on the map: keys cannot carry marks.
    assert_eq!(
        eval(r#"zipmap(["k1", "k2"], list)"#),
        Value::object([("k1", s("a")), ("k2", s("b").mark(S))])
    );
    assert_eq!(
        eval(r#"zipmap([secret, "k"], ["v1", "v2"])"#),
        Value::object([("hunter2", s("v1")), ("k", s("v2"))]).mark(S)
    );
    // A list result keeps its tuples' marks; a set takes them all.
    assert_eq!(
        eval(r#"setproduct(list, ["z"])"#),
        Value::list(
            Type::tuple([Type::String, Type::String]),
            [
                tuple(vec![s("a"), s("z")]),
                tuple(vec![s("b").mark(S), s("z")]),
            ]
        )
        .unwrap()
    );
    let set = eval(r#"setproduct(toset(["a"]), list)"#);
    assert_eq!(set.marks(), S);
    assert_eq!(set.marks_deep(), S);
}

#[test]
fn merge_and_lookup_mark_as_terraform_does() {
    assert_eq!(
        eval("merge(obj, { x = 1 })"),
        Value::object([("user", s("u")), ("pw", s("pw").mark(S)), ("x", n(1))])
    );
    assert_eq!(
        eval("merge(sensitive({ a = 1 }), { b = 2 })"),
        Value::object([("a", n(1)), ("b", n(2))]).mark(S)
    );
    // A null map is skipped, marks and all.
    assert_eq!(
        eval("merge(sensitive(null), { b = 2 })"),
        Value::object([("b", n(2))])
    );
    // The element found keeps its marks and takes the map's and the key's.
    assert_eq!(eval(r#"lookup(obj, "pw")"#), s("pw").mark(S));
    assert_eq!(eval(r#"lookup(obj, "user")"#), s("u"));
    assert_eq!(eval(r#"lookup(sensitive(obj), "user")"#), s("u").mark(S));
    assert_eq!(eval(r"lookup({ hunter2 = 1 }, secret)"), n(1).mark(S));
    // The default keeps its own marks, and takes the key's.
    assert_eq!(eval(r#"lookup(obj, "none", secret)"#), s("hunter2").mark(S));
    assert_eq!(eval(r#"lookup({ a = "x" }, secret, "d")"#), s("d").mark(S));
    assert_eq!(eval(r#"lookup({ a = "x" }, "b", key)"#), s("k").mark(E));
    // An unknown key: an unknown of the map's element type (dynamic for
    // an object), with the key's marks.
    assert_eq!(
        eval(r#"lookup(tomap({ a = "x" }), later)"#),
        Value::unknown(Type::String).mark(S)
    );
    assert_eq!(eval("lookup(obj, later)"), Value::dynamic().mark(S));
    // A sensitive key is not shown when it is missing.
    let err = Expression::parse(r"lookup({ a = 1 }, secret)", "t.hcl")
        .unwrap()
        .value(&ctx())
        .unwrap_err();
    let detail = &err.diagnostics()[0].detail;
    assert!(detail.contains("(sensitive value)"), "{detail}");
    assert!(!detail.contains("hunter2"), "{detail}");
}

#[test]
fn conversions_keep_marks_per_element() {
    assert_eq!(
        eval("tolist(list)"),
        Value::list(Type::String, [s("a"), s("b").mark(S)]).unwrap()
    );
    assert_eq!(eval("tostring(secret)"), s("hunter2").mark(S));
    assert_eq!(eval("tonumber(\"1\")"), n(1));
    // A set takes its elements' marks.
    let set = eval("toset(list)");
    assert_eq!(set.marks(), S);
}

#[test]
fn unknown_values_keep_their_marks() {
    assert_eq!(eval("later"), Value::unknown(Type::String).mark(S));
    assert_eq!(eval("upper(later)"), Value::unknown(Type::String).mark(S));
    assert_eq!(eval(r#""x${later}""#), Value::unknown(Type::String).mark(S));
    assert_eq!(eval("issensitive(later)"), Value::Bool(true));
}

#[test]
fn sensitive_marks_and_nonsensitive_unmarks_the_value_itself() {
    assert_eq!(eval(r#"sensitive("x")"#), s("x").mark(S));
    assert_eq!(eval("nonsensitive(secret)"), s("hunter2"));
    // Not an error on a value that is not sensitive (Terraform's tests).
    assert_eq!(eval("nonsensitive(plain)"), s("p"));
    // Other marks and element marks stay.
    assert_eq!(eval("nonsensitive(sensitive(key))"), s("k").mark(E));
    assert_eq!(eval("nonsensitive(list)"), eval("list"));
}

#[test]
fn issensitive_asks_about_the_value_itself() {
    assert_eq!(eval("issensitive(secret)"), Value::Bool(true));
    assert_eq!(eval("issensitive(upper(secret))"), Value::Bool(true));
    assert_eq!(eval("issensitive(plain)"), Value::Bool(false));
    assert_eq!(eval("issensitive(list)"), Value::Bool(false));
    assert_eq!(eval("issensitive(list[1])"), Value::Bool(true));
    assert_eq!(eval("issensitive(key)"), Value::Bool(false));
    // Not known, and not marked: it may yet be.
    let ctx = ctx().with_variable("u", Value::unknown(Type::String));
    let v = Expression::parse("issensitive(u)", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::unknown(Type::Bool));
}

#[test]
fn ephemeralasnull_nulls_every_ephemeral_part_and_keeps_other_marks() {
    assert_eq!(eval("ephemeralasnull(key)"), Value::null(Type::String));
    assert_eq!(eval("ephemeralasnull(plain)"), s("p"));
    assert_eq!(
        eval("ephemeralasnull({ a = key, b = secret, c = plain })"),
        Value::object([
            ("a", Value::null(Type::String)),
            ("b", s("hunter2").mark(S)),
            ("c", s("p")),
        ])
    );
    assert_eq!(
        eval("ephemeralasnull(sensitive(key))"),
        Value::null(Type::String).mark(S)
    );
    let ctx = ctx().with_variable("eph_later", Value::unknown(Type::Number).mark(E));
    let v = Expression::parse("ephemeralasnull(eph_later)", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::unknown(Type::Number));
}

#[test]
fn json_syntax_templates_carry_marks_too() {
    let file =
        hcl_json::parse(r#"{"a": "pw=${secret}", "b": {"${secret}": 1}}"#, "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    assert_eq!(
        attrs["a"].expr.value(&ctx()).unwrap(),
        s("pw=hunter2").mark(S)
    );
    assert_eq!(
        attrs["b"].expr.value(&ctx()).unwrap(),
        Value::object([("hunter2", n(1))]).mark(S)
    );
}

#[test]
fn errors_about_marked_values_do_not_show_them() {
    let err = Expression::parse("secret + 1", "t.hcl")
        .unwrap()
        .value(&ctx())
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid operand");
    assert!(!d.detail.contains("hunter2"), "{}", d.detail);
    let r = d.subject.as_ref().unwrap();
    assert_eq!((r.start.column, r.end.column), (1, 7));
}

#[test]
fn decoding_reads_a_marked_value_as_its_value_and_a_value_field_keeps_the_marks() {
    #[derive(hcl_json::HclDecode, Debug)]
    struct Config {
        #[hcl(attr)]
        password: String,
        #[hcl(attr)]
        raw: Value,
        #[hcl(attr)]
        names: Vec<String>,
    }
    let cfg: Config =
        hcl_json::from_str_native("password = secret\nraw = secret\nnames = list\n", &ctx())
            .unwrap();
    assert_eq!(cfg.password, "hunter2");
    assert_eq!(cfg.raw, s("hunter2").mark(S));
    assert_eq!(cfg.names, ["a", "b"]);
    let v: Vec<String> = hcl_json::from_value(Value::tuple([s("x").mark(S)]).mark(E)).unwrap();
    assert_eq!(v, ["x"]);
}

#[test]
fn decoding_errors_about_a_sensitive_value_name_its_type_not_its_content() {
    #[derive(hcl_json::HclDecode, Debug)]
    struct Config {
        #[hcl(attr)]
        port: u8,
    }
    let ctx = ctx()
        .with_variable("small", Value::from(8).mark(S))
        .with_variable("big", Value::from(300).mark(S));
    let cfg: Config = hcl_json::from_str_native("port = small\n", &ctx).unwrap();
    assert_eq!(cfg.port, 8);
    let err = hcl_json::from_str_native::<Config>("port = secret\n", &ctx).unwrap_err();
    let d = &err.diagnostics()[0];
    assert!(!d.detail.contains("hunter2"), "{}", d.detail);
    assert!(d.detail.contains("a sensitive string"), "{}", d.detail);
    assert_eq!(d.subject.as_ref().unwrap().start.column, 8);
    let err = hcl_json::from_str_native::<Config>("port = big\n", &ctx).unwrap_err();
    let d = &err.diagnostics()[0];
    assert!(!d.detail.contains("300"), "{}", d.detail);
    assert!(d.detail.contains("a sensitive number"), "{}", d.detail);
}

#[test]
fn decoding_a_marked_collection_marks_each_element_read_as_a_value() {
    use std::collections::HashMap;

    #[derive(hcl_json::HclDecode, Debug)]
    struct Config {
        #[hcl(attr)]
        tags: HashMap<String, Value>,
        #[hcl(attr)]
        items: Vec<Value>,
    }
    let cfg: Config = hcl_json::from_str_native(
        "tags = sensitive({ a = \"x\", b = key })\nitems = secret_list\n",
        &ctx(),
    )
    .unwrap();
    // The map's mark reaches each value; an element's own marks stay.
    assert_eq!(cfg.tags["a"], s("x").mark(S));
    assert_eq!(cfg.tags["b"], s("k").mark(S | E));
    assert_eq!(cfg.items, [s("x").mark(S), s("y").mark(S)]);
    // An unmarked collection leaves its elements as they are.
    let plain: Vec<Value> = hcl_json::from_value(Value::tuple([s("a"), s("b").mark(E)])).unwrap();
    assert_eq!(plain, [s("a"), s("b").mark(E)]);
    // An error about an element of a sensitive collection does not show it.
    let err = hcl_json::from_value::<Vec<u32>>(Value::tuple([s("hunter2")]).mark(S)).unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("hunter2"), "{text}");
    let err =
        hcl_json::from_value::<HashMap<u32, String>>(Value::object([("hunter2", s("x"))]).mark(S))
            .unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("hunter2"), "{text}");
}
