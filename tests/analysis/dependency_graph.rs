//! The graph code of `examples/dependencies.rs` (interdependent blocks):
//! the order comes from `Expression::variables` alone, and a cycle is found
//! without evaluating anything.

#[allow(dead_code)]
#[allow(unreachable_pub)] // the example's items are public to its own binary
#[path = "../../examples/dependencies.rs"]
mod dependencies;

use dependencies::{evaluation_order, load, sort, CYCLE_SOURCE};

fn names(defs: &[dependencies::Definition], order: &[usize]) -> Vec<String> {
    order.iter().map(|&i| defs[i].name.clone()).collect()
}

#[test]
fn blocks_are_ordered_after_the_blocks_they_refer_to() {
    let src = include_str!("../../examples/data/dependencies.hcl.json");
    let file = hcl_json::parse(src, "dependencies.hcl.json").unwrap();
    let defs = load(&file).unwrap();
    let order = evaluation_order(&defs, &file).unwrap();
    assert_eq!(
        names(&defs, &order),
        ["name", "base", "offset", "answer", "greeting", "summary"]
    );
    // Every reference is to a block evaluated earlier.
    for (pos, &i) in order.iter().enumerate() {
        for (dep, range) in &defs[i].deps {
            let dep_pos = order.iter().position(|j| j == dep).unwrap();
            assert!(dep_pos < pos);
            assert_eq!(&src[range.bytes()], defs[*dep].name);
        }
    }
}

#[test]
fn a_cycle_is_a_diagnostic_naming_its_blocks() {
    let file = hcl_json::parse(CYCLE_SOURCE, "cycle.hcl.json").unwrap();
    let defs = load(&file).unwrap();
    let cycle = sort(&defs).unwrap_err();
    let in_cycle: Vec<_> = cycle
        .iter()
        .map(|(from, to, _)| (defs[*from].name.as_str(), defs[*to].name.as_str()))
        .collect();
    assert_eq!(in_cycle, [("a", "b"), ("b", "c"), ("c", "a")]);

    let err = evaluation_order(&defs, &file).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Dependency cycle");
    assert_eq!(&CYCLE_SOURCE[d.subject.as_ref().unwrap().bytes()], "b");
    assert_eq!(&CYCLE_SOURCE[d.context.as_ref().unwrap().bytes()], "\"a\"");
    for name in [
        "\"a\" refers to \"b\" at cycle.hcl.json:3,22-23",
        "\"b\" refers to \"c\"",
        "\"c\" refers to \"a\"",
    ] {
        assert!(d.detail.contains(name), "{}", d.detail);
    }
}

#[test]
fn a_block_referring_to_itself_is_a_cycle() {
    let src = r#"{"value": {"x": {"expr": "${x + 1}"}, "y": {"expr": 1}}}"#;
    let file = hcl_json::parse(src, "t.json").unwrap();
    let defs = load(&file).unwrap();
    assert_eq!(sort(&defs).unwrap_err().len(), 1);
}

#[test]
fn duplicate_names_are_reported() {
    let src = r#"{"value": [{"x": {"expr": 1}}, {"x": {"expr": 2}}]}"#;
    let file = hcl_json::parse(src, "t.json").unwrap();
    let err = load(&file).expect_err("duplicate");
    assert_eq!(err.diagnostics()[0].summary, "Duplicate value");
}

#[test]
fn plain_json_values_evaluate() {
    // Plain JSON values need no template evaluation.
    let src = r#"{"value": {"a": {"expr": [1, 2]}, "b": {"expr": {"k": true}}}}"#;
    let file = hcl_json::parse(src, "t.json").unwrap();
    let values = dependencies::evaluate_all(&file).unwrap();
    assert_eq!(values.len(), 2);
    assert_eq!(values["a"], hcl_json::Value::tuple([1.into(), 2.into()]));
}

#[test]
fn blocks_evaluate_in_dependency_order() {
    let src = include_str!("../../examples/data/dependencies.hcl.json");
    let file = hcl_json::parse(src, "dependencies.hcl.json").unwrap();
    let values = dependencies::evaluate_all(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(values["answer"], hcl_json::Value::from(42));
    assert_eq!(
        values["greeting"],
        hcl_json::Value::from("Hello, world! The answer is 42.")
    );
}
