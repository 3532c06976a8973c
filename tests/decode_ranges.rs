//! The ranges a derived decode reports, against the public body model's:
//! the decoder reads bodies through a content walk of its own that
//! resolves ranges only when one is needed, so each case here decodes a
//! file in both syntaxes and checks every range (diagnostic subjects,
//! range fields, `Spanned` labels) against the one
//! [`Body::content`](hcl_json::Body::content) and its `Block`s give for
//! the same schema.

use std::collections::HashMap;

use hcl_json::{Body, BodySchema, Diagnostic, EvalContext, File, HclDecode, Range, Spanned, Value};

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Root {
    #[hcl(attr)]
    name: String,
    #[hcl(block)]
    server: Server,
    #[hcl(block)]
    extra: Option<Extra>,
    #[hcl(block)]
    service: Vec<Service>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Server {
    #[hcl(attr)]
    port: u16,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Extra {
    #[hcl(attr)]
    on: Option<bool>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    kind: Spanned<String>,
    #[hcl(label)]
    name: String,
    #[hcl(def_range)]
    def: Range,
    #[hcl(type_range)]
    type_range: Range,
    #[hcl(remain)]
    rest: HashMap<String, Value>,
}

fn schema() -> BodySchema {
    BodySchema::new()
        .attribute("name", true)
        .block("server", &[])
        .block("extra", &[])
        .block("service", &["kind", "name"])
}

fn parse(src: &str, native: bool) -> File {
    if native {
        hcl_json::parse_native(src, "t.tf").unwrap()
    } else {
        hcl_json::parse(src, "t.tf.json").unwrap()
    }
}

fn decode_errors(file: &File) -> Vec<Diagnostic> {
    let err = hcl_json::decode_body::<Root>(&file.body(), &EvalContext::new()).unwrap_err();
    err.diagnostics().to_vec()
}

fn subjects(diags: &[Diagnostic], summary: &str) -> Vec<Range> {
    diags
        .iter()
        .filter(|d| d.summary == summary)
        .map(|d| d.subject.clone().expect("a located diagnostic"))
        .collect()
}

/// Each diagnostic of the schema pass (unsupported names, label counts,
/// missing arguments) is the one `Body::content` gives, range and all.
fn assert_schema_errors_match(file: &File) {
    let decoded = decode_errors(file);
    let public = file.body().content(&schema()).unwrap_err();
    for d in public.diagnostics() {
        assert!(
            decoded
                .iter()
                .any(|e| e.summary == d.summary && e.detail == d.detail && e.subject == d.subject),
            "{d:?} not among {decoded:?}"
        );
    }
}

#[test]
fn a_missing_block_and_attribute_are_at_the_missing_item_range() {
    for (src, native) in [(r#"{"service": {}}"#, false), ("\n\n", true)] {
        let file = parse(src, native);
        let diags = decode_errors(&file);
        let missing = file.body().missing_item_range();
        assert_eq!(
            subjects(&diags, "Missing server block"),
            std::slice::from_ref(&missing)
        );
        assert_eq!(subjects(&diags, "Missing required argument"), [missing]);
        assert_schema_errors_match(&file);
    }
}

#[test]
fn a_missing_attribute_of_a_block_is_at_its_missing_item_range() {
    for (src, native) in [
        (r#"{"name": "n", "server": {"x": 1}}"#, false),
        ("name = \"n\"\nserver {\n}\n", true),
    ] {
        let file = parse(src, native);
        let diags = decode_errors(&file);
        let content = file.body().content(&schema()).unwrap();
        let server = &content.blocks[0];
        assert_eq!(
            subjects(&diags, "Missing required argument"),
            [server.body.missing_item_range()]
        );
    }
}

#[test]
fn unsupported_names_and_wrong_label_counts_match_the_body_model() {
    for (src, native) in [
        (
            r#"{"name": "n", "nmae": 1, "server": {"port": 1}, "service": {"only": {"a": 1}}}"#,
            false,
        ),
        (
            "name = \"n\"\nnmae = 1\nserver {\n  port = 1\n}\nservice \"only\" {\n  a = 1\n}\n",
            true,
        ),
    ] {
        let file = parse(src, native);
        assert_schema_errors_match(&file);
    }
}

#[test]
fn duplicate_blocks_point_at_the_second_and_name_the_first() {
    for (src, native) in [
        (
            r#"{"name": "n", "server": [{"port": 1}, {"port": 2}], "extra": [{}, {}]}"#,
            false,
        ),
        (
            "name = \"n\"\nserver {\n  port = 1\n}\nserver {\n  port = 2\n}\nextra {}\nextra {}\n",
            true,
        ),
    ] {
        let file = parse(src, native);
        let diags = decode_errors(&file);
        let content = file.body().content(&schema()).unwrap();
        for kind in ["server", "extra"] {
            let blocks: Vec<_> = content.blocks_of_type(kind).collect();
            let summary = format!("Duplicate {kind} block");
            assert_eq!(subjects(&diags, &summary), [blocks[1].def_range.clone()]);
            let d = diags.iter().find(|d| d.summary == summary).unwrap();
            assert!(
                d.detail.contains(&blocks[0].def_range.to_string()),
                "{}",
                d.detail
            );
        }
    }
}

#[test]
fn range_fields_and_spanned_labels_are_the_blocks_ranges() {
    for (src, native) in [
        (
            r#"{"name": "n", "server": {"port": 1}, "service": {"web": {"a": {"x": 1}, "b": {}}}}"#,
            false,
        ),
        (
            "name = \"n\"\nserver {\n  port = 1\n}\nservice \"web\" \"a\" {\n  x = 1\n}\nservice \"web\" \"b\" {}\n",
            true,
        ),
    ] {
        let file = parse(src, native);
        let root: Root = hcl_json::decode_body(&file.body(), &EvalContext::new()).unwrap();
        let content = file.body().content(&schema()).unwrap();
        let blocks: Vec<_> = content.blocks_of_type("service").collect();
        assert_eq!(root.service.len(), 2);
        for (decoded, block) in root.service.iter().zip(blocks) {
            assert_eq!(decoded.def, block.def_range);
            assert_eq!(decoded.type_range, block.type_range);
            assert_eq!(*decoded.kind.range(), block.label_ranges[0]);
            assert_eq!(decoded.name, block.labels[1]);
        }
        assert_eq!(root.service[0].rest.len(), 1);
    }
}

#[test]
fn a_label_that_does_not_read_is_at_its_range() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Ports {
        #[hcl(block)]
        port: Vec<Port>,
    }
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Port {
        #[hcl(label)]
        number: u16,
    }
    for (src, native) in [
        (r#"{"port": {"80": {}, "http": {}}}"#, false),
        ("port \"80\" {}\nport \"http\" {}\n", true),
    ] {
        let file = parse(src, native);
        let err = hcl_json::decode_body::<Ports>(&file.body(), &EvalContext::new()).unwrap_err();
        let content = file
            .body()
            .content(&BodySchema::new().block("port", &["number"]))
            .unwrap();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Invalid block label");
        assert_eq!(d.subject.as_ref(), Some(&content.blocks[1].label_ranges[0]));
    }
}

#[test]
fn a_block_map_with_a_repeated_key_points_at_both_labels() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Services {
        #[hcl(block)]
        service: HashMap<String, Extra>,
    }
    for (src, native) in [
        (r#"{"service": [{"a": {}}, {"a": {}}]}"#, false),
        ("service \"a\" {}\nservice \"a\" {}\n", true),
    ] {
        let file = parse(src, native);
        let err = hcl_json::decode_body::<Services>(&file.body(), &EvalContext::new()).unwrap_err();
        let content = file
            .body()
            .content(&BodySchema::new().block("service", &["name"]))
            .unwrap();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Duplicate service block");
        assert_eq!(d.subject.as_ref(), Some(&content.blocks[1].label_ranges[0]));
        assert_eq!(d.context.as_ref(), Some(&content.blocks[0].label_ranges[0]));
    }
}

#[test]
fn a_remain_map_with_a_repeated_name_reports_it_as_the_body_model_does() {
    let src =
        r#"{"name": "n", "server": {"port": 1}, "service": {"web": {"a": {"x": 1, "x": 2}}}}"#;
    let file = parse(src, false);
    let diags = decode_errors(&file);
    let content = file.body().content(&schema()).unwrap();
    let rest: Body = content
        .blocks_of_type("service")
        .next()
        .unwrap()
        .body
        .clone();
    let public = rest.just_attributes().unwrap_err();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].summary, public.diagnostics()[0].summary);
    assert_eq!(diags[0].subject, public.diagnostics()[0].subject);
    assert_eq!(diags[0].detail, public.diagnostics()[0].detail);
}
