//! Body processing per json-spec.md "Bodies" and "Blocks", and hcl-spec.md
//! "Schema-driven Processing", "Partial Processing", "Dynamic Attributes".

use hcl_json::{Block, BodySchema, Error};

fn body(src: &str) -> hcl_json::Body {
    hcl_json::parse(src, "test.json")
        .unwrap_or_else(|e| panic!("{e}"))
        .body()
}

/// `type label label -> child_attr source` for each block, in order.
fn show_blocks(blocks: &[Block]) -> Vec<String> {
    blocks
        .iter()
        .map(|b| {
            let attrs = b.body.just_attributes().unwrap();
            let attrs: Vec<String> = attrs
                .values()
                .map(|a| format!("{}={}", a.name, a.expr.source_text()))
                .collect();
            let mut head = vec![b.type_name.clone()];
            head.extend(b.labels.iter().cloned());
            format!("{} -> {}", head.join(" "), attrs.join(","))
        })
        .collect()
}

fn first_diag(err: &Error) -> (String, String, String) {
    let d = &err.diagnostics()[0];
    let r = d.subject.as_ref().expect("subject");
    (
        d.summary.clone(),
        d.detail.clone(),
        format!(
            "{}:{}-{}:{}",
            r.start.line, r.start.column, r.end.line, r.end.column
        ),
    )
}

#[test]
fn attribute_definition_by_schema() {
    let b = body(r#"{ "foo": "bar baz" }"#);
    let content = b
        .content(&BodySchema::new().attribute("foo", true))
        .unwrap();
    let foo = &content.attributes["foo"];
    assert_eq!(foo.expr.source_text(), "\"bar baz\"");
    assert_eq!(foo.name_range.start.column, 3);
    assert_eq!(foo.range.end.column, 19);
}

#[test]
fn block_without_labels_in_object_and_array_forms() {
    let schema = BodySchema::new().block("foo", &[]);
    let one = body(r#"{ "foo": { "child_attr": "baz" } }"#)
        .content(&schema)
        .unwrap();
    assert_eq!(show_blocks(&one.blocks), ["foo -> child_attr=\"baz\""]);
    let two = body(r#"{ "foo": [ { "child_attr": "baz" }, { "child_attr": "boz" } ] }"#)
        .content(&schema)
        .unwrap();
    assert_eq!(
        show_blocks(&two.blocks),
        ["foo -> child_attr=\"baz\"", "foo -> child_attr=\"boz\""]
    );
    let none = body(r#"{ "foo": [] }"#).content(&schema).unwrap();
    assert!(none.blocks.is_empty());
    let null = body(r#"{ "foo": null }"#).content(&schema).unwrap();
    assert!(null.blocks.is_empty());
}

#[test]
fn all_two_label_forms_of_the_spec_yield_the_same_blocks_in_order() {
    let schema = BodySchema::new().block("foo", &["a", "b"]);
    let forms = [
        r#"{ "foo": { "bar": { "baz": { "child_attr": "baz" }, "boz": { "child_attr": "baz" } }, "boz": { "baz": { "child_attr": "baz" } } } }"#,
        r#"{ "foo": { "bar": { "baz": { "child_attr": "baz" }, "boz": { "child_attr": "baz" } }, "boz": { "baz": [ { "child_attr": "baz" }, { "child_attr": "boz" } ] } } }"#,
        r#"{ "foo": [ { "bar": { "baz": { "child_attr": "baz" }, "boz": { "child_attr": "baz" } } }, { "bar": { "baz": [ { "child_attr": "baz" }, { "child_attr": "boz" } ] } } ] }"#,
        r#"{ "foo": { "bar": { "baz": { "child_attr": "baz" }, "boz": { "child_attr": "baz" } }, "bar": { "baz": [ { "child_attr": "baz" }, { "child_attr": "boz" } ] } } }"#,
    ];
    let expected: [&[&str]; 4] = [
        &[
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar boz -> child_attr=\"baz\"",
            "foo boz baz -> child_attr=\"baz\"",
        ],
        &[
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar boz -> child_attr=\"baz\"",
            "foo boz baz -> child_attr=\"baz\"",
            "foo boz baz -> child_attr=\"boz\"",
        ],
        &[
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar boz -> child_attr=\"baz\"",
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar baz -> child_attr=\"boz\"",
        ],
        &[
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar boz -> child_attr=\"baz\"",
            "foo bar baz -> child_attr=\"baz\"",
            "foo bar baz -> child_attr=\"boz\"",
        ],
    ];
    for (src, want) in forms.iter().zip(expected) {
        let content = body(src).content(&schema).unwrap();
        assert_eq!(show_blocks(&content.blocks), want, "{src}");
    }
}

#[test]
fn labels_in_array_form_keep_source_order() {
    let schema = BodySchema::new().block("resource", &["type", "name"]);
    let content = body(
        r#"{"resource": [{"aws_instance": {"b": {}}}, {"aws_instance": {"a": {}}}, {"aws_s3_bucket": [{"c": {}}]}]}"#,
    )
    .content(&schema)
    .unwrap();
    let labels: Vec<_> = content.blocks.iter().map(|b| b.labels.join(".")).collect();
    assert_eq!(
        labels,
        ["aws_instance.b", "aws_instance.a", "aws_s3_bucket.c"]
    );
}

#[test]
fn block_ranges_point_at_type_labels_and_body() {
    let src = "{\n  \"resource\": {\"t\": {\"n\": {\"x\": 1}}}\n}";
    let content = body(src)
        .content(&BodySchema::new().block("resource", &["type", "name"]))
        .unwrap();
    let b = &content.blocks[0];
    assert_eq!((b.type_range.start.line, b.type_range.start.column), (2, 3));
    assert_eq!(b.type_range.end.column, 13);
    assert_eq!(b.label_ranges[0].start.column, 16);
    assert_eq!(b.label_ranges[1].start.column, 22);
    assert_eq!(b.def_range.start.column, 27);
}

#[test]
fn root_body_may_be_an_array_of_objects() {
    let content = body(r#"[{"a": 1}, {"b": 2}]"#)
        .content(&BodySchema::new().attribute("a", true).attribute("b", true))
        .unwrap();
    assert_eq!(content.attributes.len(), 2);
}

#[test]
fn comment_properties_are_ignored_in_bodies_only() {
    let schema = BodySchema::new().attribute("a", false).block("b", &["l"]);
    let content = body(
        r#"{"//": "about a", "a": {"//": "kept"}, "b": {"//": {"//": "body comment", "x": 1}}}"#,
    )
    .content(&schema)
    .unwrap();
    assert_eq!(
        content.attributes["a"].expr.source_text(),
        r#"{"//": "kept"}"#
    );
    // At the label level "//" is a label like any other.
    assert_eq!(content.blocks[0].labels, ["//"]);
    let attrs = content.blocks[0].body.just_attributes().unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["x"]);
}

#[test]
fn extraneous_property_suggests_the_closest_name() {
    let err = body("{\n  \"regoin\": \"x\",\n  \"zzz\": 1\n}")
        .content(&BodySchema::new().attribute("region", false))
        .unwrap_err();
    assert_eq!(err.diagnostics().len(), 2, "all problems at once");
    assert_eq!(
        first_diag(&err),
        (
            "Extraneous JSON object property".into(),
            "No argument or block type is named \"regoin\". Did you mean \"region\"?".into(),
            "2:3-2:11".into()
        )
    );
    assert_eq!(
        err.diagnostics()[1].detail,
        "No argument or block type is named \"zzz\"."
    );
}

#[test]
fn missing_required_argument_points_at_closing_brace() {
    let err = body("{\n  \"a\": 1\n}")
        .content(&BodySchema::new().attribute("a", true).attribute("b", true))
        .unwrap_err();
    assert_eq!(
        first_diag(&err),
        (
            "Missing required argument".into(),
            "The argument \"b\" is required, but no definition was found.".into(),
            "3:1-3:2".into()
        )
    );
}

#[test]
fn duplicate_argument_names_the_first_definition() {
    let err = body("{\"a\": 1,\n \"a\": 2}")
        .content(&BodySchema::new().attribute("a", false))
        .unwrap_err();
    assert_eq!(
        first_diag(&err),
        (
            "Duplicate argument".into(),
            "The argument \"a\" was already set at test.json:1,2-8.".into(),
            "2:2-2:5".into()
        )
    );
}

#[test]
fn wrong_json_types_for_blocks_and_labels() {
    let schema = BodySchema::new().block("b", &[]).block("l", &["name"]);
    let err = body(r#"{"b": 1, "l": "x", "b": [1]}"#)
        .content(&schema)
        .unwrap_err();
    let details: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "Either a JSON object or a JSON array is required, representing the contents of one or more \"b\" blocks.",
            "Either a JSON object or JSON array of objects is required here, to specify name labels for this block.",
        ]
    );
    // An array element that is not an object is found when its body is read.
    let ok = body(r#"{"b": [1]}"#).content(&schema).unwrap();
    let err = ok.blocks[0].body.content(&BodySchema::new()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Incorrect JSON value type");
}

#[test]
fn too_few_labels_is_missing_block_label() {
    let schema = BodySchema::new().block("resource", &["type", "name"]);
    let err = body(r#"{"resource": {"aws_instance": {}}}"#)
        .content(&schema)
        .unwrap_err();
    assert_eq!(
        first_diag(&err),
        (
            "Missing block label".into(),
            "At least one object property is required, whose name represents the resource block's name.".into(),
            "1:31-1:32".into()
        )
    );
}

#[test]
fn partial_content_leaves_the_rest() {
    let b = body(r#"{"a": 1, "b": 2, "c": {"x": 1}, "d": 4}"#);
    let (content, rest) = b
        .partial_content(&BodySchema::new().attribute("a", false))
        .unwrap();
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["a"]);
    let (second, rest2) = rest
        .partial_content(&BodySchema::new().block("c", &[]).attribute("b", true))
        .unwrap();
    assert_eq!(second.attributes.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(second.blocks.len(), 1);
    let left = rest2.just_attributes().unwrap();
    assert_eq!(left.keys().collect::<Vec<_>>(), ["d"]);
    // The rest with its own schema equals one pass with the union.
    let union = BodySchema::new()
        .attribute("a", false)
        .attribute("b", true)
        .block("c", &[])
        .attribute("d", false);
    let once = b.content(&union).unwrap();
    assert_eq!(once.attributes.len(), 3);
    assert_eq!(once.blocks.len(), 1);
    // Content of the rest rejects what no schema named, but not what the
    // first pass took.
    let err = rest
        .content(&BodySchema::new().attribute("b", false))
        .unwrap_err();
    let names: Vec<_> = err.diagnostics().iter().map(|d| d.detail.clone()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn just_attributes_requires_a_single_object() {
    let err = body(r#"[{"a": 1}]"#).just_attributes().unwrap_err();
    assert_eq!(
        first_diag(&err),
        (
            "Incorrect JSON value type".into(),
            "A JSON object is required here, setting the arguments for this block.".into(),
            "1:1-1:2".into()
        )
    );
    let err = body(r#"{"a": 1, "a": 2}"#).just_attributes().unwrap_err();
    assert_eq!(first_diag(&err).0, "Duplicate attribute definition");
}

#[test]
fn invalid_schema_is_rejected() {
    let b = body("{}");
    for schema in [
        BodySchema::new().attribute("a", false).attribute("a", true),
        BodySchema::new().attribute("a", false).block("a", &[]),
        BodySchema::new().block("a", &[]).block("a", &["x"]),
    ] {
        let err = b.content(&schema).unwrap_err();
        assert_eq!(err.diagnostics()[0].summary, "Invalid schema");
    }
}

#[test]
fn odd_shapes_never_panic() {
    let schema = BodySchema::new()
        .attribute("a", true)
        .block("b", &["x", "y"])
        .block("c", &[]);
    for src in [
        "{}",
        "[]",
        r#"{"b": null}"#,
        r#"{"b": []}"#,
        r#"{"b": [null, 1, "x", []]}"#,
        r#"{"b": {"x": null}}"#,
        r#"{"b": {"x": {"y": [1, null, {}]}}}"#,
        r#"{"c": [[{}]], "a": {"b": 1}}"#,
        r#"[{"a": 1}, {"a": 2}, {"c": 3}]"#,
    ] {
        if let Ok(content) = body(src).content(&schema) {
            for block in content.blocks {
                let _ = block.body.content(&schema);
                let _ = block.body.just_attributes();
            }
        }
    }
}

// ---------------------------------------------------------------------
// Native syntax: the same body model, and twins of the JSON rules above.

fn native(src: &str) -> hcl_json::Body {
    hcl_json::parse_native(src, "test.tf")
        .unwrap_or_else(|e| panic!("{e}"))
        .body()
}

/// (summary, detail, byte range) of every diagnostic.
fn all_diags(err: &Error) -> Vec<(String, String, std::ops::Range<usize>)> {
    err.diagnostics()
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().map_or(0..0, hcl_json::Range::bytes);
            (d.summary.clone(), d.detail.clone(), r)
        })
        .collect()
}

#[test]
fn native_and_json_twins_give_the_same_content() {
    let schema = BodySchema::new()
        .attribute("region", true)
        .block("resource", &["type", "name"])
        .block("locals", &[]);
    let json = body(
        r#"{"region": "eu", "resource": {"aws_instance": {"web": {"ami": "a"}, "db": {"ami": "b"}}}, "locals": {"x": 1}}"#,
    );
    let nat = native(
        "region = \"eu\"\nresource \"aws_instance\" \"web\" {\n  ami = \"a\"\n}\nresource aws_instance db { ami = \"b\" }\nlocals {\n  x = 1\n}\n",
    );
    let a = json.content(&schema).unwrap();
    let b = nat.content(&schema).unwrap();
    assert_eq!(show_blocks(&a.blocks), show_blocks(&b.blocks));
    let ctx = hcl_json::EvalContext::new();
    assert_eq!(
        a.attributes["region"].expr.value(&ctx).unwrap(),
        b.attributes["region"].expr.value(&ctx).unwrap()
    );
}

#[test]
fn native_ranges_are_exact() {
    let src = "service \"web\" {\n  port = 80\n}\n";
    let content = native(src)
        .content(&BodySchema::new().block("service", &["name"]))
        .unwrap();
    let block = &content.blocks[0];
    assert_eq!(&src[block.type_range.bytes()], "service");
    assert_eq!(&src[block.label_ranges[0].bytes()], "\"web\"");
    assert_eq!(&src[block.def_range.bytes()], "service \"web\"");
    let attrs = block.body.just_attributes().unwrap();
    let port = &attrs["port"];
    assert_eq!(&src[port.range.bytes()], "port = 80");
    assert_eq!(&src[port.name_range.bytes()], "port");
    assert_eq!(&src[port.expr.range().bytes()], "80");
    assert_eq!(port.expr.range().start.line, 2);
    assert_eq!(port.expr.range().start.column, 10);
}

#[test]
fn native_unsupported_items_get_hcl_wording_and_suggestions() {
    let schema = BodySchema::new()
        .attribute("name", true)
        .attribute("count", false)
        .block("svc", &[]);
    let err = native("count = 1\nnamex = \"a\"\nsvc = 1\ncount {\n}\n")
        .content(&schema)
        .unwrap_err();
    assert_eq!(
        all_diags(&err),
        [
            (
                "Unsupported argument".into(),
                "An argument named \"namex\" is not expected here. Did you mean \"name\"?".into(),
                10..15
            ),
            (
                "Unsupported argument".into(),
                "An argument named \"svc\" is not expected here. Did you mean to define a block of type \"svc\"?".into(),
                22..25
            ),
            (
                "Unsupported block type".into(),
                "Blocks of type \"count\" are not expected here. Did you mean to define argument \"count\"? If so, use the equals sign to assign it a value.".into(),
                30..35
            ),
            (
                "Missing required argument".into(),
                "The argument \"name\" is required, but no definition was found.".into(),
                0..0
            ),
        ]
    );
}

#[test]
fn native_label_counts_are_checked_against_the_schema() {
    let schema = BodySchema::new().block("res", &["kind", "name"]);
    let err = native("res \"a\" {\n}\nres \"a\" \"b\" \"c\" {\n}\n")
        .content(&schema)
        .unwrap_err();
    assert_eq!(
        all_diags(&err),
        [
            (
                "Missing name for res".into(),
                "All res blocks must have 2 labels (kind, name).".into(),
                8..9
            ),
            (
                "Extraneous label for res".into(),
                "Only 2 labels (kind, name) are expected for res blocks.".into(),
                24..27
            ),
        ]
    );
    let err = native("res \"a\" {}\n")
        .content(&BodySchema::new().block("res", &[]))
        .unwrap_err();
    assert_eq!(
        all_diags(&err)[0].1,
        "No labels are expected for res blocks."
    );
}

#[test]
fn native_partial_content_leaves_the_rest_for_a_second_schema() {
    let body = native("a = 1\nb = 2\nblk {\n}\n");
    let (first, rest) = body
        .partial_content(&BodySchema::new().attribute("a", false))
        .unwrap();
    assert_eq!(first.attributes.keys().collect::<Vec<_>>(), ["a"]);
    let second = rest
        .content(&BodySchema::new().attribute("b", true).block("blk", &[]))
        .unwrap();
    assert_eq!(second.attributes.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(second.blocks.len(), 1);
    // The rest no longer shows `a`.
    let err = rest
        .content(
            &BodySchema::new()
                .attribute("b", false)
                .block("blk", &[])
                .attribute("a", true),
        )
        .unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Missing required argument");
}

#[test]
fn native_just_attributes_refuses_blocks() {
    let err = native("a = 1\nb {\n}\nc {\n}\n")
        .just_attributes()
        .unwrap_err();
    assert_eq!(
        all_diags(&err),
        [(
            "Unexpected \"b\" block".into(),
            "Blocks are not allowed here.".into(),
            6..7
        )]
    );
    let attrs = native("a = 1\nb = [2]\n").just_attributes().unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn native_attributes_may_not_be_redefined_unlike_json_properties() {
    let err = hcl_json::parse_native("a = 1\na = 2\n", "t.tf").unwrap_err();
    assert_eq!(
        all_diags(&err),
        [(
            "Attribute redefined".into(),
            "The argument \"a\" was already set at t.tf:1,1-2. Each argument may be set only once."
                .into(),
            6..7
        )]
    );
}

#[test]
fn merged_bodies_read_as_one_with_duplicates_pointing_into_the_right_file() {
    let a = hcl_json::parse_native("region = \"eu\"\nresource \"x\" \"a\" {}\n", "a.tf").unwrap();
    let b = hcl_json::parse(
        r#"{"resource": {"x": {"b": {}}}, "region": "us"}"#,
        "b.tf.json",
    )
    .unwrap();
    let module = hcl_json::Body::merge(&[a.body(), b.body()]);
    let schema = BodySchema::new()
        .attribute("region", false)
        .block("resource", &["type", "name"]);
    let err = module.content(&schema).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Duplicate argument");
    assert_eq!(
        d.detail,
        "Argument \"region\" was already set at a.tf:1,1-7"
    );
    let subject = d.subject.as_ref().unwrap();
    assert_eq!(&*subject.filename, "b.tf.json");
    assert_eq!(&b.source()[subject.bytes()], "\"region\"");
    // The error renders snippets of both files.
    let rendered = err.to_string();
    assert!(
        rendered.contains("on b.tf.json line 1, column 32"),
        "{rendered}"
    );

    let c = hcl_json::parse_native("resource \"x\" \"c\" {}\n", "c.tf").unwrap();
    let module = hcl_json::Body::merge(&[a.body(), b.body(), c.body()]);
    let (content, rest) = module
        .partial_content(&BodySchema::new().block("resource", &["type", "name"]))
        .unwrap();
    let names: Vec<&str> = content
        .blocks
        .iter()
        .map(|b| b.labels[1].as_str())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    let err = rest.just_attributes().unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Duplicate argument");
}

#[test]
fn merged_required_attribute_missing_everywhere() {
    let a = native("x = 1\n");
    let b = body(r#"{"y": 1}"#);
    let err = hcl_json::Body::merge(&[a, b])
        .content(
            &BodySchema::new()
                .attribute("x", false)
                .attribute("y", false)
                .attribute("z", true),
        )
        .unwrap_err();
    assert_eq!(
        all_diags(&err),
        [(
            "Missing required argument".into(),
            "The argument \"z\" is required, but was not set.".into(),
            0..0
        )]
    );
}

#[test]
fn parse_auto_and_parse_file_pick_the_syntax_by_extension() {
    use hcl_json::Syntax;
    assert_eq!(
        hcl_json::parse_auto("a = 1\n", "x.hcl").unwrap().syntax(),
        Syntax::Native
    );
    assert_eq!(
        hcl_json::parse_auto("{}", "x.tf.json").unwrap().syntax(),
        Syntax::Json
    );
    let dir = std::env::temp_dir().join(format!("hcl-json-native-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.tf");
    std::fs::write(&path, "a = 1\n").unwrap();
    let file = hcl_json::parse_file(&path).unwrap();
    assert_eq!(file.syntax(), Syntax::Native);
    let err = hcl_json::parse_file(dir.join("missing.tf")).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Failed to read file");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn native_invalid_utf8_is_reported_at_its_byte() {
    let err = hcl_json::parse_native_bytes(b"a = 1\nb = \"\xff\"\n", "t.tf").unwrap_err();
    assert_eq!(
        all_diags(&err),
        [(
            "Invalid character encoding".into(),
            "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.".into(),
            11..12
        )]
    );
    // The same through a file read (whose bytes the file keeps).
    let dir = std::env::temp_dir().join(format!("hcl-json-native-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.tf");
    std::fs::write(&path, b"a = 1\nb = \"\xff\"\n").unwrap();
    let err = hcl_json::parse_file(&path).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        all_diags(&err),
        [(
            "Invalid character encoding".into(),
            "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.".into(),
            11..12
        )]
    );
}

/// Each comment of a native body as `(source text, value, byte range)`.
fn native_comments(body: &hcl_json::Body) -> Vec<(String, String, std::ops::Range<usize>)> {
    body.comments()
        .iter()
        .map(|c| {
            let value = c.value(&hcl_json::EvalContext::literal()).unwrap();
            let value = value.as_str().unwrap().to_string();
            (c.source_text().to_string(), value, c.range().bytes())
        })
        .collect()
}

#[test]
fn native_comments_of_every_kind_are_reported_with_exact_ranges() {
    let src = "# hash\r\n// slash\na = 1 /* inline */\n/* multi\nline */ b = 2 # end";
    let found = native_comments(&native(src));
    let at = |text: &str| {
        let start = src.find(text).unwrap();
        (
            text.to_string(),
            text.to_string(),
            start..start + text.len(),
        )
    };
    assert_eq!(
        found,
        [
            at("# hash"),
            at("// slash"),
            at("/* inline */"),
            at("/* multi\nline */"),
            at("# end"),
        ]
    );
    let comments = native(src).comments();
    assert_eq!(comments[1].range().to_string(), "test.tf:2,1-9");
    assert_eq!(comments[3].range().to_string(), "test.tf:4,1-5,8");
}

#[test]
fn native_comments_belong_to_the_body_they_are_written_in() {
    let src = "# top\nouter \"x\" /* header */ {\n  # inner\n  inner { # deepest\n  }\n  v = {\n    k = 1 # in a value\n  }\n}\n# last\n";
    let root = native(src);
    let texts = |body: &hcl_json::Body| -> Vec<String> {
        native_comments(body).into_iter().map(|c| c.0).collect()
    };
    assert_eq!(texts(&root), ["# top", "/* header */", "# last"]);
    let schema = BodySchema::new().block("outer", &["name"]);
    let outer = &root.content(&schema).unwrap().blocks[0].body;
    assert_eq!(texts(outer), ["# inner", "# in a value"]);
    let schema = BodySchema::new().block("inner", &[]).attribute("v", false);
    let inner = &outer.content(&schema).unwrap().blocks[0].body;
    assert_eq!(texts(inner), ["# deepest"]);
}

#[test]
fn native_comment_markers_inside_strings_and_heredocs_are_text() {
    let src =
        "a = \"# not ${ \"// no\" } /* no */\"\nb = <<EOT\n# not\nEOT\n# yes\nc = \"\\\" # no\"\n";
    let found: Vec<String> = native_comments(&native(src))
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(found, ["# yes"]);
}

#[test]
fn merged_bodies_list_the_comments_of_each_syntax_in_order() {
    let json = hcl_json::parse(r#"{"//": "from json", "a": 1}"#, "a.tf.json").unwrap();
    let tf = hcl_json::parse_native("b = 2 # from native\n", "b.tf").unwrap();
    let merged = hcl_json::Body::merge(&[json.body(), tf.body()]);
    let texts: Vec<String> = merged
        .comments()
        .iter()
        .map(|c| c.source_text().to_string())
        .collect();
    assert_eq!(texts, ["\"from json\"", "# from native"]);
}

// ---------------------------------------------------------------- walk

mod walk {
    use hcl_json::body::{BodyItem, PropertyValue};
    use hcl_json::{BodySchema, EvalContext, Value};

    fn names(items: &[BodyItem]) -> Vec<&str> {
        items.iter().map(BodyItem::name).collect()
    }

    #[test]
    fn a_native_body_gives_attributes_and_blocks_in_source_order() {
        let src = "a = 1\nresource \"aws_vpc\" main {\n  cidr = \"x\"\n  tags {}\n}\nb = 2 # c\nlocals {}\n";
        let file = hcl_json::parse_native(src, "m.tf").unwrap();
        let items = file.body().items();
        assert_eq!(names(&items), ["a", "resource", "b", "locals"]);
        let BodyItem::Attribute(a) = &items[0] else {
            panic!("{:?}", items[0])
        };
        assert_eq!(a.expr.value(&EvalContext::new()).unwrap(), Value::from(1));
        assert_eq!(a.range.bytes(), 0..5);
        let BodyItem::Block(block) = &items[1] else {
            panic!("{:?}", items[1])
        };
        // Every label, quoted or not, each with its range: no schema
        // decides how many there are.
        assert_eq!(block.labels, ["aws_vpc", "main"]);
        assert_eq!(block.label_ranges[0].bytes(), 15..24);
        assert_eq!(block.label_ranges[1].bytes(), 25..29);
        assert_eq!(block.type_range.bytes(), 6..14);
        assert_eq!(block.def_range.bytes(), 6..29);
        assert_eq!(items[1].range().bytes(), 6..56);
        let inner = block.body.items();
        assert_eq!(names(&inner), ["cidr", "tags"]);
        assert!(matches!(inner[0], BodyItem::Attribute(_)));
        assert!(matches!(inner[1], BodyItem::Block(_)));
        assert_eq!(items[2].range().bytes(), 57..62);
    }

    #[test]
    fn the_rest_of_partial_content_leaves_out_what_was_taken() {
        let file = hcl_json::parse_native("a = 1\nb = 2\nc {}\n", "m.tf").unwrap();
        let (_, rest) = file
            .body()
            .partial_content(&BodySchema::new().attribute("a", false).block("c", &[]))
            .unwrap();
        assert_eq!(names(&rest.items()), ["b"]);
        let file = hcl_json::parse(r#"{"a": 1, "b": 2}"#, "m.json").unwrap();
        let (_, rest) = file
            .body()
            .partial_content(&BodySchema::new().attribute("b", false))
            .unwrap();
        assert_eq!(names(&rest.items()), ["a"]);
    }

    #[test]
    fn a_json_body_gives_its_property_tree() {
        let src = r#"{"//": "note", "resource": {"aws_vpc": {"main": {"cidr": "x"}}}, "list": [1, [2], {"k": null}], "a": 1, "a": 2}"#;
        let file = hcl_json::parse(src, "m.tf.json").unwrap();
        let items = file.body().items();
        // Comments are not items; duplicates are, in order.
        assert_eq!(names(&items), ["resource", "list", "a", "a"]);
        let BodyItem::Property(resource) = &items[0] else {
            panic!()
        };
        assert_eq!(resource.name_range.bytes(), 15..25);
        let PropertyValue::Object(types) = &resource.value else {
            panic!("{:?}", resource.value)
        };
        let types = types.items();
        let BodyItem::Property(vpc) = &types[0] else {
            panic!()
        };
        assert_eq!(vpc.name, "aws_vpc");
        let BodyItem::Property(list) = &items[1] else {
            panic!()
        };
        let PropertyValue::Array { elements, range } = &list.value else {
            panic!("{:?}", list.value)
        };
        assert_eq!(&src[range.bytes()], r#"[1, [2], {"k": null}]"#);
        assert!(matches!(elements[0], PropertyValue::Scalar(_)));
        assert!(
            matches!(&elements[1], PropertyValue::Array { elements, .. } if elements.len() == 1)
        );
        assert!(matches!(elements[2], PropertyValue::Object(_)));
        assert_eq!(&src[elements[2].range().bytes()], r#"{"k": null}"#);
        // The value as an expression, as an attribute's.
        let BodyItem::Property(a) = &items[3] else {
            panic!()
        };
        assert_eq!(a.expr.value(&EvalContext::new()).unwrap(), Value::from(2));
    }

    #[test]
    fn a_json_body_written_as_an_array_of_objects_gives_every_objects_properties() {
        let file = hcl_json::parse(r#"{"b": [{"x": 1}, {"y": 2}]}"#, "m.json").unwrap();
        let items = file.body().items();
        let BodyItem::Property(b) = &items[0] else {
            panic!()
        };
        let PropertyValue::Array { elements, .. } = &b.value else {
            panic!()
        };
        let PropertyValue::Object(first) = &elements[0] else {
            panic!()
        };
        assert_eq!(names(&first.items()), ["x"]);
        // The same array read as a body, as a block's would be.
        let content = file
            .body()
            .content(&BodySchema::new().block("b", &[]))
            .unwrap();
        assert_eq!(names(&content.blocks[0].body.items()), ["x"]);
    }

    #[test]
    fn a_merged_body_gives_its_bodies_items_in_turn() {
        let a = hcl_json::parse_native("a = 1\n", "a.tf").unwrap();
        let b = hcl_json::parse(r#"{"b": 2}"#, "b.tf.json").unwrap();
        let merged = hcl_json::Body::merge(&[a.body(), b.body()]);
        let items = merged.items();
        assert_eq!(names(&items), ["a", "b"]);
        assert!(matches!(items[0], BodyItem::Attribute(_)));
        assert!(matches!(items[1], BodyItem::Property(_)));
    }
}

/// A schema of more than 64 attributes: repeated and missing attributes
/// are found past the 64th place as before it.
#[test]
fn repeats_and_missing_attributes_past_the_sixty_fourth_schema_place() {
    let mut schema = BodySchema::new();
    for i in 0..70 {
        schema = schema.attribute(format!("a{i}"), i % 2 == 1);
    }
    let present: Vec<String> = (0..70)
        .filter(|i| *i != 3 && *i != 67)
        .map(|i| format!("\"a{i}\": {i}"))
        .collect();
    let src = format!("{{{}, \"a66\": 0, \"a2\": 0}}", present.join(", "));
    let err = body(&src).content(&schema).unwrap_err();
    let summaries: Vec<(&str, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary.as_str(), d.detail.as_str()))
        .collect();
    assert_eq!(
        summaries,
        [
            (
                "Duplicate argument",
                "The argument \"a66\" was already set at test.json:1,699-708."
            ),
            (
                "Duplicate argument",
                "The argument \"a2\" was already set at test.json:1,20-27."
            ),
            (
                "Missing required argument",
                "The argument \"a3\" is required, but no definition was found."
            ),
            (
                "Missing required argument",
                "The argument \"a67\" is required, but no definition was found."
            ),
        ]
    );
}
