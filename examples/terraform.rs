//! A Terraform-style loader: decodes the top-level blocks of a `.tf.json`
//! file into typed structs (variables with type constraints, locals,
//! resources whose configuration stays in a `remain` body, outputs whose
//! values are captured as expressions), then evaluates the outputs the way
//! `terraform plan` would before anything exists: variables from their
//! defaults, every resource attribute unknown.
//!
//! ```sh
//! cargo run --example terraform                               # examples/data/main.tf.json
//! cargo run --example terraform -- FILE.tf.json              # any Terraform JSON file
//! ```

use std::collections::BTreeSet;

use hcl_json::ext::typeexpr::TypeConstraint;
use hcl_json::{Body, EvalContext, Expression, HclDecode, Value};
use indexmap::IndexMap;

#[derive(HclDecode, Debug)]
struct Config {
    #[hcl(block)]
    terraform: Option<Settings>,
    #[hcl(block)]
    provider: Vec<Provider>,
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    locals: Vec<Locals>,
    #[hcl(block)]
    data: Vec<Resource>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    module: Vec<Module>,
    #[hcl(block)]
    output: Vec<Output>,
}

#[derive(HclDecode, Debug)]
struct Settings {
    #[hcl(attr)]
    required_version: Option<String>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct Provider {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    alias: Option<String>,
    #[hcl(remain)]
    _config: Body,
}

#[derive(HclDecode, Debug)]
struct Variable {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    r#type: Option<Expression>,
    #[hcl(attr)]
    default: Option<Value>,
    #[hcl(attr, literal)]
    description: Option<String>,
    #[hcl(attr)]
    sensitive: Option<bool>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct Locals {
    #[hcl(remain)]
    values: IndexMap<String, Expression>,
}

#[derive(HclDecode, Debug)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    count: Option<Expression>,
    #[hcl(attr)]
    for_each: Option<Expression>,
    #[hcl(attr)]
    depends_on: Option<Expression>,
    #[hcl(attr)]
    provider: Option<Expression>,
    #[hcl(remain)]
    config: Body,
}

#[derive(HclDecode, Debug)]
struct Module {
    #[hcl(label)]
    name: String,
    #[hcl(attr, literal)]
    source: String,
    #[hcl(remain)]
    _inputs: Body,
}

#[derive(HclDecode, Debug)]
struct Output {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    value: Expression,
    #[hcl(attr, literal)]
    description: Option<String>,
    #[hcl(attr)]
    sensitive: Option<bool>,
}

const DEFAULT_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/main.tf.json");

/// Decoding, then the report. Every structural or type problem of the file
/// comes back at once in the `Err`.
fn load(path: &str) -> Result<String, hcl_json::Error> {
    let src = std::fs::read_to_string(path).map_err(|e| {
        hcl_json::Error::new(hcl_json::Diagnostic::error(
            "Cannot read configuration",
            format!("{path}: {e}"),
            None,
        ))
    })?;
    let file = hcl_json::parse(&src, path)?;
    // Meta-arguments and literals decode without variables: a context with
    // no variables, in full-expression mode.
    let config: Config = hcl_json::decode_body(&file.body(), &EvalContext::new())?;
    report(&config)
}

fn report(config: &Config) -> Result<String, hcl_json::Error> {
    let mut out = String::new();
    if let Some(version) = config
        .terraform
        .as_ref()
        .and_then(|t| t.required_version.as_ref())
    {
        out += &format!("terraform {version}\n");
    }
    for p in &config.provider {
        out += &format!(
            "provider {}{}\n",
            p.name,
            p.alias
                .as_ref()
                .map(|a| format!(" (alias {a})"))
                .unwrap_or_default()
        );
    }

    // Variables: type constraints read statically, defaults converted.
    let mut vars = IndexMap::new();
    for v in &config.variable {
        let constraint = v.r#type.as_ref().map(TypeConstraint::parse).transpose()?;
        let ty = constraint
            .as_ref()
            .map_or("any".to_string(), |c| c.ty.to_string());
        let value = match (&v.default, &constraint) {
            (Some(d), Some(c)) => c.convert(d)?,
            (Some(d), None) => d.clone(),
            (None, _) => Value::dynamic(),
        };
        let shown = if v.sensitive == Some(true) {
            "(sensitive)".to_string()
        } else {
            value.to_string()
        };
        out += &format!("variable {}: {ty} = {shown}", v.name);
        if let Some(d) = &v.description {
            out += &format!("  # {d}");
        }
        out += "\n";
        vars.insert(v.name.clone(), value);
    }

    // Resources and data sources: everything they expose is unknown until
    // applied, so their attributes evaluate to unknown values.
    let mut resources: IndexMap<String, IndexMap<String, Value>> = IndexMap::new();
    for (mode, list) in [("data", &config.data), ("resource", &config.resource)] {
        for r in list {
            let deps: Vec<String> = match &r.depends_on {
                Some(d) => d
                    .as_list()?
                    .iter()
                    .map(|e| e.abs_traversal().map(|t| t.to_string()))
                    .collect::<Result<_, _>>()?,
                None => Vec::new(),
            };
            let repeat = match (&r.count, &r.for_each) {
                (Some(c), _) => format!(" count={}", c.source_text()),
                (_, Some(f)) => format!(" for_each={}", f.source_text()),
                _ => String::new(),
            };
            let attrs = r.config.just_attributes().map_or(0, |a| a.len());
            out += &format!("{mode} {}.{}{repeat} ({attrs} arguments)", r.kind, r.name);
            if let Some(p) = &r.provider {
                out += &format!(" provider={}", p.abs_traversal()?);
            }
            if !deps.is_empty() {
                out += &format!(" depends_on={}", deps.join(","));
            }
            out += "\n";
            let key = if mode == "data" {
                format!("data.{}", r.kind)
            } else {
                r.kind.clone()
            };
            resources
                .entry(key)
                .or_default()
                .insert(r.name.clone(), Value::dynamic());
        }
    }
    for m in &config.module {
        out += &format!("module {} from {}\n", m.name, m.source);
    }

    // Locals: what each one refers to.
    for locals in &config.locals {
        for (name, expr) in &locals.values {
            let refs: BTreeSet<String> = expr
                .variables()
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            out += &format!(
                "local {name} <- {}\n",
                refs.into_iter().collect::<Vec<_>>().join(", ")
            );
        }
    }

    // Outputs, evaluated with what is known before apply.
    let mut ctx = EvalContext::new()
        .with_stdlib()
        .with_variable("var", Value::object(vars))
        .with_variable("local", Value::dynamic())
        .with_variable("module", Value::dynamic())
        .with_variable("count", Value::dynamic());
    let mut data = IndexMap::new();
    for (kind, names) in resources {
        let names = Value::object(names);
        match kind.strip_prefix("data.") {
            Some(k) => {
                data.insert(k.to_string(), names);
            }
            None => ctx = ctx.with_variable(kind, names),
        }
    }
    let ctx = ctx.with_variable("data", Value::object(data));
    for o in &config.output {
        let value = o.value.value(&ctx)?;
        let shown = if o.sensitive == Some(true) {
            "(sensitive)".to_string()
        } else if value.is_wholly_known() {
            value.to_string()
        } else {
            "(known after apply)".to_string()
        };
        out += &format!("output {} = {shown}", o.name);
        if let Some(d) = &o.description {
            out += &format!("  # {d}");
        }
        out += "\n";
    }
    Ok(out)
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT_FILE.to_string());
    match load(&path) {
        Ok(text) => print!("{text}"),
        Err(err) => {
            eprint!("{err}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
#[path = "common/validate.rs"]
mod validate;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_configuration_satisfies_the_json_schema_of_its_types() {
        let schema = hcl_json::json_schema::<Config>().to_string();
        let src = std::fs::read_to_string(DEFAULT_FILE).unwrap();
        assert_eq!(super::validate::validate(&schema, &src), Ok(Vec::new()));
    }

    /// The `.tf.json` files under `dir`, in name order.
    fn tf_json_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                tf_json_files(&path, out);
            } else if path.to_string_lossy().ends_with(".tf.json") {
                out.push(path);
            }
        }
    }

    /// The schema never flags a file the decoder reads: every corpus file
    /// it rejects, the decoder rejects too.
    #[test]
    fn the_json_schema_accepts_every_corpus_file_the_types_decode() {
        let corpus = std::env::var("HCL_JSON_CORPUS").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus").to_string()
        });
        let mut files = Vec::new();
        tf_json_files(std::path::Path::new(&corpus), &mut files);
        if files.is_empty() {
            eprintln!("skipped: corpus not found at {corpus}");
            return;
        }
        let schema = hcl_json::json_schema::<Config>().to_string();
        let ctx = EvalContext::new().with_stdlib();
        let mut accepted = 0;
        for path in &files {
            let Ok(src) = std::fs::read_to_string(path) else {
                continue;
            };
            let Ok(problems) = super::validate::validate(&schema, &src) else {
                continue; // not JSON that serde_json reads (duplicate keys are kept)
            };
            if problems.is_empty() {
                accepted += 1;
                continue;
            }
            let decoded = hcl_json::parse(&src, &path.to_string_lossy())
                .and_then(|file| hcl_json::decode_body::<Config>(&file.body(), &ctx));
            assert!(
                decoded.is_err(),
                "the schema rejects {}, which decodes:\n{}",
                path.display(),
                problems.join("\n")
            );
        }
        assert!(accepted > files.len() / 2, "{accepted} of {}", files.len());
    }

    #[test]
    fn bundled_configuration() {
        let text = load(DEFAULT_FILE).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            text.contains("variable region: string = \"eu-west-1\"  # Where to deploy ${things}."),
            "{text}"
        );
        assert!(text.contains("variable tags: map(string) = {"), "{text}");
        assert!(text.contains("resource aws_instance.web count=\"${var.instance_count}\" (3 arguments) depends_on=aws_security_group.web"), "{text}");
        assert!(text.contains("local common_tags <- var.tags"), "{text}");
        assert!(
            text.contains("output instance_ids = (known after apply)"),
            "{text}"
        );
    }

    #[test]
    fn a_real_corpus_file() {
        let corpus = std::env::var("HCL_JSON_CORPUS").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus").to_string()
        });
        let path = format!(
            "{corpus}/kops/tests/integration/update_cluster/minimal-json/kubernetes.tf.json"
        );
        if !std::path::Path::new(&path).is_file() {
            eprintln!("skipped: corpus not found at {corpus}");
            return;
        }
        let text = load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            text.lines().filter(|l| l.starts_with("resource ")).count(),
            55,
            "{text}"
        );
        assert_eq!(
            text.lines().filter(|l| l.starts_with("output ")).count(),
            15,
            "{text}"
        );
        assert!(
            text.contains("output cluster_name = \"minimal-json.example.com\""),
            "{text}"
        );
    }
}
