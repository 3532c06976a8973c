//! Ejecting from generated JSON: a `.tf.json` (CDK for Terraform's
//! `cdk.tf.json`, say) converted to native `.tf` text with Terraform's
//! schema.
//!
//! - `cargo run --example eject -- FILE.tf.json` prints the native text
//!   (every expression checked with the native parser);
//! - `cargo run --release --example eject -- --synthesize MB OUT` writes the
//!   synthesized Terraform config of the benchmarks (at least `MB` MiB) to
//!   `OUT`, to measure a conversion's peak memory with
//!   `/usr/bin/time -v target/release/examples/eject OUT > /dev/null`;
//!   `eject --parse-only FILE` stops after parsing, the baseline to compare
//!   with.
//! - The other way, native syntax to JSON: `eject --synthesize-native MB
//!   OUT` writes the same synthesized config converted to native syntax,
//!   `eject --to-json FILE.tf` streams its JSON-syntax form to stdout
//!   through `to_json_writer`, and `eject --to-json --parse-only FILE.tf`
//!   only parses it.

use hcl_json::ConvertOptions;

#[path = "../benches/support.rs"]
mod support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, mb, out] if flag == "--synthesize" => {
            let mb: usize = mb.parse().expect("MB is a number");
            std::fs::write(out, support::synthesized_tf_json(mb << 20)).expect("OUT is writable");
        }
        [flag, mb, out] if flag == "--synthesize-native" => {
            let mb: usize = mb.parse().expect("MB is a number");
            let json = support::synthesized_tf_json(mb << 20);
            let file = hcl_json::parse(&json, "synthesized.tf.json").expect("it parses");
            let native = hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform())
                .expect("it converts");
            std::fs::write(out, native).expect("OUT is writable");
        }
        [flag, path] if flag == "--parse-only" => convert(path, false),
        [to, flag, path] if to == "--to-json" && flag == "--parse-only" => to_json(path, false),
        [to, path] if to == "--to-json" => to_json(path, true),
        [path] => convert(path, true),
        _ => {
            eprintln!("usage: eject [--parse-only] FILE.tf.json | eject --synthesize MB OUT\n       eject --to-json [--parse-only] FILE.tf | eject --synthesize-native MB OUT");
            std::process::exit(2);
        }
    }
}

/// Parses `path` and, if `write`, converts it to stdout.
fn convert(path: &str, write: bool) {
    let text = std::fs::read_to_string(path).expect("FILE is readable");
    let file = match hcl_json::parse(&text, path) {
        Ok(file) => file,
        Err(e) => return fail(e),
    };
    // The source text is in the file now; free this copy.
    drop(text);
    if !write {
        return;
    }
    let options = ConvertOptions::terraform().verify(true);
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    if let Err(e) = hcl_json::to_native_writer(out, &file.body(), &options) {
        fail(e);
    }
}

/// Parses native `path` and, if `write`, converts it to JSON on stdout.
fn to_json(path: &str, write: bool) {
    let text = std::fs::read_to_string(path).expect("FILE is readable");
    let file = match hcl_json::parse_native(&text, path) {
        Ok(file) => file,
        Err(e) => return fail(e),
    };
    drop(text);
    if !write {
        return;
    }
    let options = ConvertOptions::terraform().verify(true);
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    if let Err(e) = hcl_json::to_json_writer(out, &file.body(), &options) {
        fail(e);
    }
}

fn fail(e: hcl_json::Error) {
    eprintln!("{e}");
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use hcl_json::ConvertOptions;

    #[test]
    fn the_bundled_terraform_file_converts_with_every_expression_checked() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/main.tf.json");
        let text = std::fs::read_to_string(path).unwrap();
        let file = hcl_json::parse(&text, "main.tf.json").unwrap();
        let native =
            hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform().verify(true))
                .unwrap();
        assert!(
            native.starts_with("# A small Terraform configuration in JSON syntax, written for the examples.\nterraform {\n"),
            "{native}"
        );
    }
}
