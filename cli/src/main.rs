//! `hcl-json`: decode HCL files by an `hcldec` spec, evaluate templates,
//! and check files, from a shell.
//!
//! `hcl-json convert` converts files between HCL's JSON and native
//! syntaxes.
//!
//! `hcl-json fmt` formats files as `terraform fmt` does (`fmt.rs`).
//!
//! `hcl-json decode` takes `hcldec`'s flags and writes what it writes
//! (one-line cty JSON on stdout, diagnostics on stderr, the same exit
//! statuses), and `hcl-json --spec=S ...` without a subcommand is the same
//! as `hcl-json decode --spec=S ...`, so the binary can stand in for
//! `hcldec` under HashiCorp's spec-suite harness.
//!
//! Exit statuses: 0 success; 1 errors in checked files (`check`), a
//! value with no JSON form (`decode`, as `hcldec`) or output that could
//! not be written; 2 bad invocation, unreadable file, bad spec or
//! `--vars`, or error diagnostics (a file that does not parse or convert).
#![forbid(unsafe_code)]

mod check;
mod diags;
mod fmt;
mod json;

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use hcl_json::diag::Sources;
use hcl_json::hcldec::SpecFile;
use hcl_json::stdlib::{Filesystem, Unpredictable};
use hcl_json::{Body, Diagnostic, DiagnosticKind, EvalContext, Expression, File, Value};

use diags::Format;
use json::Json;

#[derive(Parser)]
#[command(
    name = "hcl-json",
    version,
    about = "Check, convert, evaluate and decode HCL files of both syntaxes (native .tf/.hcl and JSON .tf.json/.hcl.json)",
    long_about = "Check, convert, evaluate and decode HCL files of both syntaxes: the native syntax (.tf, .hcl) and the JSON syntax (.tf.json, .hcl.json).\n\nWithout a subcommand, the arguments are those of `decode`, so that hcl-json can stand in for HashiCorp's hcldec."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decode files by a spec into JSON (hcldec's flags and output).
    Decode(DecodeArgs),
    /// Evaluate a template, or every attribute of a file, into JSON.
    Eval(EvalArgs),
    /// Check files and directory trees: parse every file and template, look
    /// up every function call and module reference; exit status 1 on errors.
    ///
    /// Diagnostics go to stderr, or with `--diags=json` to stdout as one
    /// JSON document; a summary line ends the run on stderr.
    Check(check::CheckArgs),
    /// Convert files between JSON syntax (.tf.json) and native syntax (.tf).
    Convert(ConvertArgs),
    /// Format files as `terraform fmt` does: print, --check or --write them.
    Fmt(fmt::FmtArgs),
}

#[derive(Args)]
struct DiagArgs {
    /// Write diagnostics as JSON ("json" is the only format accepted).
    #[arg(long = "diags", value_name = "FORMAT", value_parser = ["json"])]
    diags: Option<String>,
}

#[derive(Args)]
struct DecodeArgs {
    /// The spec file (an hcldec spec: native syntax, or JSON syntax when the name ends in `.json`).
    #[arg(short = 's', long, value_name = "FILE")]
    spec: String,
    /// Variables: an inline JSON object, or a file of attributes; repeatable.
    #[arg(short = 'V', long = "vars", value_name = "JSON|FILE")]
    vars: Vec<String>,
    /// Wrap the result as {"value": ..., "type": ...} with cty's type notation.
    #[arg(long)]
    with_type: bool,
    /// Keep object properties whose value is null (dropped by default).
    #[arg(long)]
    keep_nulls: bool,
    /// Print the variables the input refers to instead of decoding it.
    #[arg(long)]
    var_refs: bool,
    /// Write the result to this file instead of stdout.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: Option<String>,
    #[command(flatten)]
    diags: DiagArgs,
    /// Input files (`*.json`: JSON syntax, others: native syntax), merged into one body;
    /// stdin (native syntax) when none.
    files: Vec<String>,
}

#[derive(Args)]
struct EvalArgs {
    /// A template (`"${1 + 2}"`, `"Hello, ${name}!"`) or a file whose
    /// attributes are evaluated.
    input: String,
    /// Read INPUT as an expression (`1 + 2`, `upper(x)`) instead of a template.
    #[arg(short = 'e', long)]
    expression: bool,
    /// Variables: an inline JSON object, or a file of attributes; repeatable.
    #[arg(short = 'V', long = "vars", value_name = "JSON|FILE")]
    vars: Vec<String>,
    /// Grant the file functions (file, fileexists, fileset, templatefile,
    /// ...), reading under the current directory only.
    #[arg(long)]
    allow_files: bool,
    /// Grant the impure functions (timestamp, plantimestamp, uuid,
    /// bcrypt): the system clock and random generator.
    #[arg(long)]
    allow_impure: bool,
    #[command(flatten)]
    diags: DiagArgs,
}

// Command-line flags: each bool is one independent switch, as clap reads them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Args)]
struct ConvertArgs {
    /// The syntax to write: `native` (.tf) or `json` (.tf.json).
    #[arg(long, value_name = "SYNTAX", value_parser = ["native", "json"])]
    to: String,
    /// The syntax of the input: by default from each file name (`*.json`
    /// is JSON, others native); stdin is the opposite of `--to`.
    #[arg(long, value_name = "SYNTAX", value_parser = ["native", "json"])]
    from: Option<String>,
    /// Read the files with Terraform's language (its block types,
    /// literal and reference arguments); the default, except for Packer's
    /// files (`*.pkr.json`, `*.pkr.hcl`).
    #[arg(long, conflicts_with_all = ["no_schema", "packer"])]
    terraform: bool,
    /// Read the files with Packer's language (`source`, `build`,
    /// `provisioner`, ...); the default for `*.pkr.json` and `*.pkr.hcl`.
    #[arg(long, conflicts_with = "no_schema")]
    packer: bool,
    /// Read the files without a schema: in JSON every property is an
    /// attribute, in native every attribute an expression.
    #[arg(long)]
    no_schema: bool,
    /// The JSON that `terraform providers schema -json` prints: the nested
    /// blocks of the providers' resources, data sources and provider
    /// blocks convert as blocks.
    #[arg(long, value_name = "FILE")]
    provider_schema: Option<String>,
    /// With `--to json`, keep the comments between items as "//" properties.
    #[arg(long)]
    comments: bool,
    #[command(flatten)]
    diags: DiagArgs,
    /// Input files, written to stdout one after the other; stdin when none.
    files: Vec<String>,
}

const SUBCOMMANDS: &[&str] = &["decode", "eval", "check", "convert", "fmt", "help"];

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().collect();
    // hcldec's command line: flags with no subcommand mean `decode`.
    if let Some(first) = args.get(1) {
        // `-V` is hcldec's `--vars`, so only the long form asks for the version.
        let is_top_flag = matches!(first.as_str(), "-h" | "--help" | "--version");
        if !SUBCOMMANDS.contains(&first.as_str()) && first.starts_with('-') && !is_top_flag {
            args.insert(1, "decode".into());
        }
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    let outcome = match cli.command {
        Command::Decode(args) => decode(args),
        Command::Eval(args) => eval(args),
        Command::Check(args) => check::run(args),
        Command::Convert(args) => convert(args),
        Command::Fmt(args) => Ok(fmt::fmt(&args)),
    };
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Diagnostics(text)) => {
            let _ = std::io::stderr().write_all(text.as_bytes());
            ExitCode::from(2)
        }
        Err(Failure::Message(msg, code)) => {
            let _ = writeln!(std::io::stderr(), "Error: {msg}\n");
            ExitCode::from(code)
        }
    }
}

/// Why a command stopped: rendered diagnostics (exit 2), or one message.
enum Failure {
    Diagnostics(String),
    Message(String, u8),
}

/// The state of one run: the sources read, how to render diagnostics,
/// and the diagnostics collected so far.
struct Run {
    sources: Sources,
    format: Format,
    diags: Vec<Diagnostic>,
}

impl Run {
    /// A run writing diagnostics as the flags ask: for `hcldec`, in its
    /// own text and JSON forms (for `decode`), else with carets and in
    /// `terraform validate -json`'s form.
    fn new(diags: &DiagArgs, hcldec: bool) -> Run {
        let format = match (diags.diags.is_some(), hcldec) {
            (true, true) => Format::HcldecJson,
            (true, false) => Format::Json,
            (false, hcldec) => Format::Text {
                color: std::io::stderr().is_terminal(),
                width: 80,
                hcldec,
            },
        };
        Run {
            sources: Sources::default(),
            format,
            diags: Vec::new(),
        }
    }

    fn has_errors(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == hcl_json::Severity::Error)
    }

    /// Stops with every diagnostic collected when any is an error.
    fn stop_on_errors(&self) -> Result<(), Failure> {
        if self.has_errors() {
            return Err(Failure::Diagnostics(self.rendered()));
        }
        Ok(())
    }

    fn rendered(&self) -> String {
        diags::render(&self.diags, &self.sources, self.format)
    }

    /// Reads and parses one file: JSON syntax when the name ends in
    /// `.json`, native syntax otherwise, as `hcldec` decides.
    fn parse_file(&mut self, path: &str) -> Option<File> {
        let text = self.read_text(path)?;
        // Case-sensitive, as `hcldec`'s suffix check is.
        #[allow(clippy::case_sensitive_file_extension_comparisons)]
        let json = path.ends_with(".json");
        self.parse_source(path, &text, json)
    }

    /// The text of `path`, or `None` with a diagnostic when it cannot be
    /// read or is not UTF-8.
    fn read_text(&mut self, path: &str) -> Option<String> {
        let Ok(bytes) = std::fs::read(path) else {
            self.diags.push(Diagnostic::error(
                "Failed to open file",
                format!("The file {path:?} could not be opened."),
                None,
            ));
            return None;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            self.diags.push(Diagnostic::error(
                "Invalid file encoding",
                format!("The file {path:?} is not valid UTF-8."),
                None,
            ));
            return None;
        };
        Some(text)
    }

    /// Parses `text` as the JSON syntax (`json`) or as native syntax.
    fn parse_source(&mut self, name: &str, text: &str, json: bool) -> Option<File> {
        let parsed = if json {
            hcl_json::parse(text, name)
        } else {
            hcl_json::parse_native(text, name)
        };
        match parsed {
            Ok(file) => {
                // The parsed file names the block or JSON path around
                // each diagnostic ("on main.tf line 3, in resource ...").
                self.sources.add(&file);
                Some(file)
            }
            Err(err) => {
                // The error's own source (a parse error carries its file):
                // what the parse recovered still names the place of each
                // error.
                for source in err.sources() {
                    self.sources.add(source.clone());
                }
                self.diags.extend(err.into_diagnostics());
                None
            }
        }
    }

    /// `--vars` values: each an inline JSON object (when it starts with
    /// `{`) or a file; every attribute becomes a variable, taken
    /// literally (not evaluated as templates), as `hcldec` does.
    fn variables(&mut self, specs: &[String]) -> Vec<(String, Value)> {
        let mut vars = Vec::new();
        for (i, spec) in specs.iter().enumerate() {
            let file = if spec.trim_start().starts_with('{') {
                self.parse_source(&format!("<vars argument {i}>"), spec, true)
            } else {
                self.parse_file(spec)
            };
            let Some(file) = file else { continue };
            match file.body().just_attributes() {
                Ok(attrs) => {
                    for (name, attr) in attrs {
                        match attr.expr.value(&EvalContext::literal()) {
                            Ok(v) => vars.push((name, v)),
                            Err(err) => self.diags.extend(err.into_diagnostics()),
                        }
                    }
                }
                Err(err) => self.diags.extend(err.into_diagnostics()),
            }
        }
        vars
    }
}

fn write_output(out: Option<&str>, text: &str) -> Result<(), Failure> {
    if let Some(path) = out {
        std::fs::write(path, text)
            .map_err(|e| Failure::Message(format!("can't open {path} for writing: {e}"), 1))
    } else {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| Failure::Message(format!("failed to write output: {e}"), 1))
    }
}

fn decode(args: DecodeArgs) -> Result<u8, Failure> {
    let mut run = Run::new(&args.diags, true);
    let spec_file = run.parse_file(&args.spec);
    run.stop_on_errors()?;
    let spec_body = spec_file.map(|f| f.body());
    let Some(spec_body) = spec_body else {
        return Err(Failure::Diagnostics(run.rendered()));
    };
    let (spec, spec_diags) = SpecFile::from_body_with_diagnostics(&spec_body);
    run.diags.extend(spec_diags);
    run.stop_on_errors()?;

    let vars = run.variables(&args.vars);
    let mut spec = spec;
    spec.variables.extend(vars);
    let ctx = spec.context();

    let mut bodies: Vec<Body> = Vec::new();
    if args.files.is_empty() {
        let mut text = String::new();
        if std::io::stdin().read_to_string(&mut text).is_err() {
            return Err(Failure::Message("failed to read stdin".into(), 1));
        }
        bodies.extend(run.parse_source("<stdin>", &text, false).map(|f| f.body()));
    } else {
        for path in &args.files {
            bodies.extend(run.parse_file(path).map(|f| f.body()));
        }
    }
    run.stop_on_errors()?;

    if args.var_refs {
        let refs = spec.spec.variables_merged(&bodies);
        let doc = Json::Array(refs.iter().map(|t| traversal_json(t, &ctx)).collect());
        write_output(args.out.as_deref(), &format!("{}\n", doc.indented()))?;
        return Ok(0);
    }

    let (value, decode_diags) = spec.spec.decode_merged_with_diagnostics(&bodies, &ctx);
    run.diags.extend(decode_diags);
    run.stop_on_errors()?;
    let json = json::value_json(&value, args.with_type).map_err(|e| Failure::Message(e.0, 1))?;
    let json = if args.keep_nulls {
        json
    } else {
        json::strip_nulls(json)
    };
    write_output(args.out.as_deref(), &format!("{}\n", json.compact()))?;
    Ok(0)
}

/// One variable reference as `hcldec --var-refs` describes it.
fn traversal_json(t: &hcl_json::Traversal, ctx: &EvalContext) -> Json {
    use hcl_json::TraversalStep;
    let mut members = vec![("root_name".to_string(), Json::String(t.root_name().into()))];
    if let Ok(v) = t.evaluate(ctx) {
        if let Ok(j) = json::value_json(&v, false) {
            members.push(("value".into(), j));
        }
    }
    let steps = t
        .steps()
        .iter()
        .map(|s| {
            let mut step = Vec::new();
            match s {
                TraversalStep::Root { name, .. } => {
                    step.push(("kind".to_string(), Json::String("root".into())));
                    step.push(("name".into(), Json::String(name.clone())));
                }
                TraversalStep::Attr { name, .. } => {
                    step.push(("kind".to_string(), Json::String("attr".into())));
                    step.push(("name".into(), Json::String(name.clone())));
                }
                TraversalStep::Index { key, .. } => {
                    step.push(("kind".to_string(), Json::String("index".into())));
                    if let Ok(j) = json::value_json(key, false) {
                        step.push(("key".into(), j));
                    }
                }
                // hcldec has no name for a splat step.
                TraversalStep::Splat { .. } => {
                    step.push(("kind".to_string(), Json::String("(unknown)".into())));
                }
            }
            step.push(("range".into(), diags::range_json(s.range())));
            Json::Object(step)
        })
        .collect();
    members.push(("steps".into(), Json::Array(steps)));
    members.push(("range".into(), diags::range_json(&t.range())));
    Json::Object(members)
}

fn eval(args: EvalArgs) -> Result<u8, Failure> {
    let mut run = Run::new(&args.diags, false);
    let vars = run.variables(&args.vars);
    run.stop_on_errors()?;
    let given_vars = !vars.is_empty();
    let mut ctx = EvalContext::new().with_stdlib().with_variables(vars);
    if args.allow_files {
        ctx = ctx.with_filesystem(Filesystem::new("."));
    }
    if args.allow_impure {
        ctx = ctx.with_unpredictable(Unpredictable::system());
    }
    let grants = Grants {
        given_vars,
        files: args.allow_files,
        impure: args.allow_impure,
    };
    let is_file = !args.expression && std::path::Path::new(&args.input).is_file();
    let value = if is_file {
        let Some(file) = run.parse_file(&args.input) else {
            return Err(Failure::Diagnostics(run.rendered()));
        };
        let attrs = match file.body().just_attributes() {
            Ok(attrs) => attrs,
            Err(err) => {
                run.diags.extend(err.into_diagnostics());
                return Err(Failure::Diagnostics(run.rendered()));
            }
        };
        let mut values = Vec::new();
        for (name, attr) in attrs {
            match attr.expr.value(&ctx) {
                Ok(v) => values.push((name, v)),
                Err(err) => run.diags.extend(err.into_diagnostics()),
            }
        }
        Value::object(values)
    } else {
        // What the user typed is the source: a template (as the content
        // of a JSON string is read) or, with -e, an expression.
        let (name, parsed) = if args.expression {
            (
                "<expression>",
                Expression::parse(&args.input, "<expression>"),
            )
        } else {
            (
                "<template>",
                Expression::parse_template(&args.input, "<template>"),
            )
        };
        run.sources
            .add(hcl_json::pos::SourceFile::new(name, args.input.clone()));
        match parsed.and_then(|expr| expr.value(&ctx)) {
            Ok(v) => v,
            Err(err) => {
                run.diags.extend(err.into_diagnostics());
                Value::null(hcl_json::Type::Dynamic)
            }
        }
    };
    advise(&mut run, &grants);
    run.stop_on_errors()?;
    let json = json::value_json(&value, false).map_err(|e| Failure::Message(e.0, 1))?;
    write_output(None, &format!("{}\n", json.compact()))?;
    Ok(0)
}

/// What `eval` was given: whether any `--vars`, and which grants.
struct Grants {
    given_vars: bool,
    files: bool,
    impure: bool,
}

/// Rewrites the library's advice, which speaks to a program
/// (`EvalContext::with_variable`, `with_filesystem`), in terms of this
/// command's flags: a variable when none was given, a file or impure
/// function when it was not granted.
fn advise(run: &mut Run, grants: &Grants) {
    let needs_files: Vec<&str> = Filesystem::new(".")
        .functions()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let needs_impure: Vec<&str> = Unpredictable::unknown()
        .functions()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    for d in &mut run.diags {
        let Some(name) = subject_text(&run.sources, d) else {
            continue;
        };
        match d.kind {
            DiagnosticKind::UnknownVariable if !grants.given_vars => {
                d.detail = format!(
                    "There is no variable named {name:?}: give variables with --vars, as a JSON object (--vars '{{\"{name}\": ...}}') or a file of attributes."
                );
            }
            DiagnosticKind::UnknownFunction
                if !grants.files && needs_files.contains(&name.as_str()) =>
            {
                d.detail = format!(
                    "The function {name:?} reads files: it is not available here; grant it with --allow-files (files under the current directory)."
                );
            }
            DiagnosticKind::UnknownFunction
                if !grants.impure && needs_impure.contains(&name.as_str()) =>
            {
                d.detail = format!(
                    "The function {name:?} reads the clock or random bytes: it is not available here; grant it with --allow-impure."
                );
            }
            _ => {}
        }
    }
}

/// The source text of a diagnostic's subject (a variable's or function's
/// name, for the kinds [`advise`] rewrites).
fn subject_text(sources: &Sources, d: &Diagnostic) -> Option<String> {
    let range = d.subject.as_ref()?;
    let text = sources.get(&range.filename)?.file().text();
    text.get(range.bytes()).map(str::to_string)
}

fn convert(args: ConvertArgs) -> Result<u8, Failure> {
    let mut run = Run::new(&args.diags, false);
    let to_json = args.to == "json";
    let mut providers = None;
    if let Some(path) = &args.provider_schema {
        if let Some(text) = run.read_text(path) {
            run.sources
                .add(hcl_json::pos::SourceFile::new(path.as_str(), text.as_str()));
            match hcl_json::convert::ProviderSchemas::from_json(&text, path) {
                Ok(schemas) => providers = Some(schemas),
                Err(err) => run.diags.extend(err.into_diagnostics()),
            }
        }
        run.stop_on_errors()?;
    }
    // The options for one file: the schema asked for, else the one its
    // name implies.
    let options = |name: &str| {
        let packer = name.ends_with(".pkr.json") || name.ends_with(".pkr.hcl");
        let options = if args.no_schema {
            hcl_json::ConvertOptions::without_schema()
        } else if args.packer || (packer && !args.terraform) {
            hcl_json::ConvertOptions::packer()
        } else {
            hcl_json::ConvertOptions::terraform()
        };
        let options = match &providers {
            Some(schemas) => options.provider_schemas(schemas.clone()),
            None => options,
        };
        options.comments(args.comments)
    };
    let from_json = args.from.as_deref().map(|from| from == "json");
    let mut inputs = Vec::new();
    if args.files.is_empty() {
        let mut text = String::new();
        if std::io::stdin().read_to_string(&mut text).is_err() {
            return Err(Failure::Message("failed to read stdin".into(), 1));
        }
        let json = from_json.unwrap_or(!to_json);
        inputs.extend(run.parse_source("<stdin>", &text, json));
    } else {
        for path in &args.files {
            let file = match from_json {
                Some(json) => run
                    .read_text(path)
                    .and_then(|text| run.parse_source(path, &text, json)),
                None => run.parse_file(path),
            };
            inputs.extend(file);
        }
    }
    run.stop_on_errors()?;
    // Everything is converted before anything is written, so that a
    // problem in any file leaves stdout empty.
    let mut out = String::new();
    for file in &inputs {
        let options = options(file.filename());
        let converted = match (to_json, file.syntax()) {
            (true, _) => hcl_json::to_json_string(&file.body(), &options),
            (false, hcl_json::Syntax::Json) => hcl_json::to_native_string(&file.body(), &options),
            (false, _) => Ok(file.source().to_string()),
        };
        match converted {
            Ok(text) => out.push_str(&text),
            Err(err) => run.diags.extend(err.into_diagnostics()),
        }
    }
    run.stop_on_errors()?;
    write_output(None, &out)?;
    Ok(0)
}
