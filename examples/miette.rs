//! Configuration errors shown by miette: `cargo run --example miette
//! --features miette [FILE]` decodes FILE (by default a broken
//! configuration of its own) and, on errors, returns them from `main` as a
//! `miette::Result`, which prints miette's graphical report: each
//! diagnostic's summary, the source with the subject underlined, and the
//! detail as help.

use hcl_json::{EvalContext, HclDecode};

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    #[hcl(attr)]
    name: String,
    #[hcl(block)]
    service: Vec<Service>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    port: u16,
}

/// A configuration with three mistakes.
const BROKEN: &str = r#"name = "shop-${env}"

service "web" {
  port = "eighty"
}

service "api" {
  port = 8080
  prot = 8081
}
"#;

fn load(name: &str, text: &str) -> miette::Result<Config> {
    let ctx = EvalContext::new()
        .with_variable("environment", "prod")
        .with_stdlib();
    // `?` turns hcl_json::Error into a miette::Report.
    Ok(hcl_json::from_str_native_named(text, name, &ctx)?)
}

fn main() -> miette::Result<()> {
    // The graphical report, without asking the terminal for its size.
    miette::set_hook(Box::new(|_| {
        Box::new(miette::GraphicalReportHandler::new().with_width(80))
    }))?;
    let (name, text) = match std::env::args().nth(1) {
        Some(path) => {
            let text =
                std::fs::read_to_string(&path).map_err(|e| miette::miette!("{path}: {e}"))?;
            (path, text)
        }
        None => ("app.hcl".to_string(), BROKEN.to_string()),
    };
    let config = load(&name, &text)?;
    println!("{config:#?}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_shows_every_diagnostic_with_its_source_and_help() {
        let report = load("app.hcl", BROKEN).unwrap_err();
        let mut shown = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .render_report(&mut shown, report.as_ref())
            .unwrap();
        // The first diagnostic, its code (the kind), source and help...
        assert!(shown.contains("hcl::UnknownVariable"), "{shown}");
        assert!(shown.contains("× Unknown variable"), "{shown}");
        assert!(shown.contains("[app.hcl:1:16]"), "{shown}");
        assert!(shown.contains("1 │ name = \"shop-${env}\""), "{shown}");
        assert!(
            shown.contains("help: There is no variable named \"env\"."),
            "{shown}"
        );
        // ...and the others, related.
        assert!(shown.contains("Incorrect attribute value type"), "{shown}");
        assert!(shown.contains("Unsupported argument"), "{shown}");
        assert!(shown.contains("9 │   prot = 8081"), "{shown}");
    }
}
