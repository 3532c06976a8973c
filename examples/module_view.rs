//! A Terraform module read in a few lines with `Module::terraform`: its
//! variables, locals, resources, data sources, outputs and module calls
//! with where they are written, and the outputs evaluated as `terraform
//! plan` would before anything exists (resource attributes unknown,
//! variables nobody set unknown too).
//!
//! ```sh
//! cargo run --example module_view                 # examples/data
//! cargo run --example module_view -- DIR          # any module directory
//! ```

use hcl_json::module::{ContextOptions, LoadOptions, Module};
use hcl_json::Value;

const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data");

/// A value as a plan shows it.
fn show(value: &Value) -> String {
    if value.is_wholly_known() {
        format!("{value:?}")
    } else {
        "(known after apply)".to_string()
    }
}

fn describe(dir: &str) -> Result<String, hcl_json::Error> {
    let module = Module::load(dir, &LoadOptions::terraform())?;
    let view = module.terraform()?;
    let ctx = view.eval_context(&ContextOptions::new().unset_variables_unknown(true))?;
    let mut out = String::new();
    for var in &view.variables {
        out.push_str(&format!("variable {} at {}\n", var.name, var.decl_range));
    }
    for local in &view.locals {
        let value = local.expr.value(&ctx)?;
        out.push_str(&format!("local {} = {}\n", local.name, show(&value)));
    }
    for r in &view.resources {
        out.push_str(&format!(
            "{:?} {}.{} at {}\n",
            r.mode, r.type_name, r.name, r.decl_range
        ));
    }
    for call in &view.module_calls {
        out.push_str(&format!("module {} at {}\n", call.name, call.decl_range));
    }
    for output in &view.outputs {
        let value = output.value.value(&ctx)?;
        out.push_str(&format!("output {} = {}\n", output.name, show(&value)));
    }
    Ok(out)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT_DIR.to_string());
    match describe(&dir) {
        Ok(text) => print!("{text}"),
        Err(err) => {
            eprintln!("{err}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_module() {
        let text = describe(DEFAULT_DIR).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.contains("variable region at "), "{text}");
        assert!(
            text.contains("local name_prefix = String(\"web-eu-west-1\")"),
            "{text}"
        );
        assert!(text.contains("Managed aws_instance.web at "), "{text}");
        assert!(
            text.contains("output instance_ids = (known after apply)"),
            "{text}"
        );
    }
}
