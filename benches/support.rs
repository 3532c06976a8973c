//! Inputs shared by the benchmarks: the largest corpus files, and a large
//! synthesized `.tf.json` built by repeating real resources under fresh names.
#![allow(dead_code)]

use std::path::PathBuf;

use hcl_json::BodySchema;

/// The corpus directory, if this clone has it.
pub(crate) fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("HCL_JSON_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    );
    dir.join("SOURCES.tsv").is_file().then_some(dir)
}

/// The largest corpus files: `(name, text)`. Empty without the corpus.
pub(crate) fn largest_corpus_files() -> Vec<(String, String)> {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found: corpus benchmarks skipped");
        return Vec::new();
    };
    [
        "clumio-aws-template/57350a7f/main.tf.json",
        "aws-ia-vpc-endpoints/45bce475/main_generated.tf.json",
        "aws-samples-ec2RuntimeMonitor/cdk.tf.json",
    ]
    .iter()
    .filter_map(|p| Some((p.to_string(), std::fs::read_to_string(dir.join(p)).ok()?)))
    .collect()
}

/// A resource to repeat when the corpus is absent.
const FALLBACK: &str = r#"{"resource": {"aws_instance": {"web": {
  "ami": "${data.aws_ami.ubuntu.id}", "instance_type": "t3.micro", "count": 2,
  "tags": {"Name": "web-${count.index}", "Env": "${var.env}"},
  "ebs_block_device": [{"device_name": "/dev/sdg", "volume_size": 50}],
  "depends_on": ["aws_vpc.main"], "lifecycle": {"create_before_destroy": true}
}}}}"#;

/// A `.tf.json` of at least `min_bytes`, made of the resources of a real
/// file (or of [`FALLBACK`]) repeated with fresh names.
pub(crate) fn synthesized_tf_json(min_bytes: usize) -> String {
    let source = largest_corpus_files()
        .into_iter()
        .find(|(name, _)| name.contains("main_generated"))
        .map_or_else(|| FALLBACK.to_string(), |(_, text)| text);
    let file = hcl_json::parse(&source, "source.tf.json").expect("source parses");
    let schema = BodySchema::new().block("resource", &["type", "name"]);
    let (content, _) = file.body().partial_content(&schema).expect("resources");
    let mut out = String::with_capacity(min_bytes + 4096);
    out.push_str("{\n\"resource\": [\n");
    let mut round = 0;
    while out.len() < min_bytes {
        for block in &content.blocks {
            if out.len() > 20 {
                out.push_str(",\n");
            }
            let body = &file.source()[block.body.range().bytes()];
            out.push_str(&format!(
                "{{\"{}\": {{\"{}_{round}\": {body}}}}}",
                block.labels[0], block.labels[1]
            ));
        }
        round += 1;
    }
    out.push_str("\n]\n}\n");
    out
}

/// A Terraform-shaped `.tf.json` of about `resources` KB whose strings are
/// templates of every shape (`%{ for }` and `%{ if }` directives, strip
/// markers, `[for]` and `{for}`, splats, object and tuple constructors,
/// conditionals, calls, heredocs, escapes), generated from `seed`. It only
/// names the variables and functions of [`hclbench_context`] (the default
/// context of the Go reference's `hclbench`), so both sides decode it
/// without errors.
pub(crate) fn template_heavy_tf_json(seed: u64, resources: usize) -> String {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        // xorshift64*: deterministic, no dependency.
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        (rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n
    };
    let mut out = String::with_capacity(resources * 1100 + 64);
    out.push_str("{\n\"resource\": [\n");
    for i in 0..resources {
        let k = next(97) + 1;
        let pick = |options: &[&str], r: u64| options[r as usize % options.len()].to_string();
        let attrs: Vec<(String, String)> = vec![
            ("ami".into(), format!("ami-${{var.region}}-{i}")),
            ("name".into(), format!("${{upper(name)}}-${{env}}-{i}")),
            (
                "count".into(),
                pick(
                    &["${enabled ? n : 0}", "${n + a * 2}", "${length(items)}"],
                    next(3),
                ),
            ),
            (
                "user_data".into(),
                pick(
                    &[
                        "%{ for i, s in items }${i}=${s};%{ endfor }",
                        "%{ for x in nums ~}\n  ${x}\n%{~ endfor }",
                        "%{ for k, v in tags }${k}:${upper(v)} %{ endfor }",
                    ],
                    next(3),
                ),
            ),
            (
                "mode".into(),
                pick(
                    &[
                        "%{ if enabled }on-${region}%{ else }off%{ endif }",
                        "%{ if n > 2 ~} many %{~ else }few%{ endif }",
                    ],
                    next(2),
                ),
            ),
            (
                "ids".into(),
                pick(&["${objs[*].id}", "${objs.*.size}"], next(2)),
            ),
            (
                "sizes".into(),
                format!("${{[for o in objs : o.size * {k}]}}"),
            ),
            (
                "labels".into(),
                "${{for k, v in tags : k => \"${upper(v)}-${k}\"}}".into(),
            ),
            (
                "cidr".into(),
                format!("${{format(\"10.%d.0.0/16\", a + {k})}}"),
            ),
            (
                "joined".into(),
                format!("${{join(\",\", [for s in items : \"${{s}}-{i}\" if s != \"b\"])}}"),
            ),
            (
                "spec".into(),
                format!("${{{{id = var.name, size = n + {k}, tags = [env, region]}}}}"),
            ),
            (
                "script".into(),
                "${<<-EOT\n    #!/bin/sh\n    echo \"${name}\" > /tmp/${env}\n    EOT\n}".into(),
            ),
            (
                "escaped".into(),
                format!("$${{not_interpolated}} %%{{no}} ${{\"tab\\tquote\\\"\"}}-{i}"),
            ),
            (
                "pick".into(),
                format!("${{length(nums) > {k} ? nums[0] : pi * {k}}}"),
            ),
        ];
        let mut body = String::new();
        for (name, template) in attrs {
            if !body.is_empty() {
                body.push_str(",\n    ");
            }
            body.push_str(&format!(
                "\"{name}\": {}",
                serde_json::to_string(&template).unwrap()
            ));
        }
        body.push_str(&format!(
            ",\n    \"tags\": {{\"Name\": \"web-{i}\", \"Env\": \"${{env}}\", \"Team\": \"${{tags.team}}\"}},\n    \
             \"list\": [\"${{a + b * {k}}}\", \"plain text {i}\", {k}, true]"
        ));
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str(&format!(
            "{{\"aws_instance\": {{\"web_{i}\": {{\n    {body}\n}}}}}}"
        ));
    }
    out.push_str("\n]\n}\n");
    out
}

/// The default context of the Go reference's `hclbench` (see its
/// README), with our standard library.
pub(crate) fn hclbench_context() -> hcl_json::EvalContext {
    use hcl_json::{Type, Value};
    let strs = |items: &[&str]| items.iter().map(|s| Value::from(*s)).collect::<Vec<_>>();
    let obj =
        |id: &str, size: i64| Value::object([("id", Value::from(id)), ("size", Value::from(size))]);
    hcl_json::EvalContext::new()
        .with_stdlib()
        .with_variable("name", "world")
        .with_variable("a", 1)
        .with_variable("b", 2)
        .with_variable("n", 3)
        // Exactly as Go has it (not an approximation of π).
        .with_variable("pi", "3.14159".parse::<hcl_json::Number>().unwrap())
        .with_variable("enabled", true)
        .with_variable("env", "prod")
        .with_variable("region", "us-east-1")
        .with_variable(
            "items",
            Value::list(Type::String, strs(&["a", "b", "c"])).unwrap(),
        )
        .with_variable("nums", Value::tuple([1, 2, 3, 4].map(Value::from)))
        .with_variable(
            "tags",
            Value::map(
                Type::String,
                [("env", Value::from("prod")), ("team", Value::from("core"))],
            )
            .unwrap(),
        )
        .with_variable("objs", Value::tuple([obj("x1", 10), obj("x2", 20)]))
        .with_variable(
            "var",
            Value::object([
                ("name", Value::from("world")),
                ("region", Value::from("us-east-1")),
                ("count", Value::from(3)),
            ]),
        )
}

/// A Terraform-shaped module of `resources` resources written twice, with
/// the same content: `(native .tf text, .tf.json text)`. Each resource has
/// templates, a reference list, an object, nested blocks.
#[allow(dead_code)]
pub(crate) fn synthesized_module(resources: usize) -> (String, String) {
    let mut native = String::with_capacity(resources * 400);
    let mut json = String::with_capacity(resources * 400);
    json.push_str("{\"resource\": [\n");
    for i in 0..resources {
        native.push_str(&format!(
            r#"resource "aws_instance" "web_{i}" {{
  ami           = "ami-${{var.region}}-{i}"
  instance_type = "t3.micro"
  count         = 2
  tags = {{
    Name = "web-{i}"
    Env  = var.env
  }}
  depends_on = [aws_vpc.main]

  ebs_block_device {{
    device_name = "/dev/sdg"
    volume_size = 50
  }}

  lifecycle {{
    create_before_destroy = true
  }}
}}

"#
        ));
        if i > 0 {
            json.push_str(",\n");
        }
        json.push_str(&format!(
            r#"{{"aws_instance": {{"web_{i}": {{
  "ami": "ami-${{var.region}}-{i}",
  "instance_type": "t3.micro",
  "count": 2,
  "tags": {{"Name": "web-{i}", "Env": "${{var.env}}"}},
  "depends_on": ["aws_vpc.main"],
  "ebs_block_device": {{"device_name": "/dev/sdg", "volume_size": 50}},
  "lifecycle": {{"create_before_destroy": true}}
}}}}}}"#
        ));
    }
    json.push_str("\n]}\n");
    (native, json)
}
