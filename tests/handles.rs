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
