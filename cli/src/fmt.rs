//! `hcl-json fmt`: files laid out as `terraform fmt` lays them out (native
//! syntax byte for byte as HashiCorp's `hclwrite.Format`, JSON syntax in
//! the library's canonical form), printed, checked or rewritten.
//!
//! Directories are walked for the file names Terraform, OpenTofu, Packer
//! and HCL applications use, skipping hidden directories (`.terraform/`,
//! `.git/`); a file named on the command line is formatted whatever its
//! name, in the syntax its name implies.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

#[derive(Args)]
pub(crate) struct FmtArgs {
    /// List the files that are not formatted, change nothing; exit status 1
    /// when there are any.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite the files that are not formatted, listing their names.
    #[arg(long)]
    write: bool,
    /// Files and directories (walked for `.tf`, `.tfvars`, `.hcl`,
    /// `.tf.json`, `.hcl.json`, ... files).
    #[arg(required = true)]
    paths: Vec<String>,
}

/// The name endings formatted when a directory is walked.
const SUFFIXES: &[&str] = &[
    ".tf",
    ".tfvars",
    ".tofu",
    ".hcl",
    ".tf.json",
    ".tfvars.json",
    ".tofu.json",
    ".hcl.json",
    ".pkr.json",
];

/// Runs `fmt`: exit status 0 when all is well, 1 when a file does not
/// parse, is not formatted (`--check`) or cannot be written, 2 when a path
/// cannot be read.
pub(crate) fn fmt(args: &FmtArgs) -> u8 {
    let mut status = 0;
    let mut files = Vec::new();
    for path in &args.paths {
        let p = Path::new(path);
        if p.is_dir() {
            if let Err(e) = walk(p, &mut files) {
                eprintln!("Error: cannot read directory {path}: {e}\n");
                status = 2;
            }
        } else {
            files.push(p.to_path_buf());
        }
    }
    let mut stdout = std::io::stdout().lock();
    for file in &files {
        let name = file.display().to_string();
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("Error: cannot read {name}: {e}\n");
                status = 2;
                continue;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            eprintln!("Error: {name} is not valid UTF-8\n");
            status = status.max(1);
            continue;
        };
        let formatted = match hcl_json::format::auto(&text, &name) {
            Ok(formatted) => formatted,
            Err(err) => {
                eprint!("{err}");
                status = status.max(1);
                continue;
            }
        };
        let written = if args.check {
            if formatted == text {
                Ok(())
            } else {
                status = status.max(1);
                writeln!(stdout, "{name}")
            }
        } else if args.write {
            if formatted == text {
                Ok(())
            } else if let Err(e) = std::fs::write(file, &formatted) {
                eprintln!("Error: cannot write {name}: {e}\n");
                status = status.max(1);
                Ok(())
            } else {
                writeln!(stdout, "{name}")
            }
        } else {
            stdout.write_all(formatted.as_bytes())
        };
        if let Err(e) = written.and_then(|()| stdout.flush()) {
            eprintln!("Error: failed to write output: {e}\n");
            return 1;
        }
    }
    status
}

/// Appends the files under `dir` to format, in name order.
fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, files)?;
        } else if SUFFIXES.iter().any(|s| name.ends_with(s)) {
            files.push(path);
        }
    }
    Ok(())
}
