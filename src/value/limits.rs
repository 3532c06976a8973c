//! [`Limits`]: the evaluation budget, and the meter that charges it. What
//! each limit bounds and why its default is what it is is documented on
//! [`Limits`]; the meter (a per-thread count that every producer of bytes,
//! steps and depth charges before or as it builds) is internal.

use std::cell::Cell;
use std::fmt;

use crate::diag::{Diagnostic, DiagnosticKind, Error, Limit};
use crate::pos::Range;

/// The evaluation budget of an [`EvalContext`](crate::eval::EvalContext).
///
/// One evaluation (one call of [`Expression::value`](crate::body::Expression::value)
/// or [`Traversal::evaluate`](crate::analysis::Traversal::evaluate), or one whole
/// decoding, with everything it runs: templates, `for` expressions,
/// function calls, `try` / `can` arguments and the expression closures
/// they evaluate) may
/// produce at most [`Limits::max_bytes`] of strings and collections, take
/// at most [`Limits::max_steps`] steps, and nest at most
/// [`Limits::max_depth`] levels deep. Each producer charges the meter
/// *before or as* it builds, so an input that would need gigabytes is
/// refused after a bounded amount of work, with one located error naming
/// the limit.
///
/// The meter is per thread and lives for the outermost evaluation on that
/// thread: an evaluation started while another runs (a closure evaluated
/// by `try`, a function calling back into the evaluator) joins it and
/// shares its budget, so nesting cannot multiply the allowance. Charging is
/// a thread-local subtraction: cheap enough for every producer.
///
/// ## One budget per decoding, not per expression
///
/// [`decode_body`](crate::decode::decode_body) (and so [`from_str`](crate::decode::from_str),
/// [`from_slice`](crate::decode::from_slice), [`from_path`](crate::decode::from_path)) is
/// one evaluation: every attribute it evaluates joins the same budget,
/// with the allowance for the size of the whole body (see below). The
/// reason: a user evaluating an untrusted file wants the *file* bounded.
/// With a budget per expression, a file of 10 000 attributes, each
/// producing 60 MiB within its own limit, would keep 600 GB alive in the
/// decoded result; with one budget per decoding it gets 64 MiB (plus its
/// allowance) in all, and the first attribute past it is the one error
/// reported. An [`Expression`](crate::body::Expression) captured by the decoding
/// and evaluated later by the application is a new evaluation with its own
/// budget, as is each [`Expression::value`](crate::body::Expression::value)
/// called directly.
///
/// Real configurations stay far inside the defaults: decoding any file of
/// a corpus of real `.tf.json` files uses well under a thousandth of the
/// bytes and steps (the figures are in the repository's `BENCHMARKS.md`).
///
/// ## Limits and their defaults
///
/// | limit | default | why |
/// |---|---|---|
/// | [`max_bytes`](Limits::max_bytes): bytes of strings and collections produced | 64 MiB | every real file decodes far inside it (see above); an attacker's 100-byte expression cannot reach gigabytes (`join` with a huge separator, nested `for`s, `split("", …)`, YAML aliases) |
/// | [`max_steps`](Limits::max_steps): loop iterations, function calls and values visited | 10 000 000 | about a second of work at worst; real configurations use thousands |
/// | [`max_depth`](Limits::max_depth): nesting of decoded / encoded values and of evaluations inside evaluations | 128 | deeper values are never written by hand, and recursion past it could exhaust a small thread stack |
/// | regular expression pattern length ([`MAX_REGEX_PATTERN`]) | 4 096 bytes | compiling a pattern costs far more than its length; real patterns are short |
/// | compiled regular expression size ([`MAX_REGEX_SIZE`]) | 1 MiB | the `regex` crate's own bound on what a pattern compiles to (`a{1000}{1000}` is short) |
///
/// An evaluation also gets [`BYTES_PER_SOURCE_BYTE`] bytes and
/// [`STEPS_PER_SOURCE_BYTE`] steps per byte of its own source text on top
/// of the limits, so that a huge literal structure evaluated as one
/// expression is not refused for its size alone; a short hostile
/// expression gets the limits and no more.
///
/// The parser's own limits (JSON nesting depth, template nesting) are
/// checked while reading and documented with the parser
/// ([`json::ParseOptions`](crate::json::ParseOptions)).
///
/// An application that evaluates trusted input can raise them:
///
/// ```
/// use hcl_json::{EvalContext, Limits};
///
/// let ctx = EvalContext::new()
///     .with_stdlib()
///     .with_limits(Limits::default().with_max_bytes(1 << 30));
/// assert_eq!(ctx.limits().max_bytes, 1 << 30);
/// assert_eq!(ctx.child().limits().max_bytes, 1 << 30); // inherited
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes of strings and collections one evaluation may
    /// produce (strings count their UTF-8 length, every element or
    /// attribute of a collection [`VALUE_BYTES`] more, map keys their
    /// length). Default: 64 MiB.
    pub max_bytes: u64,
    /// The most steps one evaluation may take: `for` iterations (of
    /// expressions and template directives), function calls and values
    /// visited while producing results. Default: 10 000 000.
    pub max_steps: u64,
    /// The deepest nesting of values that the decoding and encoding
    /// functions accept, and of evaluations started inside an evaluation.
    /// Default: 128.
    pub max_depth: usize,
}

/// What one value slot costs in [`Limits::max_bytes`], besides its string
/// content: the size of a [`Value`](crate::value::Value).
pub const VALUE_BYTES: u64 = std::mem::size_of::<crate::value::Value>() as u64;

/// The longest regular expression pattern `regex`, `regexall` and
/// `replace` compile (4 096 bytes).
pub const MAX_REGEX_PATTERN: usize = 4096;

/// The most memory a compiled regular expression may take (1 MiB), the
/// `regex` crate's `size_limit` and `dfa_size_limit`.
pub const MAX_REGEX_SIZE: usize = 1 << 20;

impl Limits {
    /// The defaults, as a constant.
    pub const DEFAULT: Limits = Limits {
        max_bytes: 64 << 20,
        max_steps: 10_000_000,
        max_depth: 128,
    };

    /// With `max_bytes` bytes of produced values.
    pub fn with_max_bytes(mut self, max_bytes: u64) -> Limits {
        self.max_bytes = max_bytes;
        self
    }

    /// With `max_steps` steps.
    pub fn with_max_steps(mut self, max_steps: u64) -> Limits {
        self.max_steps = max_steps;
        self
    }

    /// With nesting up to `max_depth`.
    pub fn with_max_depth(mut self, max_depth: usize) -> Limits {
        self.max_depth = max_depth;
        self
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The failure of a charge: the budget is spent. Once one charge fails,
/// every later charge of the same evaluation fails too, so the evaluation
/// winds down quickly.
///
/// Crate-internal: a program sees a refusal as a diagnostic of kind
/// [`DiagnosticKind::LimitExceeded`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Exceeded {
    /// The limit.
    pub(crate) limit: Limit,
    /// Its value.
    pub(crate) max: u64,
}

/// The summary of the diagnostic an exceeded limit gives (programs match
/// on [`DiagnosticKind::LimitExceeded`] instead).
const LIMIT_SUMMARY: &str = "Evaluation limit exceeded";

impl Exceeded {
    /// The diagnostic of this refusal, about `subject`.
    #[cold]
    pub(crate) fn diagnostic(&self, subject: Option<Range>) -> Diagnostic {
        Diagnostic::error(LIMIT_SUMMARY, self.detail(), subject)
            .with_kind(DiagnosticKind::LimitExceeded { limit: self.limit })
    }

    /// The error of this refusal, about `subject`.
    #[cold]
    pub(crate) fn error_at(&self, subject: Range) -> Error {
        Error::from(self.diagnostic(Some(subject)))
    }

    /// The diagnostic's detail: what was exceeded and how to raise it.
    pub(crate) fn detail(&self) -> String {
        let max = self.max;
        match self.limit {
            Limit::Bytes => format!(
                "This expression produces more than {} of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted.",
                bytes_text(max)
            ),
            Limit::Steps => format!(
                "This expression takes more than {max} steps (loop iterations, function calls and values visited), the evaluation limit of steps; raise it with `Limits::with_max_steps` (`EvalContext::with_limits`) if this input is trusted."
            ),
            Limit::Depth => format!(
                "This expression nests values or evaluations more than {max} levels deep, the evaluation limit of depth; raise it with `Limits::with_max_depth` (`EvalContext::with_limits`) if this input is trusted."
            ),
        }
    }
}

impl fmt::Display for Exceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail())
    }
}

/// `64 MiB`, `1000 bytes`.
fn bytes_text(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// The running meter of this thread.
struct Meter {
    /// How many evaluations are running (nested ones join the outermost).
    active: Cell<usize>,
    limits: Cell<Limits>,
    bytes_left: Cell<u64>,
    steps_left: Cell<u64>,
    /// What the running evaluation started with (its limits plus its
    /// allowance for its source size).
    bytes_budget: Cell<u64>,
    steps_budget: Cell<u64>,
    exceeded: Cell<Option<Exceeded>>,
    /// Whether the exceeded limit was reported as a diagnostic already.
    reported: Cell<bool>,
    /// Which outermost evaluation this is (for caches that live as long
    /// as one evaluation).
    generation: Cell<u64>,
    /// The most of each limit used by an evaluation that ended (for
    /// measuring how far real inputs are from the defaults).
    peak: Cell<Usage>,
}

thread_local! {
    static METER: Meter = const {
        Meter {
            active: Cell::new(0),
            limits: Cell::new(Limits::DEFAULT),
            bytes_left: Cell::new(0),
            steps_left: Cell::new(0),
            bytes_budget: Cell::new(0),
            steps_budget: Cell::new(0),
            exceeded: Cell::new(None),
            reported: Cell::new(false),
            generation: Cell::new(0),
            peak: Cell::new(Usage { bytes: 0, steps: 0, depth: 0 }),
        }
    };
}

/// What evaluations used of their budget.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Bytes produced.
    pub bytes: u64,
    /// Steps taken.
    pub steps: u64,
    /// Deepest nesting of evaluations.
    pub depth: usize,
}

/// The most that any evaluation finished on this thread used since the
/// last call (which resets it): the figure behind the documented
/// fractions of the defaults that real files use.
#[doc(hidden)]
pub fn take_peak_usage() -> Usage {
    METER.with(|m| m.peak.replace(Usage::default()))
}

/// What an evaluation may spend beyond its limits for each byte of its own
/// source text: evaluating a large literal structure (a whole 32 MB file
/// as one expression) does work in proportion to its size, which the size
/// of the input already bounds, and must not be refused for its size
/// alone; an attacker's short expression gets the limits and no more.
pub const BYTES_PER_SOURCE_BYTE: u64 = 16;

/// Steps allowed per byte of an evaluation's source text; see
/// [`BYTES_PER_SOURCE_BYTE`].
pub const STEPS_PER_SOURCE_BYTE: u64 = 1;

/// Starts an evaluation of an expression of `source_len` bytes of source
/// text with `limits`, or joins the running one (whose limits then
/// apply). The meter stops when the outermost guard drops. Fails when
/// joining would nest evaluations deeper than the limit.
pub(crate) fn enter(limits: Limits, source_len: usize) -> Result<Guard, Exceeded> {
    METER.with(|m| {
        let active = m.active.get();
        if active == 0 {
            let len = source_len as u64;
            m.limits.set(limits);
            let bytes = limits
                .max_bytes
                .saturating_add(len.saturating_mul(BYTES_PER_SOURCE_BYTE));
            let steps = limits
                .max_steps
                .saturating_add(len.saturating_mul(STEPS_PER_SOURCE_BYTE));
            m.bytes_left.set(bytes);
            m.steps_left.set(steps);
            m.bytes_budget.set(bytes);
            m.steps_budget.set(steps);
            m.exceeded.set(None);
            m.reported.set(false);
            m.generation.set(m.generation.get().wrapping_add(1));
        } else if active > m.limits.get().max_depth {
            return Err(fail(m, Limit::Depth));
        }
        m.active.set(active + 1);
        Ok(Guard { depth: active + 1 })
    })
}

/// Joins the running evaluation, or starts one with the default limits
/// (a function called directly by an application, outside any
/// evaluation). Never fails on depth: it is the caller's own nesting.
pub(crate) fn join() -> Guard {
    METER.with(|m| {
        let active = m.active.get();
        if active == 0 {
            let limits = Limits::DEFAULT;
            m.limits.set(limits);
            m.bytes_left.set(limits.max_bytes);
            m.steps_left.set(limits.max_steps);
            m.bytes_budget.set(limits.max_bytes);
            m.steps_budget.set(limits.max_steps);
            m.exceeded.set(None);
            m.reported.set(false);
            m.generation.set(m.generation.get().wrapping_add(1));
        }
        m.active.set(active + 1);
        Guard { depth: active + 1 }
    })
}

/// Keeps an evaluation's meter running; see [`enter`].
pub(crate) struct Guard {
    depth: usize,
}

impl Drop for Guard {
    fn drop(&mut self) {
        METER.with(|m| {
            let active = m.active.get().saturating_sub(1);
            m.active.set(active);
            if active == 0 {
                let mut peak = m.peak.get();
                peak.bytes = peak
                    .bytes
                    .max(m.bytes_budget.get().saturating_sub(m.bytes_left.get()));
                peak.steps = peak
                    .steps
                    .max(m.steps_budget.get().saturating_sub(m.steps_left.get()));
                peak.depth = peak.depth.max(self.depth);
                m.peak.set(peak);
            } else {
                let mut peak = m.peak.get();
                peak.depth = peak.depth.max(self.depth);
                m.peak.set(peak);
            }
        });
    }
}

#[cold]
fn fail(m: &Meter, limit: Limit) -> Exceeded {
    if let Some(e) = m.exceeded.get() {
        return e;
    }
    let limits = m.limits.get();
    let max = match limit {
        Limit::Bytes => limits.max_bytes,
        Limit::Steps => limits.max_steps,
        Limit::Depth => limits.max_depth as u64,
    };
    let e = Exceeded { limit, max };
    m.exceeded.set(Some(e));
    m.bytes_left.set(0);
    m.steps_left.set(0);
    e
}

/// Charges `n` bytes of produced values.
#[inline]
pub(crate) fn charge_bytes(n: u64) -> Result<(), Exceeded> {
    METER.with(|m| {
        // Outside an evaluation the counters are stale and unused: the
        // subtraction is harmless, and the next evaluation resets them.
        let left = m.bytes_left.get();
        if n <= left {
            m.bytes_left.set(left - n);
            Ok(())
        } else if m.active.get() == 0 {
            Ok(())
        } else {
            Err(fail(m, Limit::Bytes))
        }
    })
}

/// Charges `n` steps.
#[inline]
pub(crate) fn charge_steps(n: u64) -> Result<(), Exceeded> {
    METER.with(|m| {
        // Outside an evaluation the counters are stale and unused: the
        // subtraction is harmless, and the next evaluation resets them.
        let left = m.steps_left.get();
        if n <= left {
            m.steps_left.set(left - n);
            Ok(())
        } else if m.active.get() == 0 {
            Ok(())
        } else {
            Err(fail(m, Limit::Steps))
        }
    })
}

/// Checks, without charging, that `n` more bytes fit: what a function
/// that could build a huge value from small arguments (`join`, `format`,
/// `split`) asks before it allocates, the value then being charged when
/// it is returned.
#[inline]
pub(crate) fn reserve_bytes(n: u64) -> Result<(), Exceeded> {
    METER.with(|m| {
        if m.active.get() == 0 || n <= m.bytes_left.get() {
            Ok(())
        } else {
            Err(fail(m, Limit::Bytes))
        }
    })
}

/// The bytes the running evaluation may still produce (unbounded outside
/// one): the most a function may allocate for a result it has not yet
/// returned (and so not yet been charged for).
pub(crate) fn bytes_left() -> u64 {
    METER.with(|m| {
        if m.active.get() == 0 {
            u64::MAX
        } else {
            m.bytes_left.get()
        }
    })
}

/// Fails the running evaluation on its bytes limit: what a builder does
/// when its output would grow past [`bytes_left`].
#[cold]
pub(crate) fn exceed_bytes() -> Exceeded {
    exceed(Limit::Bytes)
}

/// Fails the running evaluation on `limit` (a depth found by a walk that
/// counts its own nesting).
#[cold]
pub(crate) fn exceed(limit: Limit) -> Exceeded {
    METER.with(|m| fail(m, limit))
}

/// Charges what `value` costs: its bytes ([`VALUE_BYTES`] per element of
/// a collection, plus string and key lengths) and one step per element
/// visited. A scalar costs its string bytes only: a number, a bool or an
/// unknown takes no memory beyond its slot, which its container pays for.
pub(crate) fn charge_value(value: &crate::value::Value) -> Result<(), Exceeded> {
    charge_weight(weight(value))
}

/// Charges a value of [`weight`] `(bytes, nodes)` (known beforehand: a
/// value kept to be reused costs what it cost the first time).
pub(crate) fn charge_weight((bytes, nodes): (u64, u64)) -> Result<(), Exceeded> {
    charge_steps(nodes)?;
    charge_bytes(bytes)
}

/// The bytes and number of values of `value`, walked without recursion.
pub(crate) fn weight(value: &crate::value::Value) -> (u64, u64) {
    use crate::value::Value;
    // The fast path: most values charged are scalars.
    match value {
        Value::String(s) => return (s.len() as u64, 0),
        Value::List(..) | Value::Set(..) | Value::Tuple(_) | Value::Map(..) | Value::Object(_) => {}
        Value::Marked(m) => return marked_weight(m),
        _ => return (0, 0),
    }
    let (mut bytes, mut elements) = (0u64, 0u64);
    // Only nested collections go on the stack (allocated on the first
    // one): a flat list or object of scalars is weighed without allocating.
    let mut stack: Vec<&Value> = Vec::new();
    let mut next = Some(value);
    while let Some(v) = next {
        match v {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                elements += items.len() as u64;
                for item in items {
                    bytes += nested(item, &mut stack);
                }
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                elements += entries.len() as u64;
                for (k, item) in entries {
                    bytes += k.len() as u64;
                    bytes += nested(item, &mut stack);
                }
            }
            // (A marked value is never on the stack: `nested` pushes the
            // collection under the marks.)
            _ => {}
        }
        next = stack.pop();
    }
    (bytes + elements * VALUE_BYTES, elements)
}

/// The weight of the value under marks (kept out of [`weight`], which
/// then does not call itself).
#[cold]
#[inline(never)]
fn marked_weight(m: &crate::value::Marked) -> (u64, u64) {
    weight(m.value())
}

/// A string's bytes; a collection is pushed to be weighed later.
fn nested<'v>(v: &'v crate::value::Value, stack: &mut Vec<&'v crate::value::Value>) -> u64 {
    use crate::value::Value;
    match v {
        Value::String(s) => s.len() as u64,
        Value::List(..) | Value::Set(..) | Value::Tuple(_) | Value::Map(..) | Value::Object(_) => {
            stack.push(v);
            0
        }
        // Not recursive (a marked value never holds another), so that
        // this stays inlined in `weight`'s loop.
        Value::Marked(m) => match m.value() {
            Value::String(s) => s.len() as u64,
            v @ (Value::List(..)
            | Value::Set(..)
            | Value::Tuple(_)
            | Value::Map(..)
            | Value::Object(_)) => {
                stack.push(v);
                0
            }
            _ => 0,
        },
        _ => 0,
    }
}

/// The limit the running evaluation exceeded, if it did.
pub(crate) fn exceeded() -> Option<Exceeded> {
    METER.with(|m| m.exceeded.get().filter(|_| m.active.get() > 0))
}

/// The exceeded limit, the first time it is asked for the purpose of
/// reporting it: one evaluation reports it once, with the range of the
/// expression that hit it.
pub(crate) fn take_report() -> Option<Exceeded> {
    METER.with(|m| {
        let e = m.exceeded.get()?;
        if m.reported.replace(true) {
            None
        } else {
            Some(e)
        }
    })
}

/// Whether the exceeded limit was reported already, for
/// [`restore_report_state`]: an evaluation whose diagnostics are taken
/// back (to be made again) takes its report back with them.
pub(crate) fn report_state() -> bool {
    METER.with(|m| m.reported.get())
}

/// Sets whether the exceeded limit was reported to `state`, as
/// [`report_state`] gave it.
pub(crate) fn restore_report_state(state: bool) {
    METER.with(|m| m.reported.set(state));
}

/// An identifier of the running outermost evaluation on this thread: a
/// cache keyed by it lives as long as that evaluation.
pub(crate) fn generation() -> u64 {
    METER.with(|m| m.generation.get())
}

/// The depth limit of the running evaluation (or the default).
pub(crate) fn max_depth() -> usize {
    METER.with(|m| {
        if m.active.get() == 0 {
            Limits::DEFAULT.max_depth
        } else {
            m.limits.get().max_depth
        }
    })
}

#[cfg(test)]
#[path = "limits_tests.rs"]
mod tests;
