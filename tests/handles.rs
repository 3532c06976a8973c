//! DESIGN.md "Handles, not lifetimes": the parsed file's handles are cheap,
//! `'static`, `Send + Sync`, and usable after the source text is gone.

use hcl_json::{Body, EvalContext, Expression, ExpressionClosure, File, Value};

fn assert_handle<T: Clone + Send + Sync + 'static>() {}

#[test]
fn handles_are_static_send_and_sync() {
    assert_handle::<File>();
    assert_handle::<Body>();
    assert_handle::<Expression>();
    assert_handle::<EvalContext>();
    assert_handle::<ExpressionClosure>();
    assert_handle::<Value>();
    fn assert_error<T: std::error::Error + Send + Sync + 'static>() {}
    assert_error::<hcl_json::Error>();
}

#[test]
fn expressions_outlive_their_source_text_and_move_across_threads() {
    let expr = {
        let src = String::from(r#"{"greeting": "Hello, ${who}!"}"#);
        let file = hcl_json::parse(&src, "t.json").unwrap();
        let attrs = file.body().just_attributes().unwrap();
        attrs["greeting"].expr.clone()
        // `src`, `file` and `attrs` are dropped here.
    };
    let value = std::thread::spawn(move || {
        let ctx = EvalContext::new().with_variable("who", "thread");
        expr.value(&ctx).unwrap()
    })
    .join()
    .unwrap();
    assert_eq!(value, Value::from("Hello, thread!"));
}

#[test]
fn handles_are_small() {
    // An `Arc` and an index or two: cheap to clone and to keep in a struct.
    let word = std::mem::size_of::<usize>();
    assert_eq!(std::mem::size_of::<File>(), word);
    assert!(std::mem::size_of::<Body>() <= 4 * word);
    assert_eq!(std::mem::size_of::<EvalContext>(), word);
    assert_eq!(std::mem::size_of::<hcl_json::Error>(), word);
}

/// Under contention: one parsed file decoded by 8 threads at once, 1 000
/// times each (a derive decode, with templates, calls and `try`), gives
/// the same result every time.
#[test]
fn one_file_decoded_by_eight_threads_at_once_gives_identical_results() {
    use hcl_json::HclDecode;

    #[derive(HclDecode, Debug, PartialEq)]
    struct Config {
        #[hcl(block)]
        resource: Vec<Resource>,
        #[hcl(attr)]
        region: String,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        #[hcl(attr)]
        tags: Value,
        #[hcl(attr)]
        count: Option<u32>,
    }

    let src = r#"{
      "region": "${upper(env)}-1",
      "resource": {
        "aws_instance": {
          "web": {"tags": {"Name": "web-${env}", "all": "${[for i in range(5) : i * 2]}"}, "count": "${length(zones)}"},
          "db": {"tags": {"Name": "${try(nosuch, \"db\")}", "set": "${distinct(concat(zones, zones))}"}}
        }
      }
    }"#;
    let file = hcl_json::parse(src, "main.tf.json").unwrap();
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_variable("env", "prod")
        .with_variable("zones", Value::tuple(["a", "b", "c"].map(Value::from)));
    let expected: Config = hcl_json::decode_body(&file.body(), &ctx).unwrap();
    assert_eq!(expected.region, "PROD-1");
    assert_eq!(expected.resource[0].count, Some(3));
    let results: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let (file, ctx, expected) = (file.clone(), ctx.clone(), &expected);
                scope.spawn(move || {
                    let mut same = 0;
                    for _ in 0..1000 {
                        let got: Config = hcl_json::decode_body(&file.body(), &ctx).unwrap();
                        same += usize::from(&got == expected);
                    }
                    same
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(results, vec![1000; 8]);
}
