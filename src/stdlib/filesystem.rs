//! The file-system functions, opt-in and sandboxed: [`Filesystem`] and
//! the functions it grants.

use std::fs;
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use base64::Engine as _;

use super::template::render;
use super::{make_set, str_arg, Def, MAX_ELEMENTS};
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::eval::{EvalContext, ExpressionClosure, Function, FunctionError, Param};
use crate::value::{Type, Value};

/// A grant of read access to the files under one directory: what the
/// file-system functions read.
///
/// The file-system functions, opt-in and sandboxed: `file`, `fileexists`,
/// `fileset`, `filebase64`, the file hashes (`filemd5`, `filesha1`,
/// `filesha256`, `filesha512`, `filebase64sha256`, `filebase64sha512`,
/// feature `hashes`), `templatefile`, `abspath` and `pathexpand`.
///
/// None of them is in [`EvalContext::with_stdlib`]: an application grants
/// them with [`EvalContext::with_filesystem`] and a [`Filesystem`], which
/// confines every path to one root directory:
///
/// - a relative path is taken from the root;
/// - an absolute path, a `..` or a symbolic link that leads outside the
///   root is an error ("Path outside the root"), checked both on the text
///   of the path and on the file it really names (symbolic links resolved),
///   so a link inside the root cannot reach out of it;
/// - a file larger than [`Filesystem::max_file_bytes`] (by default
///   [`Filesystem::DEFAULT_MAX_FILE_BYTES`], 16 MiB) is an error rather than a read;
/// - `fileset` visits at most 1 048 576
///   entries, skips entries whose link leads outside the root, lists a
///   link to a file inside it, and does not descend into linked
///   directories (so a link cycle cannot loop).
///
/// ```
/// use hcl_json::stdlib::Filesystem;
/// use hcl_json::EvalContext;
///
/// let ctx = EvalContext::new()
///     .with_stdlib()
///     .with_filesystem(Filesystem::new("."));
/// assert!(ctx.function("file").is_some());
/// assert!(EvalContext::new().with_stdlib().function("file").is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Filesystem(Arc<Sandbox>);

#[derive(Debug)]
struct Sandbox {
    root: PathBuf,
    max_file_bytes: u64,
    home: Option<PathBuf>,
}

impl Filesystem {
    /// The largest file the functions read by default (16 MiB).
    pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 << 20;

    /// Read access to the files under `root` (a relative root is taken from
    /// the current directory when a function is called).
    pub fn new(root: impl Into<PathBuf>) -> Filesystem {
        Filesystem(Arc::new(Sandbox {
            root: root.into(),
            max_file_bytes: Filesystem::DEFAULT_MAX_FILE_BYTES,
            home: None,
        }))
    }

    /// With a different size limit for the files read.
    pub fn max_file_bytes(self, limit: u64) -> Filesystem {
        let mut sandbox = self.unwrap();
        sandbox.max_file_bytes = limit;
        Filesystem(Arc::new(sandbox))
    }

    /// With the directory `pathexpand` puts for a leading `~` (without it,
    /// `pathexpand` leaves such paths as they are).
    pub fn home(self, dir: impl Into<PathBuf>) -> Filesystem {
        let mut sandbox = self.unwrap();
        sandbox.home = Some(dir.into());
        Filesystem(Arc::new(sandbox))
    }

    fn unwrap(self) -> Sandbox {
        Arc::try_unwrap(self.0).unwrap_or_else(|shared| Sandbox {
            root: shared.root.clone(),
            max_file_bytes: shared.max_file_bytes,
            home: shared.home.clone(),
        })
    }

    /// The root directory.
    pub fn root(&self) -> &Path {
        &self.0.root
    }

    /// The size limit for the files read.
    pub fn limit(&self) -> u64 {
        self.0.max_file_bytes
    }

    /// The file-system functions, by name, confined to this root.
    pub fn functions(&self) -> Vec<(&'static str, Function)> {
        #[allow(unused_mut)]
        let mut all = vec![
            ("abspath", self.abspath()),
            ("file", self.file()),
            (
                "filebase64",
                self.file_with("Reads a file and returns its bytes in Base64.", |b| {
                    Ok(base64::engine::general_purpose::STANDARD.encode(b))
                }),
            ),
            ("fileexists", self.fileexists()),
            ("fileset", self.fileset()),
            ("pathexpand", self.pathexpand()),
            ("templatefile", self.templatefile()),
        ];
        #[cfg(feature = "hashes")]
        all.extend(self.hash_functions());
        all
    }

    #[cfg(feature = "hashes")]
    fn hash_functions(&self) -> Vec<(&'static str, Function)> {
        use super::crypto::{base64_digest, hex_digest};
        use md5::Md5;
        use sha1::Sha1;
        use sha2::{Sha256, Sha512};
        vec![
            (
                "filebase64sha256",
                self.file_with("Returns the SHA-256 digest of a file, in Base64.", |b| {
                    Ok(base64_digest::<Sha256>(b))
                }),
            ),
            (
                "filebase64sha512",
                self.file_with("Returns the SHA-512 digest of a file, in Base64.", |b| {
                    Ok(base64_digest::<Sha512>(b))
                }),
            ),
            (
                "filemd5",
                self.file_with("Returns the MD5 digest of a file, in hexadecimal.", |b| {
                    Ok(hex_digest::<Md5>(b))
                }),
            ),
            (
                "filesha1",
                self.file_with("Returns the SHA-1 digest of a file, in hexadecimal.", |b| {
                    Ok(hex_digest::<Sha1>(b))
                }),
            ),
            (
                "filesha256",
                self.file_with(
                    "Returns the SHA-256 digest of a file, in hexadecimal.",
                    |b| Ok(hex_digest::<Sha256>(b)),
                ),
            ),
            (
                "filesha512",
                self.file_with(
                    "Returns the SHA-512 digest of a file, in hexadecimal.",
                    |b| Ok(hex_digest::<Sha512>(b)),
                ),
            ),
        ]
    }

    /// The canonical root.
    fn canonical_root(&self) -> Result<PathBuf, String> {
        fs::canonicalize(&self.0.root).map_err(|e| {
            format!(
                "the root directory {} cannot be opened: {e}",
                self.0.root.display()
            )
        })
    }

    /// The path `text` names under the root, checked lexically: the root
    /// joined with the path, `.` and `..` removed, which must not leave the
    /// root.
    fn lexical(&self, text: &str, root: &Path) -> Result<PathBuf, String> {
        let given = Path::new(text);
        let joined = if given.is_absolute() {
            given.to_path_buf()
        } else {
            root.join(given)
        };
        let mut out = PathBuf::new();
        for part in joined.components() {
            match part {
                Component::ParentDir => {
                    out.pop();
                }
                Component::CurDir => {}
                other => out.push(other),
            }
        }
        if out.starts_with(root) {
            Ok(out)
        } else {
            Err(outside(text))
        }
    }

    /// The real file `text` names: inside the root both lexically and
    /// after resolving symbolic links. A missing file is Terraform's "no
    /// file exists" error.
    fn resolve(&self, text: &str) -> Result<PathBuf, String> {
        let root = self.canonical_root()?;
        let lexical = self.lexical(text, &root)?;
        let real = fs::canonicalize(&lexical).map_err(|_| {
            format!("no file exists at {text:?}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource")
        })?;
        if real.starts_with(&root) {
            Ok(real)
        } else {
            Err(outside(text))
        }
    }

    /// The bytes of the file `text` names, within the size limit.
    fn read(&self, text: &str) -> Result<Vec<u8>, String> {
        let path = self.resolve(text)?;
        let limit = self.0.max_file_bytes;
        let file = fs::File::open(&path).map_err(|e| format!("failed to read {text:?}: {e}"))?;
        let meta = file
            .metadata()
            .map_err(|e| format!("failed to read {text:?}: {e}"))?;
        if meta.is_dir() {
            return Err(format!("{text:?} is a directory, not a file"));
        }
        let too_big = || format!("{text:?} is larger than the limit of {limit} bytes");
        if meta.len() > limit {
            return Err(too_big());
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("failed to read {text:?}: {e}"))?;
        if bytes.len() as u64 > limit {
            return Err(too_big());
        }
        Ok(bytes)
    }

    fn read_text(&self, text: &str) -> Result<String, String> {
        String::from_utf8(self.read(text)?).map_err(|_| {
            format!("contents of {text:?} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead")
        })
    }

    fn file(&self) -> Function {
        let fs = self.clone();
        Def::new("Reads a file (UTF-8 text) under the root and returns its content.")
            .impure()
            .param(
                "path",
                Type::String,
                "The file's path, relative to the root.",
            )
            .returns(Type::String)
            .build(move |args| {
                fs.read_text(str_arg(args, 0)?)
                    .map(Value::from)
                    .map_err(|e| FunctionError::arg(0, e))
            })
    }

    fn file_with(
        &self,
        description: &'static str,
        f: fn(&[u8]) -> Result<String, String>,
    ) -> Function {
        let fs = self.clone();
        Def::new(description)
            .impure()
            .param(
                "path",
                Type::String,
                "The file's path, relative to the root.",
            )
            .returns(Type::String)
            .build(move |args| {
                let bytes = fs
                    .read(str_arg(args, 0)?)
                    .map_err(|e| FunctionError::arg(0, e))?;
                f(&bytes).map(Value::from).map_err(FunctionError::new)
            })
    }

    fn fileexists(&self) -> Function {
        let fs = self.clone();
        Def::new("Returns whether a file exists at a path under the root.")
            .impure()
            .param(
                "path",
                Type::String,
                "The file's path, relative to the root.",
            )
            .returns(Type::Bool)
            .build(move |args| {
                let text = str_arg(args, 0)?;
                let root = fs.canonical_root().map_err(FunctionError::new)?;
                let lexical = fs
                    .lexical(text, &root)
                    .map_err(|e| FunctionError::arg(0, e))?;
                let Ok(real) = fs::canonicalize(&lexical) else {
                    return Ok(Value::from(false));
                };
                if !real.starts_with(&root) {
                    return Err(FunctionError::arg(0, outside(text)));
                }
                match fs::metadata(&real) {
                    Ok(m) if m.is_file() => Ok(Value::from(true)),
                    Ok(_) => Err(FunctionError::arg(
                        0,
                        format!("{text:?} is not a regular file"),
                    )),
                    Err(_) => Ok(Value::from(false)),
                }
            })
    }

    fn fileset(&self) -> Function {
        let fs = self.clone();
        Def::new("Returns the set of the paths of the files under a directory that match a glob pattern.")
            .impure()
            .param("path", Type::String, "The directory, relative to the root.")
            .param("pattern", Type::String, "The glob pattern (*, **, ?, [class], {a,b}).")
            .returns(Type::set(Type::String))
            .build(move |args| {
                let dir_text = str_arg(args, 0)?;
                let pattern = str_arg(args, 1)?;
                let dir = fs.resolve(dir_text).map_err(|e| FunctionError::arg(0, e))?;
                let root = fs.canonical_root().map_err(FunctionError::new)?;
                let patterns = super::glob::expand_braces(pattern)
                    .map_err(|e| FunctionError::arg(1, e))?;
                let mut found = Vec::new();
                let mut visited = 0usize;
                walk(&dir, "", &root, &mut visited, &mut |rel| {
                    if patterns.iter().any(|p| super::glob::matches(p, rel)) {
                        found.push(Value::from(rel));
                    }
                })
                .map_err(FunctionError::new)?;
                make_set(Type::String, found)
            })
    }

    fn abspath(&self) -> Function {
        let fs = self.clone();
        Def::new("Returns the absolute form of a path under the root (the file need not exist).")
            .impure()
            .param("path", Type::String, "The path, relative to the root.")
            .returns(Type::String)
            .build(move |args| {
                let text = str_arg(args, 0)?;
                let root = fs.canonical_root().map_err(FunctionError::new)?;
                let path = fs
                    .lexical(text, &root)
                    .map_err(|e| FunctionError::arg(0, e))?;
                Ok(Value::from(path.to_string_lossy().into_owned()))
            })
    }

    fn pathexpand(&self) -> Function {
        let fs = self.clone();
        Def::new(
            "Replaces a leading ~ in a path with the home directory the application configured.",
        )
        .impure()
        .param("path", Type::String, "The path.")
        .returns(Type::String)
        .build(move |args| {
            let text = str_arg(args, 0)?;
            let rest = match text.strip_prefix('~') {
                Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
                _ => return Ok(Value::from(text)),
            };
            match &fs.0.home {
                Some(home) => Ok(Value::from(format!("{}{rest}", home.display()))),
                None => Ok(Value::from(text)),
            }
        })
    }

    fn templatefile(&self) -> Function {
        let fs = self.clone();
        Function::builder()
            .description("Reads a file under the root and renders it as a template with the given variables.")
            .param(Param::new("path", Type::String).describe("The template file's path, relative to the root."))
            .param(Param::new("vars", Type::Dynamic).describe("An object of template variables."))
            .returns(Type::Dynamic)
            .build_with_closures(move |args: &[ExpressionClosure]| {
                let path = args[0].value()?;
                let vars = args[1].value()?;
                let arg_error = |detail: String| {
                    Error::new(Diagnostic::error(
                        "Invalid function argument",
                        format!("Invalid value for \"path\" parameter: {detail}."),
                        Some(args[0].expression.range()),
                    ).with_kind(DiagnosticKind::InvalidFunctionArgument))
                };
                let text = match &path {
                    Value::String(s) => s.to_string(),
                    v if !v.is_known() => return Ok(Value::dynamic()),
                    _ => return Err(arg_error("a string is required".into())),
                };
                let source = fs.read_text(&text).map_err(arg_error)?;
                render(&source, &text, &vars, &args[1], &args[0].context)
            })
    }
}

fn outside(text: &str) -> String {
    format!("the path {text:?} leads outside the root directory the application allows")
}

/// Visits the regular files under `dir` depth-first, calling `found` with
/// each one's `/`-separated path relative to the walk's start.
fn walk(
    dir: &Path,
    prefix: &str,
    root: &Path,
    visited: &mut usize,
    found: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .map_err(|e| format!("failed to read directory {}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        *visited += 1;
        if *visited > MAX_ELEMENTS {
            return Err(format!(
                "the directory tree has more than {MAX_ELEMENTS} entries"
            ));
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        let Ok(real) = fs::canonicalize(entry.path()) else {
            continue; // a dangling link
        };
        if !real.starts_with(root) {
            continue; // a link out of the sandbox
        }
        let Ok(meta) = fs::metadata(&real) else {
            continue;
        };
        let is_link = entry.file_type().is_ok_and(|t| t.is_symlink());
        if meta.is_dir() && !is_link {
            walk(&real, &rel, root, visited, found)?;
        } else if meta.is_file() {
            found(&rel);
        }
    }
    Ok(())
}

impl EvalContext {
    /// This context with the file-system functions of `fs` (see
    /// [`Filesystem`]): reading is confined to its root.
    pub fn with_filesystem(self, fs: Filesystem) -> EvalContext {
        self.with_builtins(fs.functions())
    }
}
