//! An application's configuration in HCL's JSON syntax, decoded into typed
//! Rust structs with nested blocks, evaluated templates, a literal-only
//! attribute and all errors reported at once.
//!
//! ```sh
//! cargo run --example app_config                       # examples/data/app.hcl.json, env=prod
//! cargo run --example app_config -- path/to/app.hcl.json dev
//! ```

use std::collections::BTreeMap;

use hcl_json::EvalContext;

#[path = "common/app.rs"]
mod app;

use app::AppConfig;

const DEFAULT_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/app.hcl.json");

fn load(path: &str, env: &str) -> Result<AppConfig, hcl_json::Error> {
    let src = std::fs::read_to_string(path).map_err(|e| {
        hcl_json::Error::new(hcl_json::Diagnostic::error(
            "Cannot read configuration",
            format!("{path}: {e}"),
            None,
        ))
    })?;
    let file = hcl_json::parse(&src, path)?;
    // `replicas` is computed first, then offered to the rest of the file.
    let ctx = EvalContext::new().with_variable("env", env).with_stdlib();
    let replicas = file.body().just_attributes()?["replicas"]
        .expr
        .value(&ctx)?;
    let ctx = ctx.with_variable("replicas", replicas);
    hcl_json::decode_body(&file.body(), &ctx)
}

fn report(config: &AppConfig) -> String {
    let features: BTreeMap<&str, String> = config
        .feature
        .iter()
        .map(|f| {
            let state = if f.enabled {
                format!("on for {:.0}%", f.rollout * 100.0)
            } else {
                "off".to_string()
            };
            (f.name.as_str(), state)
        })
        .collect();
    let mut out = String::new();
    out += &format!("{} {} x{}\n", config.name, config.version, config.replicas);
    out += &format!(
        "listening on {}:{}\n",
        config.listen.address, config.listen.port
    );
    let primary = &config.database.primary;
    out += &format!(
        "primary {} (pool {}, timeout {} ms)\n",
        primary.url,
        primary.pool_size,
        primary.timeout_ms.unwrap_or(1000)
    );
    for r in &config.database.replica {
        out += &format!("replica {} (pool {})\n", r.url, r.pool_size);
    }
    for (name, state) in features {
        out += &format!("feature {name}: {state}\n");
    }
    out += &format!("greeting: {}\n", config.greeting);
    out += &format!("tags: {}\n", config.tags.join(", "));
    if let Some(note) = &config.note {
        out += &format!("note: {note}\n");
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| DEFAULT_FILE.to_string());
    let env = args.next().unwrap_or_else(|| "prod".to_string());
    match load(&path, &env) {
        Ok(config) => print!("{}", report(&config)),
        Err(err) => {
            eprint!("{err}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_config_decodes_for_prod_and_dev() {
        let prod = load(DEFAULT_FILE, "prod").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(prod.replicas, 3);
        assert_eq!(prod.database.replica.len(), 2);
        assert_eq!(prod.database.primary.url, "postgres://db.internal/prod");
        assert!(!prod.feature[1].enabled);
        assert_eq!(prod.greeting, "Hello from PROD, served by a fleet!");
        assert_eq!(prod.tags, ["api", "prod"]);
        assert_eq!(prod.note.as_deref(), Some("Literal text: ${not_evaluated}"));
        let dev = load(DEFAULT_FILE, "dev").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(dev.replicas, 1);
        assert!(dev.feature[1].enabled);
        assert_eq!(dev.greeting, "Hello from DEV, served by one instance!");
        assert!(report(&dev).contains("feature export: on for 100%"));
    }

    #[test]
    fn errors_are_all_reported_with_ranges() {
        let src = r#"{"name": 1, "version": "1", "replicas": "${2 * 2}", "listen": {"address": "a", "port": 70000},
            "database": {"primary": {"url": "u", "pool_size": "x"}}, "greeting": "${nope}", "tags": []}"#;
        let file = hcl_json::parse(src, "bad.hcl.json").unwrap();
        let ctx = EvalContext::new().with_variable("env", "dev").with_stdlib();
        let err = hcl_json::decode_body::<AppConfig>(&file.body(), &ctx).unwrap_err();
        let summaries: Vec<_> = err
            .diagnostics()
            .iter()
            .map(|d| d.summary.as_str())
            .collect();
        assert_eq!(
            summaries,
            [
                "Incorrect attribute value type",
                "Incorrect attribute value type",
                "Unknown variable"
            ],
            "{err}"
        );
        assert!(err.diagnostics().iter().all(|d| d.subject.is_some()));
    }
}
