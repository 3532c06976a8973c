//! Collection functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::{Type, Value};
use stdlib_support::*;

fn bools(items: &[Value]) -> Value {
    Value::list(Type::Bool, items.iter().cloned()).unwrap()
}

fn set_of(ty: Type, items: Vec<Value>) -> Value {
    Value::set(ty, items).unwrap()
}

#[test]
fn alltrue_and_anytrue_fold_bools() {
    assert_eq!(
        call("alltrue", &[bools(&[b(true), s("true")])]),
        Ok(b(true))
    );
    assert_eq!(call("alltrue", &[bools(&[])]), Ok(b(true)));
    assert_eq!(
        call("alltrue", &[bools(&[b(true), b(false)])]),
        Ok(b(false))
    );
    assert_eq!(call("anytrue", &[bools(&[b(false), b(true)])]), Ok(b(true)));
    assert_eq!(call("anytrue", &[bools(&[])]), Ok(b(false)));
}

#[test]
fn alltrue_and_anytrue_see_unknown_elements() {
    let u = unknown(Type::Bool);
    assert_eq!(
        call("alltrue", &[bools(&[b(false), u.clone()])]),
        Ok(b(false))
    );
    assert_eq!(
        call("alltrue", &[bools(&[b(true), u.clone()])]),
        Ok(u.clone())
    );
    assert_eq!(
        call("anytrue", &[bools(&[u.clone(), b(true)])]),
        Ok(b(true))
    );
    assert_eq!(
        call("anytrue", &[bools(&[u.clone(), b(false)])]),
        Ok(u.clone())
    );
    assert_eq!(call("alltrue", &[unknown(Type::list(Type::Bool))]), Ok(u));
    assert_eq!(call("alltrue", &[bools(&[null(Type::Bool)])]), Ok(b(false)));
    arg_err("alltrue", &[strs(&["yes"])], 0);
}

#[test]
fn chunklist_splits_into_fixed_size_chunks() {
    let list = strs(&["a", "b", "c"]);
    let ty = Type::list(Type::String);
    assert_eq!(
        call("chunklist", &[list.clone(), n("2")]),
        Ok(Value::list(ty.clone(), [strs(&["a", "b"]), strs(&["c"])]).unwrap())
    );
    assert_eq!(
        call("chunklist", &[list.clone(), n("0")]),
        Ok(Value::list(ty.clone(), [list.clone()]).unwrap())
    );
    assert_eq!(
        call("chunklist", &[strs(&[]), n("3")]),
        Ok(Value::empty_list(ty))
    );
    assert!(call_err("chunklist", &[list, n("-1")]).contains("negative"));
}

#[test]
fn coalesce_returns_first_non_null_non_empty_argument() {
    assert_eq!(
        call("coalesce", &[s(""), null(Type::String), s("b")]),
        Ok(s("b"))
    );
    assert_eq!(call("coalesce", &[n("1"), n("2")]), Ok(n("1")));
    assert_eq!(call("coalesce", &[null(Type::Number), s("x")]), Ok(s("x")));
    assert_eq!(call("coalesce", &[n("1"), s("a")]), Ok(s("1")));
    assert!(err("coalesce", &[s(""), null(Type::String)]).contains("no non-null"));
    assert!(err("coalesce", &[]).contains("no non-null"));
    assert!(err("coalesce", &[n("1"), strs(&["a"])]).contains("same type"));
}

#[test]
fn coalesce_stops_at_an_unknown() {
    assert_eq!(
        call("coalesce", &[unknown(Type::String), s("b")]),
        Ok(unknown(Type::String))
    );
    assert_eq!(
        call("coalesce", &[s("a"), unknown(Type::String)]),
        Ok(s("a"))
    );
}

#[test]
fn coalescelist_returns_first_non_empty_list() {
    assert_eq!(
        call("coalescelist", &[strs(&[]), strs(&["a"])]),
        Ok(strs(&["a"]))
    );
    assert_eq!(
        call("coalescelist", &[tuple(vec![]), tuple(vec![n("1")])]),
        Ok(tuple(vec![n("1")]))
    );
    assert!(err("coalescelist", &[strs(&[])]).contains("no non-null"));
    assert!(call_err("coalescelist", &[s("a")]).contains("lists or tuples"));
    let u = unknown(Type::list(Type::String));
    assert_eq!(call("coalescelist", &[u.clone(), strs(&["a"])]), Ok(u));
}

#[test]
fn compact_drops_empty_and_null_strings() {
    let list = Value::list(Type::String, [s("a"), s(""), null(Type::String), s("c")]).unwrap();
    assert_eq!(call("compact", &[list]), Ok(strs(&["a", "c"])));
    assert_eq!(call("compact", &[strs(&[])]), Ok(strs(&[])));
}

#[test]
fn concat_joins_lists_and_tuples() {
    assert_eq!(
        call("concat", &[strs(&["a"]), strs(&["b", "c"])]),
        Ok(strs(&["a", "b", "c"]))
    );
    assert_eq!(
        call("concat", &[tuple(vec![n("1")]), tuple(vec![s("x")])]),
        Ok(tuple(vec![n("1"), s("x")]))
    );
    // A tuple argument makes the result a tuple (go-cty), and concat
    // needs at least one argument.
    assert_eq!(
        call("concat", &[strs(&["a"]), tuple(vec![n("1")])]),
        Ok(tuple(vec![s("a"), n("1")]))
    );
    assert!(call("concat", &[]).is_err());
    assert_eq!(
        arg_err("concat", &[strs(&["a"]), s("b")], 1),
        "all arguments must be lists or tuples; got string."
    );
}

#[test]
fn concat_keeps_unknown_elements_and_types_unknown_lists() {
    let partly = Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("concat", &[partly, strs(&["b"])]),
        Ok(Value::list(Type::String, [s("a"), unknown(Type::String), s("b")]).unwrap())
    );
    assert_eq!(
        call("concat", &[unknown(Type::list(Type::String)), strs(&["b"])]),
        Ok(unknown(Type::list(Type::String)))
    );
}

#[test]
fn contains_finds_equal_elements() {
    assert_eq!(call("contains", &[strs(&["a", "b"]), s("b")]), Ok(b(true)));
    assert_eq!(call("contains", &[strs(&["a", "b"]), s("c")]), Ok(b(false)));
    assert_eq!(
        call("contains", &[set_of(Type::Number, vec![n("1")]), n("1")]),
        Ok(b(true))
    );
    assert_eq!(
        call_err("contains", &[s("abc"), s("a")]),
        "argument must be list, tuple, or set."
    );
    let partly = Value::list(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(call("contains", &[partly, s("a")]), Ok(unknown(Type::Bool)));
}

#[test]
fn contains_may_look_for_null() {
    // go-cty 1.18+: null is a value to look for, not an invalid argument.
    let with_null = Value::list(Type::String, [s("a"), null(Type::String)]).unwrap();
    assert_eq!(
        call("contains", &[with_null, null(Type::Dynamic)]),
        Ok(b(true))
    );
    assert_eq!(
        call("contains", &[strs(&["a"]), null(Type::String)]),
        Ok(b(false))
    );
}

#[test]
fn distinct_keeps_first_occurrences_in_order() {
    assert_eq!(
        call("distinct", &[strs(&["b", "a", "b", "c", "a"])]),
        Ok(strs(&["b", "a", "c"]))
    );
    assert_eq!(call("distinct", &[strs(&[])]), Ok(strs(&[])));
    // go-cty's words for what the list parameter requires (its type
    // named as a type beside the one given, as a constraint alone).
    assert_eq!(
        arg_err("distinct", &[s("a")], 0),
        "list of dynamic required, but have string."
    );
    assert_eq!(
        arg_err("distinct", &[obj(&[("a", n("1"))])], 0),
        "list of any single type required."
    );
}

#[test]
fn element_wraps_around_counts_negative_indexes_from_the_end_and_rejects_empty() {
    let list = strs(&["a", "b", "c"]);
    assert_eq!(call("element", &[list.clone(), n("1")]), Ok(s("b")));
    assert_eq!(call("element", &[list.clone(), n("3")]), Ok(s("a")));
    assert_eq!(
        call("element", &[tuple(vec![n("1"), s("x")]), n("1")]),
        Ok(s("x"))
    );
    // go-cty 1.15+ (Terraform's docs: element(["a", "b", "c"], -1) is "c").
    assert_eq!(call("element", &[list.clone(), n("-1")]), Ok(s("c")));
    assert_eq!(call("element", &[list.clone(), n("-4")]), Ok(s("c")));
    assert_eq!(
        call("element", &[tuple(vec![n("1"), s("x")]), n("-2")]),
        Ok(n("1"))
    );
    assert!(call_err("element", &[list, n("1.5")]).contains("invalid index"));
    assert!(call_err("element", &[strs(&[]), n("0")]).contains("empty"));
    assert!(
        call_err("element", &[set_of(Type::String, vec![s("a")]), n("0")]).contains("cannot read")
    );
    assert_eq!(
        call("element", &[unknown(Type::list(Type::String)), n("0")]),
        Ok(unknown(Type::String))
    );
}

#[test]
fn flatten_removes_nesting_recursively() {
    let nested = tuple(vec![
        strs(&["a", "b"]),
        tuple(vec![]),
        tuple(vec![s("c"), tuple(vec![s("d")])]),
    ]);
    assert_eq!(
        call("flatten", &[nested]),
        Ok(tuple(vec![s("a"), s("b"), s("c"), s("d")]))
    );
    assert_eq!(call("flatten", &[strs(&[])]), Ok(tuple(vec![])));
    assert_eq!(
        call_err("flatten", &[s("a")]),
        "can only flatten lists, sets and tuples."
    );
}

#[test]
fn flatten_limits_nesting_depth() {
    let mut v = s("x");
    for _ in 0..200 {
        v = tuple(vec![v]);
    }
    assert!(arg_err("flatten", &[v], 0).contains("nested more than"));
}

#[test]
fn index_finds_the_first_position() {
    assert_eq!(
        call("index", &[strs(&["a", "b", "c", "b"]), s("b")]),
        Ok(n("1"))
    );
    assert!(arg_err("index", &[strs(&["a"]), s("z")], 1).contains("not found"));
    arg_err("index", &[str_map(&[("a", "b")]), s("b")], 0);
}

#[test]
fn keys_and_values_are_in_lexicographic_key_order() {
    let m = str_map(&[("b", "2"), ("a", "1")]);
    assert_eq!(
        call("keys", std::slice::from_ref(&m)),
        Ok(strs(&["a", "b"]))
    );
    assert_eq!(call("values", &[m]), Ok(strs(&["1", "2"])));
    let o = obj(&[("z", n("1")), ("y", s("x"))]);
    assert_eq!(
        call("keys", std::slice::from_ref(&o)),
        Ok(tuple(vec![s("y"), s("z")]))
    );
    assert_eq!(call("values", &[o]), Ok(tuple(vec![s("x"), n("1")])));
    assert_eq!(
        arg_err("keys", &[strs(&["a"])], 0),
        "must have map or object type."
    );
    assert_eq!(
        call_err("values", &[strs(&["a"])]),
        "values() requires a map as the first argument."
    );
    assert_eq!(
        arg_err("lookup", &[strs(&["a"]), s("k")], 0),
        "lookup() requires a map as the first argument."
    );
}

#[test]
fn keys_are_known_even_when_values_are_not() {
    let m = Value::map(Type::String, [("a", unknown(Type::String))]).unwrap();
    assert_eq!(call("keys", std::slice::from_ref(&m)), Ok(strs(&["a"])));
    assert_eq!(
        call("values", &[m]),
        Ok(Value::list(Type::String, [unknown(Type::String)]).unwrap())
    );
    assert_eq!(
        call("keys", &[unknown(Type::map(Type::Number))]),
        Ok(unknown(Type::list(Type::String)))
    );
}

#[test]
fn length_measures_strings_collections_and_structures() {
    assert_eq!(call("length", &[strs(&["a", "b"])]), Ok(n("2")));
    assert_eq!(call("length", &[s("héllo")]), Ok(n("5")));
    assert_eq!(call("length", &[obj(&[("a", n("1"))])]), Ok(n("1")));
    assert_eq!(call("length", &[str_map(&[])]), Ok(n("0")));
    assert!(call_err("length", &[b(true)]).contains("collection"));
    arg_err("length", &[null(Type::list(Type::String))], 0);
}

#[test]
fn length_sees_through_unknown_elements() {
    let partly = Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap();
    assert_eq!(call("length", &[partly]), Ok(n("2")));
    assert_eq!(
        call(
            "length",
            &[unknown(Type::tuple([Type::String, Type::Bool]))]
        ),
        Ok(n("2"))
    );
    assert_eq!(
        call("length", &[unknown(Type::list(Type::String))]),
        Ok(unknown(Type::Number))
    );
    let partly_set = set_of(Type::String, vec![s("a"), unknown(Type::String)]);
    assert_eq!(call("length", &[partly_set]), Ok(unknown(Type::Number)));
}

#[test]
fn lookup_finds_keys_or_falls_back_to_the_default() {
    let m = str_map(&[("a", "ay"), ("b", "bee")]);
    assert_eq!(
        call("lookup", &[m.clone(), s("a"), s("what?")]),
        Ok(s("ay"))
    );
    assert_eq!(
        call("lookup", &[m.clone(), s("c"), s("what?")]),
        Ok(s("what?"))
    );
    assert_eq!(call("lookup", &[m.clone(), s("c"), n("1")]), Ok(s("1")));
    assert_eq!(call("lookup", &[obj(&[("x", n("1"))]), s("x")]), Ok(n("1")));
    assert!(arg_err("lookup", &[m.clone(), s("c")], 1).contains("failed to find"));
    assert!(arg_err("lookup", &[m.clone(), s("a"), s("x"), s("y")], 3).contains("at most three"));
    arg_err("lookup", &[strs(&["a"]), s("a")], 0);
    assert_eq!(
        call("lookup", &[m, s("c"), null(Type::String)]),
        Ok(null(Type::String))
    );
}

#[test]
fn matchkeys_selects_values_by_key_membership() {
    assert_eq!(
        call(
            "matchkeys",
            &[
                strs(&["i-123", "i-abc", "i-def"]),
                strs(&["us-west", "us-east", "us-east"]),
                strs(&["us-east"])
            ]
        ),
        Ok(strs(&["i-abc", "i-def"]))
    );
    assert_eq!(
        call("matchkeys", &[strs(&[]), strs(&[]), strs(&["x"])]),
        Ok(strs(&[]))
    );
    assert!(
        arg_err("matchkeys", &[strs(&["a"]), strs(&[]), strs(&[])], 1).contains("should be equal")
    );
}

#[test]
fn merge_combines_maps_and_objects_later_wins() {
    assert_eq!(
        call(
            "merge",
            &[
                str_map(&[("a", "b"), ("c", "d")]),
                str_map(&[("e", "f"), ("c", "z")])
            ]
        ),
        Ok(str_map(&[("a", "b"), ("c", "z"), ("e", "f")]))
    );
    assert_eq!(
        call("merge", &[obj(&[("a", n("1"))]), str_map(&[("b", "x")])]),
        Ok(obj(&[("a", n("1")), ("b", s("x"))]))
    );
    assert_eq!(
        call(
            "merge",
            &[null(Type::map(Type::String)), str_map(&[("a", "b")])]
        ),
        Ok(str_map(&[("a", "b")]))
    );
    // No arguments: the empty object, as go-cty's (and Terraform's) merge.
    assert_eq!(
        call("merge", &[]),
        Ok(Value::object(Vec::<(String, Value)>::new()))
    );
    assert_eq!(
        call_err("merge", &[str_map(&[]), strs(&["a"])]),
        "arguments must be maps or objects, got \"list of string\"."
    );
}

#[test]
fn merge_with_an_unknown_map_is_unknown_of_the_map_type() {
    assert_eq!(
        call(
            "merge",
            &[str_map(&[("a", "b")]), unknown(Type::map(Type::String))]
        ),
        Ok(unknown(Type::map(Type::String)))
    );
    let partly = Value::map(Type::String, [("a", unknown(Type::String))]).unwrap();
    assert_eq!(call("merge", std::slice::from_ref(&partly)), Ok(partly));
}

#[test]
fn one_returns_the_single_element_or_null() {
    assert_eq!(call("one", &[strs(&["a"])]), Ok(s("a")));
    assert_eq!(call("one", &[strs(&[])]), Ok(null(Type::String)));
    assert_eq!(call("one", &[tuple(vec![])]), Ok(null(Type::Dynamic)));
    assert!(arg_err("one", &[strs(&["a", "b"])], 0).contains("zero or one"));
    arg_err("one", &[s("a")], 0);
}

#[test]
fn range_generates_sequences() {
    assert_eq!(call("range", &[n("3")]), Ok(nums(&["0", "1", "2"])));
    assert_eq!(call("range", &[n("1"), n("4")]), Ok(nums(&["1", "2", "3"])));
    assert_eq!(
        call("range", &[n("1"), n("8"), n("2")]),
        Ok(nums(&["1", "3", "5", "7"]))
    );
    assert_eq!(
        call("range", &[n("1"), n("2"), n("0.5")]),
        Ok(nums(&["1", "1.5"]))
    );
    assert_eq!(call("range", &[n("4"), n("1")]), Ok(nums(&["4", "3", "2"])));
    assert_eq!(
        call("range", &[n("10"), n("5"), n("-2")]),
        Ok(nums(&["10", "8", "6"]))
    );
    assert_eq!(call("range", &[n("0")]), Ok(nums(&[])));
}

#[test]
fn range_errors_and_limit() {
    assert!(err("range", &[]).contains("one, two or three"));
    assert!(arg_err("range", &[n("1"), n("5"), n("0")], 2).contains("zero"));
    assert!(arg_err("range", &[n("1"), n("5"), n("-1")], 1).contains("less than start"));
    assert!(arg_err("range", &[n("5"), n("1"), n("1")], 1).contains("greater than start"));
    assert_eq!(call("range", &[n("1024")]).unwrap().len(), Some(1024));
    assert!(err("range", &[n("1025")]).contains("more than 1024"));
    assert!(err("range", &[n("1e300")]).contains("more than 1024"));
}

#[test]
fn reverse_reverses_lists_and_tuples() {
    assert_eq!(
        call("reverse", &[strs(&["a", "b", "c"])]),
        Ok(strs(&["c", "b", "a"]))
    );
    assert_eq!(
        call("reverse", &[tuple(vec![n("1"), s("x")])]),
        Ok(tuple(vec![s("x"), n("1")]))
    );
    assert_eq!(call("reverse", &[strs(&[])]), Ok(strs(&[])));
    // A set gives a list of its elements, last first, as in go-cty.
    assert_eq!(
        call("reverse", &[set_of(Type::String, vec![s("a"), s("b")])]),
        Ok(strs(&["b", "a"]))
    );
    assert_eq!(
        arg_err("reverse", &[s("ab")], 0),
        "can only reverse list or tuple values, not string."
    );
}

#[test]
fn set_operations() {
    let ab = set_of(Type::String, vec![s("a"), s("b")]);
    let bc = set_of(Type::String, vec![s("b"), s("c")]);
    assert_eq!(
        call("setintersection", &[ab.clone(), bc.clone()]),
        Ok(set_of(Type::String, vec![s("b")]))
    );
    assert_eq!(
        call("setunion", &[ab.clone(), bc.clone()]),
        Ok(set_of(Type::String, vec![s("a"), s("b"), s("c")]))
    );
    assert_eq!(
        call("setsubtract", &[ab.clone(), bc.clone()]),
        Ok(set_of(Type::String, vec![s("a")]))
    );
    assert_eq!(
        call("setintersection", std::slice::from_ref(&ab)),
        Ok(ab.clone())
    );
    assert_eq!(
        call("setunion", &[ab, set_of(Type::Number, vec![n("1")])]),
        Ok(set_of(Type::String, vec![s("a"), s("b"), s("1")]))
    );
    arg_err("setunion", &[s("a"), s("b")], 0);
}

#[test]
fn setproduct_builds_every_combination() {
    let r = call("setproduct", &[strs(&["a", "b"]), strs(&["x", "y"])]).unwrap();
    let ty = Type::tuple([Type::String, Type::String]);
    assert_eq!(
        r,
        Value::list(
            ty.clone(),
            [
                tuple(vec![s("a"), s("x")]),
                tuple(vec![s("a"), s("y")]),
                tuple(vec![s("b"), s("x")]),
                tuple(vec![s("b"), s("y")]),
            ]
        )
        .unwrap()
    );
    let sets = call(
        "setproduct",
        &[
            set_of(Type::String, vec![s("a")]),
            set_of(Type::Number, vec![n("1")]),
        ],
    )
    .unwrap();
    assert_eq!(
        sets.ty(),
        Type::set(Type::tuple([Type::String, Type::Number]))
    );
    assert_eq!(
        call("setproduct", &[strs(&[]), strs(&["x"])]),
        Ok(Value::empty_list(ty))
    );
    assert!(err("setproduct", &[strs(&["a"])]).contains("at least two"));
}

#[test]
fn setproduct_with_an_empty_tuple_is_an_empty_list() {
    // go-cty: an empty tuple has no element type to agree with, and the
    // product of anything with nothing is empty.
    let r = call("setproduct", &[tuple(vec![s("a")]), tuple(vec![])]).unwrap();
    assert_eq!(
        r,
        Value::empty_list(Type::tuple([Type::String, Type::Dynamic]))
    );
    // Through the native syntax, as written in a configuration.
    let ctx = hcl_json::EvalContext::new().with_stdlib();
    let v = hcl_json::Expression::parse(r#"setproduct(["a"], [])"#, "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v.len(), Some(0));
}

#[test]
fn setproduct_is_a_set_as_soon_as_one_argument_is_a_set() {
    let r = call(
        "setproduct",
        &[set_of(Type::String, vec![s("a")]), strs(&["x", "y"])],
    )
    .unwrap();
    assert_eq!(r.ty(), Type::set(Type::tuple([Type::String, Type::String])));
    assert_eq!(r.len(), Some(2));
}

#[test]
fn setproduct_refuses_huge_products() {
    let big: Vec<String> = (0..1100).map(|i| i.to_string()).collect();
    let refs: Vec<&str> = big.iter().map(String::as_str).collect();
    let list = strs(&refs);
    assert!(err("setproduct", &[list.clone(), list]).contains("limit"));
}

#[test]
fn slice_takes_a_range_of_indexes() {
    let list = strs(&["a", "b", "c", "d"]);
    assert_eq!(
        call("slice", &[list.clone(), n("1"), n("3")]),
        Ok(strs(&["b", "c"]))
    );
    assert_eq!(
        call("slice", &[list.clone(), n("2"), n("2")]),
        Ok(strs(&[]))
    );
    assert_eq!(
        call("slice", &[tuple(vec![n("1"), s("x")]), n("1"), n("2")]),
        Ok(tuple(vec![s("x")]))
    );
    assert!(arg_err("slice", &[list.clone(), n("-1"), n("2")], 1).contains("less than zero"));
    assert!(arg_err("slice", &[list.clone(), n("3"), n("2")], 2).contains("less than start"));
    assert!(arg_err("slice", &[list, n("0"), n("5")], 2).contains("greater than the length"));
}

#[test]
fn sort_orders_strings_lexicographically() {
    assert_eq!(
        call("sort", &[strs(&["e", "d", "a", "x", "B"])]),
        Ok(strs(&["B", "a", "d", "e", "x"]))
    );
    assert_eq!(call("sort", &[nums(&["10", "9"])]), Ok(strs(&["10", "9"])));
    let with_null = Value::list(Type::String, [null(Type::String)]).unwrap();
    assert!(call_err("sort", &[with_null]).contains("null"));
    let partly = Value::list(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("sort", &[partly]),
        Ok(unknown(Type::list(Type::String)))
    );
}

#[test]
fn sum_adds_exactly() {
    assert_eq!(call("sum", &[nums(&["10", "13", "6", "20"])]), Ok(n("49")));
    assert_eq!(
        call("sum", &[tuple(vec![n("0.1"), n("0.2")])]),
        Ok(n("0.3"))
    );
    assert_eq!(call("sum", &[strs(&["1", "2"])]), Ok(n("3")));
    assert!(arg_err("sum", &[nums(&[])], 0).contains("empty"));
    assert!(arg_err("sum", &[strs(&["a"])], 0).contains("number"));
    assert!(arg_err("sum", &[s("1")], 0).contains("list"));
}

#[test]
fn transpose_swaps_keys_and_values() {
    let lt = Type::list(Type::String);
    let input = Value::map(
        lt.clone(),
        [("a", strs(&["1", "2"])), ("b", strs(&["2", "3"]))],
    )
    .unwrap();
    let expected = Value::map(
        lt,
        [
            ("1", strs(&["a"])),
            ("2", strs(&["a", "b"])),
            ("3", strs(&["b"])),
        ],
    )
    .unwrap();
    assert_eq!(call("transpose", &[input]), Ok(expected));
}

#[test]
fn zipmap_pairs_keys_with_values() {
    assert_eq!(
        call("zipmap", &[strs(&["a", "b"]), strs(&["1", "2"])]),
        Ok(str_map(&[("a", "1"), ("b", "2")]))
    );
    assert_eq!(
        call("zipmap", &[strs(&["a", "b"]), tuple(vec![n("1"), s("x")])]),
        Ok(obj(&[("a", n("1")), ("b", s("x"))]))
    );
    assert!(call_err("zipmap", &[strs(&["a"]), strs(&[])]).contains("does not match"));
    call_err("zipmap", &[strs(&["a"]), s("x")]);
}
