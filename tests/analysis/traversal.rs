//! `Traversal`: evaluation against a context, application to a value,
//! diagnostics on the failing step, display; closures across threads.

use hcl_json::{EvalContext, Expression, ExpressionClosure, Traversal, TraversalStep, Value};

fn attr(src: &str, name: &str) -> Expression {
    let attrs = hcl_json::parse(src, "t.json")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap();
    attrs[name].expr.clone()
}

fn web() -> Value {
    Value::object([
        ("id", Value::from("i-123")),
        ("ports", Value::tuple([Value::from(80), Value::from(443)])),
        ("tags", Value::object([("Name", Value::from("web"))])),
    ])
}

#[test]
fn evaluate_looks_up_the_root_then_applies_the_steps() {
    let ctx = EvalContext::new().with_variable("web", web());
    let src = r#"{"a": "web.ports[1]", "b": "web[\"tags\"].Name", "c": "web"}"#;
    assert_eq!(
        attr(src, "a")
            .abs_traversal()
            .unwrap()
            .evaluate(&ctx)
            .unwrap(),
        Value::from(443)
    );
    assert_eq!(
        attr(src, "b")
            .abs_traversal()
            .unwrap()
            .evaluate(&ctx)
            .unwrap(),
        Value::from("web")
    );
    assert_eq!(
        attr(src, "c")
            .abs_traversal()
            .unwrap()
            .evaluate(&ctx)
            .unwrap(),
        web()
    );
}

#[test]
fn unknown_variable_suggests_a_close_name() {
    let ctx = EvalContext::new().with_variable("web", web());
    let src = r#"{"a": "wbe.id", "b": "zzzzzz.id"}"#;
    let err = attr(src, "a")
        .abs_traversal()
        .unwrap()
        .evaluate(&ctx)
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Unknown variable");
    assert_eq!(
        d.detail,
        "There is no variable named \"wbe\". Did you mean \"web\"?"
    );
    assert_eq!(&src[d.subject.as_ref().unwrap().bytes()], "wbe");
    assert!(err.to_string().contains("^^^"), "{err}");
    let err = attr(src, "b")
        .abs_traversal()
        .unwrap()
        .evaluate(&ctx)
        .unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "There is no variable named \"zzzzzz\"."
    );
}

#[test]
fn a_failing_step_reports_hcls_message_on_its_range() {
    let ctx = EvalContext::new().with_variable("web", web());
    let src = r#"{"a": "web.nope.x", "b": "web.ports[5]", "c": "web.id.x"}"#;
    let cases = [
        ("a", "Unsupported attribute", ".nope"),
        ("b", "Invalid index", "[5]"),
        ("c", "Unsupported attribute", ".x"),
    ];
    for (name, summary, subject) in cases {
        let t = attr(src, name).abs_traversal().unwrap();
        let err = t.evaluate(&ctx).unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, summary, "{name}");
        assert_eq!(&src[d.subject.as_ref().unwrap().bytes()], subject);
        // The same message as the value layer gives, which evaluation uses.
        let direct = match name {
            "a" => web().get_attr_hcl("nope").unwrap_err(),
            "b" => web()
                .get_attr_hcl("ports")
                .unwrap()
                .index_hcl(&Value::from(5))
                .unwrap_err(),
            _ => web()
                .get_attr_hcl("id")
                .unwrap()
                .get_attr_hcl("x")
                .unwrap_err(),
        };
        assert_eq!(d.detail, direct.detail);
    }
}

#[test]
fn relative_traversals_apply_to_a_chosen_value() {
    let t = attr(r#"{"a": "tags.Name"}"#, "a").rel_traversal().unwrap();
    assert_eq!(t.apply(&web()).unwrap(), Value::from("web"));
    let err = t.evaluate(&EvalContext::new()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid traversal");
}

#[test]
fn absolute_apply_skips_the_root() {
    let t = attr(r#"{"a": "anything.ports[0]"}"#, "a")
        .abs_traversal()
        .unwrap();
    assert_eq!(t.apply(&web()).unwrap(), Value::from(80));
}

#[test]
fn unknown_values_propagate() {
    let ctx = EvalContext::new().with_variable("web", Value::dynamic());
    let t = attr(r#"{"a": "web.ports[0]"}"#, "a")
        .abs_traversal()
        .unwrap();
    assert_eq!(t.evaluate(&ctx).unwrap(), Value::dynamic());
}

#[test]
fn built_traversals_can_splat() {
    let r = || hcl_json::Range::at("x", hcl_json::Pos::default());
    let t = Traversal::new(vec![
        TraversalStep::Root {
            name: "all".into(),
            range: r(),
        },
        TraversalStep::Splat { range: r() },
        TraversalStep::Attr {
            name: "id".into(),
            range: r(),
        },
    ]);
    assert_eq!(t.to_string(), "all[*].id");
    let list = Value::tuple([web(), web()]);
    assert_eq!(
        t.apply(&list).unwrap(),
        Value::tuple([Value::from("i-123"), Value::from("i-123")])
    );
    assert_eq!(
        t.apply(&web()).unwrap(),
        Value::tuple([Value::from("i-123")])
    );
    assert_eq!(
        t.apply(&Value::null(hcl_json::Type::Dynamic)).unwrap(),
        Value::tuple([])
    );
    assert!(Traversal::new(vec![]).steps().is_empty());
}

#[test]
fn display_writes_the_reference_as_written() {
    let src = r#"{"a": "aws_instance.web[0].id", "b": "m[\"a \\\"b\\\"\"]", "c": "x.0"}"#;
    assert_eq!(
        attr(src, "a").abs_traversal().unwrap().to_string(),
        "aws_instance.web[0].id"
    );
    assert_eq!(
        attr(src, "b").abs_traversal().unwrap().to_string(),
        r#"m["a \"b\""]"#
    );
    assert_eq!(attr(src, "c").abs_traversal().unwrap().to_string(), "x[0]");
}

#[test]
fn closures_can_be_evaluated_on_another_thread() {
    let expr = attr(r#"{"a": {"port": 8080, "tags": ["x"]}}"#, "a");
    let closure = ExpressionClosure {
        expression: expr,
        context: EvalContext::new().with_variable("unused", 1),
    };
    let handle = std::thread::spawn(move || closure.value());
    let value = handle.join().unwrap().unwrap();
    assert_eq!(value.get_attr("port"), Some(&Value::from(8080)));

    fn assert_send_sync<T: Send + Sync + 'static>() {}
    assert_send_sync::<Traversal>();
    assert_send_sync::<hcl_json::StaticCall>();
}

/// A traversal `root[*][*]...[*]` with `splats` splats, at ranges `x:1,1`.
fn splats(splats: usize) -> Traversal {
    let r = || hcl_json::Range::at("x", hcl_json::Pos::default());
    let mut steps = vec![TraversalStep::Root {
        name: "v".into(),
        range: r(),
    }];
    steps.extend((0..splats).map(|_| TraversalStep::Splat { range: r() }));
    Traversal::new(steps)
}

#[test]
fn evaluate_charges_splats_to_the_evaluation_budget() {
    // Each splat makes a tuple of as many elements as it visits; the
    // steps limit stops the second one's second element.
    let v = Value::tuple(vec![Value::tuple(vec![Value::from(1); 500]); 1000]);
    let limits = hcl_json::Limits::default().with_max_steps(1500);
    let ctx = EvalContext::new().with_variable("v", v).with_limits(limits);
    let err = splats(2).evaluate(&ctx).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(
        d.kind,
        hcl_json::DiagnosticKind::LimitExceeded {
            limit: hcl_json::diag::Limit::Steps
        }
    );
    assert_eq!(
        d.detail,
        "This expression takes more than 1500 steps (loop iterations, function calls and values visited), the evaluation limit of steps; raise it with `Limits::with_max_steps` (`EvalContext::with_limits`) if this input is trusted."
    );
    assert_eq!(d.subject, Some(splats(2).range()));
    // The same traversal within the default budget.
    let ctx = ctx.with_limits(hcl_json::Limits::default());
    assert_eq!(splats(2).evaluate(&ctx).unwrap().len(), Some(1000));
}

#[test]
fn evaluate_refuses_more_splats_than_the_depth_limit() {
    // Every splat of a scalar nests it one tuple deeper: 100 000 splats
    // would overflow the stack.
    let ctx = EvalContext::new().with_variable("v", 1);
    let err = splats(100_000).evaluate(&ctx).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(
        d.kind,
        hcl_json::DiagnosticKind::LimitExceeded {
            limit: hcl_json::diag::Limit::Depth
        }
    );
    assert_eq!(
        d.detail,
        "This expression nests values or evaluations more than 128 levels deep, the evaluation limit of depth; raise it with `Limits::with_max_depth` (`EvalContext::with_limits`) if this input is trusted."
    );
    assert_eq!(d.subject, Some(splats(100_000).range()));
    // 128 splats nest 128 tuples.
    let mut v = splats(128).evaluate(&ctx).unwrap();
    for _ in 0..128 {
        v = v.get_index(0).unwrap().clone();
    }
    assert_eq!(v, Value::from(1));
}
