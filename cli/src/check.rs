//! `hcl-json check`: files and whole trees checked on every core.
//!
//! Each argument is a file (checked whatever its name) or a directory,
//! walked for the files configuration tools read ([`is_config_file`]),
//! skipping hidden directories (`.git`, `.terraform`). A file is parsed in
//! the syntax its name implies and checked with [`File::check`] (every
//! template parsed, every function call looked up in Terraform's
//! functions: a call to another is an error in Terraform's and OpenTofu's
//! files, a warning in another application's, which may define it); the
//! Terraform files of each walked directory are also checked as one module
//! ([`hcl_json::module::check_files_in`]: names declared twice, references
//! to what the module does not declare or Terraform would refuse, the
//! values of the variable files Terraform loads by itself, and the calls
//! of local modules against the modules they call).
//!
//! The work is split by unit (a module directory, or one file) over
//! `--jobs` threads that take the next unit from one atomic index, so a
//! thread is never idle while work is left. What they find is put back in
//! path order before anything is written, so the output is the same
//! whatever the scheduling. A progress bar is drawn on stderr when it is a
//! terminal and the run lasts more than a moment; never in a pipe.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use hcl_json::hcldec::SpecFile;
use hcl_json::module::LocalModules;
use hcl_json::stdlib::{Filesystem, Unpredictable};
use hcl_json::{Diagnostic, EvalContext, File, Severity};

use hcl_json::diag::{JsonDiagnostics, Source, Sources};

use crate::diags::{self, Format};
use crate::{DiagArgs, Failure, Run};

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// The files to check, and directories to walk for `.tf`, `.tf.json`,
    /// `.tfvars`, `.hcl`, `.hcl.json`, ... files (hidden directories such
    /// as `.git` and `.terraform` are skipped).
    #[arg(required = true, value_name = "PATH")]
    files: Vec<String>,
    /// Also decode each file by this spec (templates evaluated with the
    /// spec's variables and functions), reporting every problem.
    #[arg(short = 's', long, value_name = "FILE")]
    spec: Option<String>,
    /// How many files to check at once (default: one per core).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    // With `--diags=json` the diagnostics are one JSON document on stdout
    // (what CI reads); the summary line is on stderr either way.
    #[command(flatten)]
    diags: DiagArgs,
}

/// The suffixes of the files a directory walk checks: Terraform's and
/// OpenTofu's configuration, variable and test files, Packer's, and any
/// HCL application's `.hcl` / `.hcl.json`.
const CONFIG_SUFFIXES: &[&str] = &[
    ".tf",
    ".tf.json",
    ".tofu",
    ".tofu.json",
    ".tfvars",
    ".tfvars.json",
    ".tftest.json",
    ".tofutest.json",
    ".hcl",
    ".hcl.json",
    ".pkr.json",
    ".pkrvars.json",
];

/// Whether a directory walk checks the file `name`.
fn is_config_file(name: &str) -> bool {
    CONFIG_SUFFIXES.iter().any(|s| name.ends_with(s))
}

/// Whether `name` is one of a Terraform module's configuration files
/// (what Terraform loads as the module, override files included) or one
/// of the variable files it loads from the module's directory by itself,
/// whose values are checked against the module's variables.
fn is_module_file(name: &str) -> bool {
    [
        ".tf",
        ".tf.json",
        ".tofu",
        ".tofu.json",
        ".auto.tfvars",
        ".auto.tfvars.json",
    ]
    .iter()
    .any(|s| name.ends_with(s))
        || name == "terraform.tfvars"
        || name == "terraform.tfvars.json"
}

/// Whether `path` names a variable file Terraform loads by itself.
fn is_variable_file(path: &str) -> bool {
    let name = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.ends_with(".tfvars") || name.ends_with(".tfvars.json")
}

/// Whether `path` is read by Terraform or OpenTofu, whose functions are
/// the standard library's: a call to any other is an error there.
fn is_terraform_file(path: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        ".tf",
        ".tf.json",
        ".tofu",
        ".tofu.json",
        ".tfvars",
        ".tfvars.json",
        ".tftest.hcl",
        ".tftest.json",
        ".tofutest.hcl",
        ".tofutest.json",
    ];
    SUFFIXES.iter().any(|s| path.ends_with(s))
}

/// In a file of another application (`.hcl`, `.pkr.hcl`, `terragrunt.hcl`)
/// a function the standard library lacks may be the application's own, so
/// a call to it is a warning, not an error.
fn application_may_define(d: &mut Diagnostic) {
    if d.summary == "Call to unknown function" && d.severity == Severity::Error {
        d.severity = Severity::Warning;
        d.detail.push_str(
            " It is not one of Terraform's functions; the application that reads this file may define it.",
        );
    }
}

/// What one thread checks at a time: the Terraform files of one walked
/// directory together (their references are checked across the files),
/// or one file.
enum Unit {
    Module(Vec<String>),
    File(String),
}

impl Unit {
    fn len(&self) -> usize {
        match self {
            Unit::Module(paths) => paths.len(),
            Unit::File(_) => 1,
        }
    }
}

/// One file's outcome: its diagnostics, its source while they may need it,
/// and in the text format the diagnostics rendered (by the thread that
/// checked the file: rendering costs more than checking).
struct Checked {
    path: String,
    source: Option<Source>,
    diags: Vec<Diagnostic>,
    rendered: String,
}

pub(crate) fn run(args: CheckArgs) -> Result<u8, Failure> {
    let mut run = Run::new(&args.diags, false);
    let spec = match &args.spec {
        Some(path) => {
            let body = run.parse_file(path).map(|f| f.body());
            run.stop_on_errors()?;
            let Some(body) = body else {
                return Err(Failure::Diagnostics(run.rendered()));
            };
            let (spec, diags) = SpecFile::from_body_with_diagnostics(&body);
            run.diags.extend(diags);
            run.stop_on_errors()?;
            Some(spec)
        }
        None => None,
    };
    // Without a spec every function Terraform has is known, the file and
    // clock functions too: a check calls none of those (only pure
    // functions, with unknown arguments, to find calls that always fail).
    let ctx = match &spec {
        Some(spec) => spec.context(),
        None => EvalContext::new()
            .with_stdlib()
            .with_filesystem(Filesystem::new("."))
            .with_unpredictable(Unpredictable::unknown()),
    };
    let units = units(&args.files);
    let total: usize = units.iter().map(Unit::len).sum();
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        usize::from,
    );
    let checker = Checker {
        spec: spec.as_ref(),
        ctx: &ctx,
        format: run.format,
        modules: LocalModules::new(),
    };
    let mut checked = checker.all(&units, jobs, total);
    checked.sort_by(|a, b| a.path.cmp(&b.path));

    // The spec's own warnings first, then each file's diagnostics.
    let mut text = if run.diags.is_empty() {
        String::new()
    } else {
        run.rendered()
    };
    let mut all = run.diags;
    let mut sources = run.sources;
    let (mut errors, mut warnings, mut with_problems) = (0, 0, 0);
    for file in checked {
        with_problems += usize::from(!file.diags.is_empty());
        for d in &file.diags {
            match d.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
            }
        }
        text.push_str(&file.rendered);
        all.extend(file.diags);
        if let Some(source) = file.source {
            sources.add(source);
        }
    }
    if run.format == Format::Json {
        // A clean run is still a document for CI to read.
        let doc = JsonDiagnostics::new(&all, &sources);
        text = serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n";
    }
    let summary = summary(total, errors, warnings, with_problems);
    let written = if run.format == Format::Json {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
    } else {
        std::io::stderr().write_all(text.as_bytes())
    };
    written.map_err(|e| Failure::Message(format!("failed to write output: {e}"), 1))?;
    let _ = writeln!(std::io::stderr(), "{summary}");
    Ok(u8::from(errors > 0))
}

/// "12 files checked, 2 errors, 1 warning in 2 files".
fn summary(files: usize, errors: usize, warnings: usize, in_files: usize) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let mut line = format!(
        "{} checked, {}, {}",
        plural(files, "file"),
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    if in_files > 0 {
        line.push_str(&format!(" in {}", plural(in_files, "file")));
    }
    line
}

/// The units of work for the command line's paths, in path order: each
/// directory walked, each file as given (each path once).
fn units(paths: &[String]) -> Vec<Unit> {
    let mut files = std::collections::BTreeSet::new();
    let mut modules = std::collections::BTreeMap::<String, Vec<String>>::new();
    for path in paths {
        if Path::new(path).is_dir() {
            let mut found = Vec::new();
            walk(Path::new(path), &mut found);
            for file in found {
                let name = file.to_string_lossy().into_owned();
                let base = file.file_name().map(|n| n.to_string_lossy().into_owned());
                if base.as_deref().is_some_and(is_module_file) {
                    let dir = file.parent().map(|d| d.to_string_lossy().into_owned());
                    modules
                        .entry(dir.unwrap_or_default())
                        .or_default()
                        .push(name);
                } else {
                    files.insert(name);
                }
            }
        } else {
            files.insert(path.clone());
        }
    }
    let mut units: Vec<Unit> = Vec::new();
    for (_, mut paths) in modules {
        paths.sort();
        paths.dedup();
        // Variable files without a module beside them set nothing here
        // (a -var-file's directory): each is checked on its own.
        if paths.iter().all(|p| is_variable_file(p)) {
            files.extend(paths);
            continue;
        }
        // A file also named on the command line is checked with its module.
        for p in &paths {
            files.remove(p);
        }
        units.push(Unit::Module(paths));
    }
    units.extend(files.into_iter().map(Unit::File));
    units
}

/// The configuration files under `dir`, skipping hidden directories and
/// what cannot be read (symbolic links to directories are not followed,
/// so a link cycle cannot make the walk endless).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !name.starts_with('.') {
                walk(&entry.path(), out);
            }
        } else if is_config_file(&name) {
            out.push(entry.path());
        }
    }
}

/// What every unit is checked with.
struct Checker<'a> {
    spec: Option<&'a SpecFile>,
    ctx: &'a EvalContext,
    format: Format,
    /// The local modules the walked directories call, each read once.
    modules: LocalModules,
}

impl Checker<'_> {
    /// Every unit checked on `jobs` threads, with a progress bar on a
    /// terminal for a long run.
    fn all(&self, units: &[Unit], jobs: usize, total: usize) -> Vec<Checked> {
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let running = AtomicUsize::new(jobs);
        let results = Mutex::new(Vec::with_capacity(total));
        let main = std::thread::current();
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(unit) = units.get(i) else { break };
                        mine.extend(self.unit(unit));
                        done.fetch_add(unit.len(), Ordering::Relaxed);
                    }
                    results
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .append(&mut mine);
                    if running.fetch_sub(1, Ordering::AcqRel) == 1 {
                        main.unpark();
                    }
                });
            }
            progress(&done, &running, total);
        });
        results
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn unit(&self, unit: &Unit) -> Vec<Checked> {
        match unit {
            Unit::File(path) => {
                let (mut checked, file) = read(path);
                if let Some(file) = file {
                    let mut diags = self.file_diags(&file);
                    if self.spec.is_none() && !is_terraform_file(path) {
                        diags.iter_mut().for_each(application_may_define);
                    }
                    checked.diags.extend(diags);
                }
                vec![self.finish(checked)]
            }
            Unit::Module(paths) => {
                let mut out = Vec::new();
                let mut files = Vec::new();
                for path in paths {
                    let (checked, file) = read(path);
                    out.push(checked);
                    files.extend(file);
                }
                // The walked directory, for the calls of local modules.
                let dir = paths
                    .first()
                    .and_then(|p| Path::new(p).parent())
                    .unwrap_or(Path::new("."));
                let mut diags = if self.ctx.is_literal() {
                    Vec::new()
                } else {
                    hcl_json::module::check_files_in(&files, dir, self.ctx, &self.modules)
                        .as_slice()
                        .to_vec()
                };
                if let Some(spec) = self.spec {
                    for file in &files {
                        let (_, found) = spec.spec.decode_with_diagnostics(&file.body(), self.ctx);
                        diags.extend(found);
                    }
                }
                // Each diagnostic back to the file it points into.
                let index: std::collections::HashMap<String, usize> = out
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.path.clone(), i))
                    .collect();
                for d in diags {
                    let i = d
                        .subject
                        .as_ref()
                        .and_then(|r| index.get(&*r.filename).copied());
                    out[i.unwrap_or(0)].diags.push(d);
                }
                out.into_iter().map(|c| self.finish(c)).collect()
            }
        }
    }

    /// The diagnostics of one file: its checks in the context, and what
    /// decoding it by the spec reports.
    fn file_diags(&self, file: &File) -> Vec<Diagnostic> {
        let mut diags = if self.ctx.is_literal() {
            Vec::new()
        } else {
            file.check(self.ctx).as_slice().to_vec()
        };
        if let Some(spec) = self.spec {
            let (_, found) = spec.spec.decode_with_diagnostics(&file.body(), self.ctx);
            diags.extend(found);
        }
        diags
    }

    /// A file's diagnostics in source order, each once (a spec's decode
    /// and the file's own check can both find a broken template), rendered
    /// in the text format.
    fn finish(&self, mut checked: Checked) -> Checked {
        let start = |d: &Diagnostic| d.subject.as_ref().map_or(0, |r| r.start.byte);
        checked.diags.sort_by_key(start);
        let mut seen = std::collections::HashSet::new();
        checked.diags.retain(|d| {
            let key = (
                d.summary.clone(),
                d.detail.clone(),
                d.subject.as_ref().map(|r| (r.start.byte, r.end.byte)),
            );
            seen.insert(key)
        });
        if let (Format::Text { .. }, false) = (self.format, checked.diags.is_empty()) {
            let mut sources = Sources::new();
            if let Some(source) = checked.source.take() {
                sources.add(source);
            }
            checked.rendered = diags::render(&checked.diags, &sources, self.format);
        }
        // The JSON document's snippets need the sources of the files with
        // diagnostics; nothing else keeps a file's text.
        if self.format != Format::Json || checked.diags.is_empty() {
            checked.source = None;
        }
        checked
    }
}

/// Reads and parses `path` (JSON syntax when the name ends in `.json`, as
/// everywhere in this command), with what went wrong if it does not.
fn read(path: &str) -> (Checked, Option<File>) {
    let mut checked = Checked {
        path: path.to_string(),
        source: None,
        diags: Vec::new(),
        rendered: String::new(),
    };
    let Ok(bytes) = std::fs::read(path) else {
        checked.diags.push(Diagnostic::error(
            "Failed to open file",
            format!("The file {path:?} could not be opened."),
            None,
        ));
        return (checked, None);
    };
    let Ok(text) = String::from_utf8(bytes) else {
        checked.diags.push(Diagnostic::error(
            "Invalid file encoding",
            format!("The file {path:?} is not valid UTF-8."),
            None,
        ));
        return (checked, None);
    };
    #[allow(clippy::case_sensitive_file_extension_comparisons)]
    let parsed = if path.ends_with(".json") {
        hcl_json::parse(&text, path)
    } else {
        hcl_json::parse_native(&text, path)
    };
    match parsed {
        Ok(file) => {
            // A parsed file also names the block or JSON path around a
            // diagnostic ("in resource ...").
            checked.source = Some(Source::from(&file));
            (checked, Some(file))
        }
        Err(err) => {
            // The error's own source (a parse error carries its file):
            // what the parse recovered still names the place of each
            // error.
            checked.source = err.sources().first().cloned();
            checked.diags.extend(err.into_diagnostics());
            (checked, None)
        }
    }
}

/// Draws a progress bar on stderr while `running` threads work, from one
/// second into the run and only when stderr is a terminal.
fn progress(done: &AtomicUsize, running: &AtomicUsize, total: usize) {
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut bar: Option<indicatif::ProgressBar> = None;
    while running.load(Ordering::Acquire) > 0 {
        // The last thread to finish wakes this one.
        std::thread::park_timeout(Duration::from_millis(100));
        if !terminal {
            continue;
        }
        if bar.is_none() && started.elapsed() >= Duration::from_secs(1) {
            let b = indicatif::ProgressBar::new(total as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} files, {per_sec}, {eta} left",
            ) {
                b.set_style(style);
            }
            bar = Some(b);
        }
        if let Some(b) = &bar {
            b.set_position(done.load(Ordering::Relaxed) as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}
