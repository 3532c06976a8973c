//! The standard function library: Terraform's pure functions (and
//! OpenTofu's extra pure ones), by family in private modules, with the
//! opt-in impure ones ([`Filesystem`], [`Unpredictable`]) and the limits
//! that bound each call. [`EvalContext::with_stdlib`] adds them to a
//! context (each also as `core::NAME`, as Terraform does); [`functions`]
//! lists them, and its documentation says how they behave on unknown
//! values, what each call is charged and which cargo feature each heavy
//! family needs. `try` and `can` take their arguments unevaluated and live
//! with HCL's other extensions in [`ext::tryfunc`](crate::ext::tryfunc).

mod codec;
mod collection;
mod conversion;
#[cfg(feature = "hashes")]
mod crypto;
mod encoding;
mod filesystem;
mod glob;
mod impure;
mod marks;
mod network;
mod numeric;
mod path;
mod provider;
#[cfg(feature = "rsa")]
mod rsa;
mod string;
mod template;
mod time;

use std::sync::Arc;

use indexmap::IndexMap;

use crate::eval::{EvalContext, Function, FunctionError, Library, LibraryTable, Param};
use crate::value::{
    limits, marks_may_exist, try_convert, Marks, Number, NumberError, Str, Type, Value,
};

pub use filesystem::Filesystem;
pub use impure::Unpredictable;
pub use time::Timestamp;

// The limits of single functions: fixed, documented in the table above, not
// settings (the evaluation's settings are `Limits`).

/// The most elements `range` generates (Terraform's limit).
pub(crate) const MAX_RANGE: usize = 1024;

/// The most elements `setproduct` builds, the most nodes a `yamldecode`
/// document may expand to, and the most entries `fileset` visits.
pub(crate) const MAX_ELEMENTS: usize = 1 << 20;

/// The largest width or precision a `format` verb may ask for.
pub(crate) const MAX_FORMAT_WIDTH: usize = 10_000;

/// The depth limit of the running evaluation ([`Limits::max_depth`](crate::value::limits::Limits::max_depth)).
pub(crate) fn max_depth() -> usize {
    limits::max_depth()
}

/// The most digits `parseint` reads.
pub(crate) const MAX_PARSEINT_DIGITS: usize = 4096;

impl EvalContext {
    /// This context with every standard function (see [`functions`]).
    ///
    /// ```
    /// use hcl_json::{EvalContext, Value};
    ///
    /// let ctx = EvalContext::new().with_stdlib();
    /// let upper = ctx.function("upper").unwrap();
    /// assert_eq!(upper.call(&[Value::from("hi")]), Ok(Value::from("HI")));
    /// ```
    pub fn with_stdlib(self) -> EvalContext {
        self.with_library(library())
    }

    /// This context with `functions`, each also under `core::NAME` (as
    /// Terraform's built-in functions answer, so that a provider's function
    /// of the same name cannot hide them).
    pub(crate) fn with_builtins(self, functions: Vec<(&'static str, Function)>) -> EvalContext {
        let aliases: Vec<(String, Function)> = functions
            .iter()
            .map(|(name, f)| (format!("core::{name}"), f.clone()))
            .collect();
        self.with_functions(functions).with_functions(aliases)
    }
}

/// Every standard function with its name, family by family (strings,
/// collections, numbers, encodings, hashes, networks, conversions).
///
/// # Cargo features
///
/// The default build has Terraform's light families; each heavy family is
/// a cargo feature, and `full` turns them all on: `yaml` (`yamldecode`, `yamlencode`), `csv`
/// (`csvdecode`), `hashes` (`md5`, `sha1`, `sha256`, `sha512`,
/// `base64sha256`, `base64sha512`, `uuidv5`, the file hashes), `rsa`
/// (`rsadecrypt`), `gzip` (`base64gzip`, `base64gunzip`), `regex`
/// (`regex`, `regexall`, and `replace` with a `/pattern/`, which is an
/// error without it), `text-encodings` (`textencodebase64`,
/// `textdecodebase64`), `bcrypt` and `os-random` (for the opt-in
/// unpredictable functions). [`functions`] lists what the build has; a
/// call to a function the build leaves out is a "Call to unknown
/// function" error whose detail names the feature to enable.
///
/// # Where Terraform and OpenTofu differ
///
/// Terraform is followed: `element` counts negative indexes from the end
/// (go-cty 1.15), `contains` may look for `null` (1.18), `format` and
/// `formatlist` make an unknown string of an unknown of unknown type
/// (1.16). OpenTofu's extra pure functions (`urldecode`, `base64gunzip`,
/// `cidrcontains`) are included since no Terraform function has their
/// names.
///
/// # Pure by default
///
/// No function in [`functions`] reads files, the environment, the network
/// or the clock, or generates randomness: evaluating the same expression
/// twice gives the same value. Terraform's impure functions are opt-in:
/// the file functions (`file`, `fileset`, `templatefile`, ... confined to a
/// root directory, see [`Filesystem`] and [`EvalContext::with_filesystem`])
/// and the unpredictable ones (`timestamp`, `plantimestamp`, `uuid`,
/// `bcrypt`, see [`Unpredictable`] and
/// [`EvalContext::with_unpredictable`]). An application that wants another
/// such function adds it itself (a function built without
/// [`FunctionBuilder::pure`](crate::eval::FunctionBuilder::pure) is taken
/// to be impure, so no result of it is reused):
///
/// ```
/// use hcl_json::eval::{Function, FunctionError, Param};
/// use hcl_json::{EvalContext, Type, Value};
///
/// let env = Function::builder()
///     .description("Returns the value of an environment variable, or null.")
///     .param(Param::new("name", Type::String).describe("The variable's name."))
///     .returns(Type::String)
///     .build(|args| {
///         let name = args[0]
///             .as_str()
///             .ok_or_else(|| FunctionError::arg(0, "a string is required"))?;
///         Ok(std::env::var(name)
///             .map(Value::from)
///             .unwrap_or(Value::null(Type::String)))
///     });
/// let ctx = EvalContext::new().with_stdlib().with_function("env", env);
/// assert!(ctx.function("env").is_some());
/// assert!(ctx.function("upper").is_some());
/// ```
///
/// # Limits
///
/// Every function call is charged to the running evaluation's budget
/// ([`Limits`](crate::value::limits::Limits)): one step per call, and the bytes and
/// values of its converted arguments and of its result. No call allocates
/// past what the budget has left before it is charged: functions that
/// could build a huge value from small arguments check that it fits
/// *before* building it (`join`, `split`, `replace`, `indent`,
/// `setproduct`, `base64encode`), or build it under the budget and fail
/// as they reach it (`format`, `formatlist`, `jsonencode`, `yamlencode`,
/// `urlencode`, `regexall`, `base64gunzip`), and the decoders
/// (`jsondecode`, `yamldecode` with aliases counted by what they expand
/// to, `csvdecode`) charge as they build. The others return at most a
/// small multiple of what their arguments already cost (`upper` of a
/// string, `chunklist` of a list). Past the budget a call fails with the
/// evaluation's one "Evaluation limit exceeded" error. Within that budget,
/// some functions keep their own limits, each bounding the work of one
/// step rather than the size of the result:
///
/// | what | limit |
/// |---|---|
/// | elements `range` generates | 1 024, as in Terraform |
/// | combinations `setproduct` builds | 1 048 576 |
/// | width and precision of one verb in `format` / `formatlist` (digits of `%.Nf` are computed before padding) | 10 000 |
/// | nesting depth of `flatten`, `jsondecode`, `yamldecode`, `jsonencode`, `yamlencode` | [`Limits::max_depth`](crate::value::limits::Limits::max_depth) |
/// | length of a regular expression pattern, size of its compiled program | [`MAX_REGEX_PATTERN`](crate::value::limits::MAX_REGEX_PATTERN), [`MAX_REGEX_SIZE`](crate::value::limits::MAX_REGEX_SIZE) |
/// | nodes a `yamldecode` document expands to (aliases included) | 1 048 576 |
/// | digits `parseint` reads | 4 096 |
/// | `pow` | exact for whole exponents, within [`Number`]'s range; otherwise an error |
/// | bits `cidrsubnets` / `cidrsubnet` may add to a prefix | 32 per subnet, as in Terraform |
/// | bytes of a file the file functions read | [`Filesystem::DEFAULT_MAX_FILE_BYTES`] (16 MiB), or [`Filesystem::max_file_bytes`] |
/// | entries `fileset` visits | 1 048 576 |
/// | patterns `{a,b}` alternatives in a `fileset` pattern expand to | 1024 |
///
/// `chunklist` with size 0 returns the whole list as one chunk, as
/// Terraform does.
///
/// # Unknown values
///
/// Unless a function is documented to look inside them, an argument that is
/// unknown *or contains* unknown values makes the result an unknown value of
/// the result type (go-cty's rule). `length`, `coalesce`, `coalescelist`,
/// `concat`, `merge`, `alltrue`, `anytrue` and the `to*` conversions look at
/// what is known and return unknowns only where they must.
pub fn functions() -> Vec<(&'static str, Function)> {
    let mut all = Vec::new();
    all.extend(string::functions());
    all.extend(collection::functions());
    all.extend(numeric::functions());
    all.extend(encoding::functions());
    all.extend(codec::functions());
    #[cfg(feature = "hashes")]
    all.extend(crypto::functions());
    #[cfg(feature = "rsa")]
    all.extend(rsa::functions());
    all.extend(network::functions());
    all.extend(conversion::functions());
    all.extend(time::functions());
    all.extend(path::functions());
    all.extend(template::functions());
    all.extend(marks::functions());
    all.extend(provider::functions());
    all.push(("try", crate::ext::tryfunc::try_function()));
    all.push(("can", crate::ext::tryfunc::can_function()));
    all
}

/// go-cty's standard functions that Terraform and OpenTofu leave out:
/// `hasindex` (whether a collection has an index or key), `int` (a
/// number's integer part, truncated toward zero) and `strlen` (a string's
/// length in grapheme clusters). HashiCorp's own HCL tools offer them
/// (`hcldec` spec files have all three); [`functions`] and
/// [`EvalContext::with_stdlib`] do not, so that a Terraform file calling
/// one fails as it does in Terraform ("Call to unknown function"). An
/// application that follows go-cty's set adds them:
///
/// ```
/// use hcl_json::{stdlib, EvalContext, Expression, Value};
///
/// let ctx = EvalContext::new().with_stdlib().with_functions(stdlib::cty_functions());
/// let expr = Expression::parse("strlen(\"e\u{301}\") + int(1.9)", "x.hcl")?;
/// assert_eq!(expr.value(&ctx)?, Value::from(2));
/// assert!(Expression::parse("int(1.9)", "x.hcl")?.value(&EvalContext::new().with_stdlib()).is_err());
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn cty_functions() -> Vec<(&'static str, Function)> {
    vec![
        ("hasindex", collection::hasindex()),
        ("int", numeric::int()),
        ("strlen", string::strlen()),
    ]
}

/// The standard library as one shared table, built on first use: every
/// later [`EvalContext::with_stdlib`] is an `Arc` clone, not a rebuild of a
/// hundred functions.
fn library() -> Library {
    static LIBRARY: std::sync::OnceLock<Library> = std::sync::OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            // Each function under its name and as `core::NAME` (but the
            // provider functions, which have a namespace of their own).
            let functions = functions();
            let aliases = functions
                .iter()
                .filter(|(name, _)| !name.contains("::"))
                .map(|(name, f)| (format!("core::{name}"), f.clone()));
            let names = functions
                .iter()
                .map(|(name, f)| (name.to_string(), f.clone()));
            Arc::new(LibraryTable {
                functions: names.chain(aliases).collect(),
                absent: absent_functions(),
            })
        })
        .clone()
}

/// Each cargo feature that brings functions: its name, whether this build
/// has it, and Terraform's functions it brings.
const FEATURE_FUNCTIONS: &[(&str, bool, &[&str])] = &[
    (
        "yaml",
        cfg!(feature = "yaml"),
        &["yamldecode", "yamlencode"],
    ),
    ("csv", cfg!(feature = "csv"), &["csvdecode"]),
    (
        "hashes",
        cfg!(feature = "hashes"),
        &[
            "md5",
            "sha1",
            "sha256",
            "sha512",
            "base64sha256",
            "base64sha512",
            "uuidv5",
            "filemd5",
            "filesha1",
            "filesha256",
            "filesha512",
            "filebase64sha256",
            "filebase64sha512",
        ],
    ),
    ("rsa", cfg!(feature = "rsa"), &["rsadecrypt"]),
    (
        "gzip",
        cfg!(feature = "gzip"),
        &["base64gzip", "base64gunzip"],
    ),
    ("regex", cfg!(feature = "regex"), &["regex", "regexall"]),
    (
        "text-encodings",
        cfg!(feature = "text-encodings"),
        &["textencodebase64", "textdecodebase64"],
    ),
    ("bcrypt", cfg!(feature = "bcrypt"), &["bcrypt"]),
];

/// The functions the standard library leaves out, each with what a call
/// to it reports: the cargo feature that brings it when this build leaves
/// it out, or the grant that adds it (the impure functions, see
/// [`Filesystem`] and [`Unpredictable`]).
fn absent_functions() -> Vec<(&'static str, String)> {
    let mut absent: Vec<(&'static str, String)> = FEATURE_FUNCTIONS
        .iter()
        .filter(|(_, built, _)| !built)
        .flat_map(|(feature, _, names)| {
            names.iter().map(move |name| {
                let detail = format!(
                    "The function {name:?} needs the cargo feature {feature:?} of hcl-json (or \"full\")."
                );
                (*name, detail)
            })
        })
        .collect();
    let files = Filesystem::new(".").functions().into_iter().map(|(name, _)| {
        let detail = format!(
            "The function {name:?} reads files, which this context has not been granted (EvalContext::with_filesystem)."
        );
        (name, detail)
    });
    let unpredictable = Unpredictable::unknown().functions().into_iter().map(|(name, _)| {
        let detail = format!(
            "The function {name:?} reads the clock or random bytes, which this context has not been granted (EvalContext::with_unpredictable)."
        );
        (name, detail)
    });
    for (name, detail) in files.chain(unpredictable) {
        if !absent.iter().any(|(n, _)| *n == name) {
            absent.push((name, detail));
        }
    }
    absent
}

/// [`functions`] as a map from name to function.
pub fn function_map() -> IndexMap<&'static str, Function> {
    functions().into_iter().collect()
}

type RetFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;

/// A compact builder of standard functions (descriptions are `'static`,
/// parameters described inline); `Function::call` applies the argument
/// rules, unknowns at any depth included.
pub(crate) struct Def {
    description: &'static str,
    params: Vec<Param>,
    variadic: Option<Param>,
    ret: Arc<RetFn>,
    pure: bool,
    element_marks: ElementMarks,
}

/// The parameters set by [`Def::element_marks`]: bit `i` for positional
/// parameter `i`, and the variadic one.
#[derive(Clone, Copy, Default)]
struct ElementMarks {
    positional: u64,
    variadic: bool,
}

impl ElementMarks {
    fn is_empty(self) -> bool {
        self.positional == 0 && !self.variadic
    }

    /// Whether argument `i` is one, of a function with `params` positional
    /// parameters.
    fn covers(self, i: usize, params: usize) -> bool {
        if i < params {
            self.positional >> i & 1 == 1
        } else {
            self.variadic
        }
    }
}

impl Def {
    pub(crate) fn new(description: &'static str) -> Def {
        Def {
            description,
            params: Vec::new(),
            variadic: None,
            ret: Arc::new(|_| Ok(Type::Dynamic)),
            pure: true,
            element_marks: ElementMarks::default(),
        }
    }

    /// The function reads the world (files, the clock, randomness): its
    /// results are never reused (see [`crate::eval::FunctionBuilder::pure`]).
    pub(crate) fn impure(mut self) -> Def {
        self.pure = false;
        self
    }

    /// A parameter of type `ty` with a description.
    pub(crate) fn param(self, name: &str, ty: Type, description: &str) -> Def {
        self.param_with(Param::new(name, ty).describe(description))
    }

    pub(crate) fn param_with(mut self, param: Param) -> Def {
        self.params.push(param);
        self
    }

    pub(crate) fn variadic(mut self, param: Param) -> Def {
        self.variadic = Some(param);
        self
    }

    /// The parameter added last reads its argument as go-cty's collection
    /// functions that allow marks do (`concat`, `element`, `slice`, ...):
    /// the implementation sees the argument without its own marks, which go
    /// on the result, while the elements inside keep theirs, so that
    /// `concat([sensitive("a")], ["b"])` is a list whose first element
    /// alone is sensitive. (Without it, every mark of the argument,
    /// however deep, goes on the whole result.)
    pub(crate) fn element_marks(mut self) -> Def {
        if let Some(param) = &mut self.variadic {
            param.allow_marked = true;
            self.element_marks.variadic = true;
        } else {
            let i = self.params.len() - 1;
            self.params[i].allow_marked = true;
            self.element_marks.positional |= 1 << i;
        }
        self
    }

    pub(crate) fn returns(mut self, ty: Type) -> Def {
        self.ret = Arc::new(move |_| Ok(ty.clone()));
        self
    }

    pub(crate) fn returns_with(
        mut self,
        f: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> Def {
        self.ret = Arc::new(f);
        self
    }

    pub(crate) fn build(
        self,
        imp: impl Fn(&[Value]) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        let ret = self.ret;
        let (shallow, params) = (self.element_marks, self.params.len());
        let mut builder = Function::builder().description(self.description);
        for p in self.params {
            builder = builder.param(p);
        }
        if let Some(v) = self.variadic {
            builder = builder.variadic(v);
        }
        if self.pure {
            builder = builder.pure();
        }
        let builder = builder.returns_with(move |args| ret(args));
        if shallow.is_empty() {
            return builder.build(imp);
        }
        builder.build(move |args| {
            if !marks_may_exist() {
                return imp(args);
            }
            let own = args
                .iter()
                .enumerate()
                .filter(|(i, _)| shallow.covers(*i, params))
                .fold(Marks::NONE, |marks, (_, arg)| marks | arg.marks());
            if own.is_empty() {
                return imp(args);
            }
            let bare: Vec<Value> = args
                .iter()
                .enumerate()
                .map(|(i, arg)| {
                    if shallow.covers(i, params) {
                        arg.unmarked().clone()
                    } else {
                        arg.clone()
                    }
                })
                .collect();
            Ok(imp(&bare)?.mark(own))
        })
    }
}

/// Checks, before a function builds a result of about `bytes` bytes, that
/// it fits the evaluation budget (see [`Limits`](crate::value::limits::Limits)): what
/// lets `join`, `split`, `replace` and friends refuse a huge result
/// instead of allocating it. The result is charged when returned.
pub(crate) fn reserve(bytes: u128) -> Result<(), FunctionError> {
    limits::reserve_bytes(u64::try_from(bytes).unwrap_or(u64::MAX)).map_err(budget_error)
}

/// Charges `bytes` of a result being built piece by piece (the CSV decoder).
#[cfg(feature = "csv")]
pub(crate) fn charge(bytes: u64) -> Result<(), FunctionError> {
    limits::charge_bytes(bytes).map_err(budget_error)
}

/// The failure of a function whose work the evaluation budget refused.
#[cold]
pub(crate) fn budget_error(e: limits::Exceeded) -> FunctionError {
    FunctionError::new(e.detail())
}

/// A string built under the evaluation budget: it never grows past the
/// bytes the running evaluation has left, so an encoder or formatter fed a
/// small value that expands (`jsonencode` of a list repeating one long
/// string, `format("%10000s")` in a loop) fails as it reaches the budget
/// instead of allocating first and being charged after. The finished
/// string is charged when the call returns it, like any result.
pub(crate) struct Text {
    buf: String,
    /// What the evaluation had left when building started.
    limit: usize,
}

impl Text {
    /// An empty text bounded by what the running evaluation has left.
    pub(crate) fn new() -> Text {
        Text {
            buf: String::new(),
            limit: usize::try_from(limits::bytes_left()).unwrap_or(usize::MAX),
        }
    }

    /// An empty text bounded by what the running evaluation has left after
    /// `used` more bytes, which the same call has built and not yet
    /// returned (the rows of `formatlist` before this one).
    pub(crate) fn after(used: u64) -> Text {
        let left = limits::bytes_left().saturating_sub(used);
        Text {
            buf: String::new(),
            limit: usize::try_from(left).unwrap_or(usize::MAX),
        }
    }

    /// An empty text with room for `capacity` bytes (checked against the
    /// budget first, so a size computed from the arguments cannot allocate
    /// past it).
    pub(crate) fn with_capacity(capacity: usize) -> Result<Text, FunctionError> {
        let mut text = Text::new();
        text.grow(capacity)?;
        Ok(text)
    }

    /// Appends `s`.
    #[inline]
    pub(crate) fn push_str(&mut self, s: &str) -> Result<(), FunctionError> {
        let needed = self.buf.len() + s.len();
        if needed > self.buf.capacity() {
            self.grow(needed)?;
        }
        self.buf.push_str(s);
        Ok(())
    }

    /// Appends `c`.
    #[inline]
    pub(crate) fn push(&mut self, c: char) -> Result<(), FunctionError> {
        let needed = self.buf.len() + c.len_utf8();
        if needed > self.buf.capacity() {
            self.grow(needed)?;
        }
        self.buf.push(c);
        Ok(())
    }

    /// Appends `c` `n` times (padding), checked once.
    pub(crate) fn push_repeated(&mut self, c: char, n: usize) -> Result<(), FunctionError> {
        let needed = c
            .len_utf8()
            .checked_mul(n)
            .and_then(|b| b.checked_add(self.buf.len()))
            .unwrap_or(usize::MAX);
        if needed > self.buf.capacity() {
            self.grow(needed)?;
        }
        self.buf.extend(std::iter::repeat_n(c, n));
        Ok(())
    }

    /// Makes room for `n` more bytes (a piece whose size is known: one
    /// check for its parts).
    pub(crate) fn reserve(&mut self, n: usize) -> Result<(), FunctionError> {
        let needed = self.buf.len().saturating_add(n);
        if needed > self.buf.capacity() {
            self.grow(needed)?;
        }
        Ok(())
    }

    /// The length so far, in bytes.
    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    /// Shortens the text to `len` bytes (a char boundary).
    #[cfg(feature = "yaml")]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.buf.truncate(len);
    }

    /// The finished string (without the room doubling left: the result
    /// is charged by its length, so it must not hold twice that).
    pub(crate) fn into_string(mut self) -> String {
        if self.buf.capacity() - self.buf.len() > self.buf.len() / 8 {
            self.buf.shrink_to_fit();
        }
        self.buf
    }

    /// Makes room for `needed` bytes in all: doubling as a `String` does,
    /// but never past the budget, and failing on the budget when `needed`
    /// itself is past it.
    #[cold]
    fn grow(&mut self, needed: usize) -> Result<(), FunctionError> {
        if needed > self.limit {
            return Err(budget_error(limits::exceed_bytes()));
        }
        let capacity = needed
            .max(self.buf.capacity().saturating_mul(2))
            .max(64)
            .min(self.limit);
        self.buf.reserve_exact(capacity - self.buf.len());
        Ok(())
    }
}

/// The text of string argument `i`.
pub(crate) fn str_arg(args: &[Value], i: usize) -> Result<&str, FunctionError> {
    args.get(i)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::arg(i, "a string is required."))
}

/// The number of number argument `i`.
pub(crate) fn num_arg(args: &[Value], i: usize) -> Result<&Number, FunctionError> {
    args.get(i)
        .and_then(Value::as_number)
        .ok_or_else(|| FunctionError::arg(i, "a number is required."))
}

/// Number argument `i` as a whole number that fits an `i64`.
pub(crate) fn int_arg(args: &[Value], i: usize) -> Result<i64, FunctionError> {
    let n = num_arg(args, i)?;
    if !n.is_integer() {
        return Err(FunctionError::arg(
            i,
            format!("a whole number is required, not {}.", n.brief()),
        ));
    }
    n.to_i64()
        .ok_or_else(|| FunctionError::arg(i, format!("the number {} is too large.", n.brief())))
}

/// The same failure reported against the call as a whole ("Error in
/// function call") rather than one argument: for the conditions go-cty
/// detects with plain errors instead of `ArgError`s, such as `element`'s
/// index checks. The message keeps saying what is wrong.
pub(crate) fn call_error(e: FunctionError) -> FunctionError {
    FunctionError::new(e.message)
}

/// Converts `value` to `ty` (unsafe conversions allowed), as an error about
/// argument `i` when it cannot be.
pub(crate) fn convert_arg(value: &Value, ty: &Type, i: usize) -> Result<Value, FunctionError> {
    // The conversion's reason as the argument's ("Invalid value for
    // \"list\" parameter: list of any single type required."), as go-cty
    // gives it.
    try_convert(value, ty, true).map_err(|e| FunctionError::arg(i, format!("{e}.")))
}

/// `value` as a value of type specification `spec` (such as `list(any)`):
/// kept as it is when its type already matches (so an empty `list(string)`
/// stays one, where conversion would unify no elements into
/// `list(any)`), converted otherwise.
pub(crate) fn coerce(value: &Value, spec: &Type, i: usize) -> Result<Value, FunctionError> {
    if spec.matches(&value.ty()) {
        Ok(value.clone())
    } else {
        convert_arg(value, spec, i)
    }
}

/// The detail of an error's first diagnostic (what a function error says).
pub(crate) fn detail(e: &crate::diag::Error) -> String {
    e.diagnostics()
        .first()
        .map(|d| d.detail.clone())
        .unwrap_or_default()
}

/// A number error as a failure of the call.
pub(crate) fn number_error(e: NumberError) -> FunctionError {
    FunctionError::new(format!("{}: {e}.", e.summary()))
}

/// The element type of a list, set or map type, or `Dynamic`.
pub(crate) fn elem_type(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// Builds a list of `elem_ty` from values already of that type (or, with
/// `Dynamic`, of the unification of their types).
pub(crate) fn make_list(
    elem_ty: Type,
    items: impl IntoIterator<Item = Value>,
) -> Result<Value, FunctionError> {
    Value::list(elem_ty, items).map_err(|e| FunctionError::new(detail(&e)))
}

/// Builds a set, like [`make_list`].
pub(crate) fn make_set(
    elem_ty: Type,
    items: impl IntoIterator<Item = Value>,
) -> Result<Value, FunctionError> {
    Value::set(elem_ty, items).map_err(|e| FunctionError::new(detail(&e)))
}

/// Builds a map, like [`make_list`].
pub(crate) fn make_map<K: Into<Str>>(
    elem_ty: Type,
    entries: impl IntoIterator<Item = (K, Value)>,
) -> Result<Value, FunctionError> {
    Value::map(elem_ty, entries).map_err(|e| FunctionError::new(detail(&e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The feature table says what the build really has: a feature's
    /// functions exist exactly when the build has the feature.
    #[test]
    fn the_feature_table_matches_the_functions_built() {
        let mut built: Vec<&str> = functions().into_iter().map(|(name, _)| name).collect();
        built.extend(Filesystem::new(".").functions().into_iter().map(|(n, _)| n));
        built.extend(
            Unpredictable::unknown()
                .functions()
                .into_iter()
                .map(|(n, _)| n),
        );
        for (feature, has, names) in FEATURE_FUNCTIONS {
            for name in *names {
                assert_eq!(built.contains(name), *has, "{name} of feature {feature}");
            }
        }
        // A function the build has is absent from `with_stdlib` only for
        // want of a grant, never of a feature.
        for (name, detail) in absent_functions() {
            let for_feature = detail.contains("cargo feature");
            assert_eq!(for_feature, !built.contains(&name), "{name}: {detail}");
        }
    }
}
