//! Inputs shared by the benchmarks: the largest corpus files, and a large
//! synthesized `.tf.json` built by repeating real resources under fresh names.
#![allow(dead_code)]

use std::path::PathBuf;

use hcl_json::BodySchema;

/// The corpus directory, if this clone has it.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("HCL_JSON_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    dir.join("SOURCES.tsv").is_file().then_some(dir)
}

/// The largest corpus files: `(name, text)`. Empty without the corpus.
pub fn largest_corpus_files() -> Vec<(String, String)> {
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
pub fn synthesized_tf_json(min_bytes: usize) -> String {
    let source = largest_corpus_files()
        .into_iter()
        .find(|(name, _)| name.contains("main_generated"))
        .map(|(_, text)| text)
        .unwrap_or_else(|| FALLBACK.to_string());
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
