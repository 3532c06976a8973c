//! The JSON Schema of an application's configuration, from its
//! `#[derive(HclDecode)]` types: written as `app.schema.json` next to a
//! configuration file (the bundled `app.hcl.json` by default), then the
//! file checked against it. An editor given the schema completes,
//! describes and checks the file as it is typed (see the README's "A JSON
//! Schema for editors").
//!
//! ```sh
//! cargo run --example json_schema                          # examples/data/app.schema.json
//! cargo run --example json_schema -- path/to/app.hcl.json  # path/to/app.schema.json
//! ```

use std::path::{Path, PathBuf};

#[path = "common/app.rs"]
mod app;
#[path = "common/validate.rs"]
mod validate;

use app::AppConfig;
use validate::validate;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data");

/// The schema's text, as the example writes it.
fn schema_text() -> String {
    hcl_json::json_schema::<AppConfig>().to_string_pretty()
}

/// A path for messages: relative to the package when it is inside it.
fn shown(path: &Path) -> std::path::Display<'_> {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
}

fn run(config_path: &Path) -> Result<(), String> {
    let schema = schema_text();
    let out = config_path.with_file_name("app.schema.json");
    std::fs::write(&out, &schema).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("wrote {} ({} bytes)", shown(&out), schema.len());
    let config = std::fs::read_to_string(config_path)
        .map_err(|e| format!("{}: {e}", config_path.display()))?;
    let problems = validate(&schema, &config)?;
    if problems.is_empty() {
        println!("{}: valid", shown(config_path));
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

fn main() {
    let config = std::env::args()
        .nth(1)
        .map_or_else(|| Path::new(DATA).join("app.hcl.json"), PathBuf::from);
    if let Err(e) = run(&config) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_schema_is_the_one_the_types_give() {
        let bundled = std::fs::read_to_string(Path::new(DATA).join("app.schema.json")).unwrap();
        assert!(
            bundled == schema_text(),
            "examples/data/app.schema.json is stale: run `cargo run --example json_schema`"
        );
    }

    #[test]
    fn the_bundled_configuration_is_valid_and_a_broken_one_is_not() {
        let config = std::fs::read_to_string(Path::new(DATA).join("app.hcl.json")).unwrap();
        assert_eq!(validate(&schema_text(), &config), Ok(Vec::new()));
        let broken = config.replace("\"port\": 8080", "\"port\": \"eighty\"");
        assert_ne!(broken, config);
        let problems = validate(&schema_text(), &broken).unwrap();
        assert!(
            problems.iter().any(|p| p.contains("/listen/port")),
            "{problems:?}"
        );
    }
}
