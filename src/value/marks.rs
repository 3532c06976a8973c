//! Marks on values: Terraform's *sensitive* and *ephemeral* flags, carried
//! by a value and by every value derived from it, as go-cty's
//! [marks](https://pkg.go.dev/github.com/zclconf/go-cty/cty#Value.Mark) are.
//!
//! # Where marks live
//!
//! A marked value is one more [`Value`] variant, [`Value::Marked`], a
//! box holding the value and its [`Marks`]. The other choices cost more:
//! a mark field on every value would grow the 32-byte `Value` (a decoded
//! file holds one per element), and a side table keyed by position would
//! not follow values through evaluation. The wrapper is what go-cty does
//! too, and it keeps the unmarked path as it was: nothing reads marks
//! until a value has them, and the only cost for unmarked values is one
//! more arm in the matches that need one. Until a program marks its first
//! value, function calls do not even look inside their arguments for
//! marks ([`marks_may_exist`]).
//!
//! A marked value never wraps another marked value, never has empty
//! marks, and a set's elements are never marked (their marks are on the
//! set, as go-cty hoists them): [`Value::mark`] keeps those invariants, and
//! [`Marked`]'s fields are private so that nothing else can break them.
//!
//! # What reads through marks
//!
//! The accessors ([`Value::ty`], [`Value::is_null`], [`Value::is_known`],
//! [`Value::as_str`], [`Value::as_elements`], [`Value::get_attr`], ...)
//! answer for the value under the marks, so reading a marked
//! configuration needs no unwrapping; equality (`==`) tells a marked
//! value from its unmarked one. Evaluation carries the marks: an operator,
//! a template, a conditional or a function call marks its result with
//! every mark of its operands (deeply, unless the function reads the marks
//! itself), indexing gives the element with its own marks and its
//! collection's, and a `for` expression or a splat keeps each element's
//! marks and adds the collection's to the result.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};
use std::sync::atomic::{AtomicBool, Ordering};

use super::{PathStep, Value};

/// A set of marks: [`Marks::SENSITIVE`], [`Marks::EPHEMERAL`], both or none.
///
/// ```
/// use hcl_json::value::Marks;
///
/// let both = Marks::SENSITIVE | Marks::EPHEMERAL;
/// assert!(both.contains(Marks::SENSITIVE));
/// assert_eq!(both.without(Marks::SENSITIVE), Marks::EPHEMERAL);
/// assert_eq!(both.to_string(), "sensitive, ephemeral");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Marks(u8);

impl Marks {
    /// No mark.
    pub const NONE: Marks = Marks(0);
    /// Terraform's `sensitive` mark: the value must not be shown.
    pub const SENSITIVE: Marks = Marks(1);
    /// Terraform's `ephemeral` mark (Terraform 1.10): the value must not be
    /// stored.
    pub const EPHEMERAL: Marks = Marks(2);

    /// Whether there is no mark.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every mark of `other` is here.
    pub fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }

    /// These marks and `other`'s.
    pub fn union(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }

    /// These marks but `other`'s.
    pub fn without(self, other: Marks) -> Marks {
        Marks(self.0 & !other.0)
    }
}

impl BitOr for Marks {
    type Output = Marks;
    fn bitor(self, other: Marks) -> Marks {
        self.union(other)
    }
}

impl BitOrAssign for Marks {
    fn bitor_assign(&mut self, other: Marks) {
        *self = self.union(other);
    }
}

impl fmt::Display for Marks {
    /// The marks' names, comma-separated (`sensitive, ephemeral`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (Marks::SENSITIVE, "sensitive"),
            (Marks::EPHEMERAL, "ephemeral"),
        ];
        let mut first = true;
        for (mark, name) in names {
            if self.contains(mark) {
                if !first {
                    f.write_str(", ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// The payload of [`Value::Marked`]: an unmarked value and its marks (never
/// empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marked {
    value: Value,
    marks: Marks,
}

impl Marked {
    /// The value under the marks (never itself marked).
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The marks (never empty).
    pub fn marks(&self) -> Marks {
        self.marks
    }

    /// The value and its marks.
    pub fn into_parts(self) -> (Value, Marks) {
        (self.value, self.marks)
    }
}

/// Set once the first marked value is made, never reset: before that, no
/// value anywhere holds a mark, and a search for marks can be skipped.
static MARKED_EVER: AtomicBool = AtomicBool::new(false);

/// Whether some value of this process may hold a mark: `false` until the
/// first [`Value::mark`] with a mark. Lets the paths that look for marks
/// deep inside values (function arguments) cost nothing in programs that
/// never mark one.
#[inline]
pub(crate) fn marks_may_exist() -> bool {
    MARKED_EVER.load(Ordering::Relaxed)
}

/// A list of where marks were, as [`Value::unmark_deep_with_paths`] gives
/// it: each path (steps from the value's root; empty for the root) with
/// the marks found there.
pub type MarkedPaths = Vec<(Vec<PathStep>, Marks)>;

impl Value {
    /// This value with `marks` added to its own (no change with
    /// [`Marks::NONE`]). Marks on a value are about the value as a whole;
    /// inside a collection each element keeps its own.
    ///
    /// ```
    /// use hcl_json::value::Marks;
    /// use hcl_json::Value;
    ///
    /// let password = Value::from("hunter2").mark(Marks::SENSITIVE);
    /// assert!(password.is_sensitive());
    /// assert_eq!(password.as_str(), Some("hunter2")); // accessors read through
    /// assert_eq!(password.to_string(), "(sensitive value)");
    /// let (plain, marks) = password.unmark();
    /// assert_eq!((plain, marks), (Value::from("hunter2"), Marks::SENSITIVE));
    /// ```
    #[inline]
    pub fn mark(self, marks: Marks) -> Value {
        if marks.is_empty() {
            return self;
        }
        with_marks(self, marks)
    }

    /// The value's own marks (not those of its elements).
    pub fn marks(&self) -> Marks {
        match self {
            Value::Marked(m) => m.marks,
            _ => Marks::NONE,
        }
    }

    /// Whether the value itself is marked sensitive (an element may be
    /// sensitive in an unmarked collection: see [`Value::marks_deep`]).
    pub fn is_sensitive(&self) -> bool {
        self.marks().contains(Marks::SENSITIVE)
    }

    /// Whether the value itself is marked ephemeral.
    pub fn is_ephemeral(&self) -> bool {
        self.marks().contains(Marks::EPHEMERAL)
    }

    /// Every mark of the value and of everything inside it.
    #[inline]
    pub fn marks_deep(&self) -> Marks {
        if !marks_may_exist() {
            return Marks::NONE;
        }
        let mut marks = Marks::NONE;
        collect_marks(self, &mut marks);
        marks
    }

    /// The value under its own marks, borrowed (the value itself when it
    /// has none).
    pub fn unmarked(&self) -> &Value {
        match self {
            Value::Marked(m) => &m.value,
            v => v,
        }
    }

    /// The value without its own marks, and those marks; elements keep
    /// theirs (go-cty's `Unmark`).
    pub fn unmark(self) -> (Value, Marks) {
        match self {
            Value::Marked(m) => (m.value, m.marks),
            v => (v, Marks::NONE),
        }
    }

    /// The value with no mark anywhere, and every mark it had (go-cty's
    /// `UnmarkDeep`).
    pub fn unmark_deep(self) -> (Value, Marks) {
        let mut marks = Marks::NONE;
        if !marks_may_exist() {
            return (self, marks);
        }
        let v = strip(self, &mut |_, m| marks |= m, &mut Vec::new());
        (v, marks)
    }

    /// The value with no mark anywhere, and where each mark was, in
    /// depth-first order (go-cty's `UnmarkDeepWithPaths`): what an
    /// application stores to put the marks back later, or reads to find
    /// which parts of a configuration are sensitive.
    ///
    /// ```
    /// use hcl_json::value::{Marks, PathStep};
    /// use hcl_json::Value;
    ///
    /// let v = Value::object([("user", Value::from("a")), ("pw", Value::from("b").mark(Marks::SENSITIVE))]);
    /// let (plain, paths) = v.unmark_deep_with_paths();
    /// assert_eq!(plain, Value::object([("user", "a"), ("pw", "b")].map(|(k, v)| (k, Value::from(v)))));
    /// assert_eq!(paths, vec![(vec![PathStep::Attr("pw".into())], Marks::SENSITIVE)]);
    /// ```
    pub fn unmark_deep_with_paths(self) -> (Value, MarkedPaths) {
        let mut paths = Vec::new();
        if !marks_may_exist() {
            return (self, paths);
        }
        let v = strip(
            self,
            &mut |path: &[PathStep], m| paths.push((path.to_vec(), m)),
            &mut Vec::new(),
        );
        (v, paths)
    }
}

/// `value` with `marks` (not empty) added.
fn with_marks(value: Value, marks: Marks) -> Value {
    match value {
        Value::Marked(mut m) => {
            m.marks |= marks;
            Value::Marked(m)
        }
        value => {
            MARKED_EVER.store(true, Ordering::Relaxed);
            Value::Marked(Box::new(Marked { value, marks }))
        }
    }
}

fn collect_marks(v: &Value, marks: &mut Marks) {
    match v {
        Value::Marked(m) => {
            *marks |= m.marks;
            collect_marks(&m.value, marks);
        }
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().for_each(|i| collect_marks(i, marks));
        }
        Value::Map(_, m) | Value::Object(m) => m.values().for_each(|i| collect_marks(i, marks)),
        _ => {}
    }
}

/// Whether the value holds a mark anywhere.
fn has_marks(v: &Value) -> bool {
    match v {
        Value::Marked(_) => true,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().any(has_marks)
        }
        Value::Map(_, m) | Value::Object(m) => m.values().any(has_marks),
        _ => false,
    }
}

/// `v` with its marks taken off, each reported with its path; a value with
/// no mark inside is moved back unchanged (no rebuild).
fn strip(v: Value, found: &mut impl FnMut(&[PathStep], Marks), path: &mut Vec<PathStep>) -> Value {
    if has_marks(&v) {
        strip_marked(v, found, path)
    } else {
        v
    }
}

/// [`strip`] below its first check: rebuilds every collection, so that
/// the whole walk is linear.
fn strip_marked(
    v: Value,
    found: &mut impl FnMut(&[PathStep], Marks),
    path: &mut Vec<PathStep>,
) -> Value {
    let v = match v {
        Value::Marked(m) => {
            found(path, m.marks);
            m.value
        }
        v => v,
    };
    match v {
        Value::List(t, items) => Value::List(t, strip_items(items, found, path)),
        Value::Set(t, items) => Value::Set(t, strip_items(items, found, path)),
        Value::Tuple(items) => Value::Tuple(strip_items(items, found, path)),
        Value::Map(t, m) => {
            let entries = m
                .into_iter()
                .map(|(k, v)| {
                    path.push(PathStep::Key(k.to_string()));
                    let v = strip_marked(v, found, path);
                    path.pop();
                    (k, v)
                })
                .collect();
            Value::Map(t, entries)
        }
        Value::Object(m) => {
            let entries = m
                .into_iter()
                .map(|(k, v)| {
                    path.push(PathStep::Attr(k.to_string()));
                    let v = strip_marked(v, found, path);
                    path.pop();
                    (k, v)
                })
                .collect();
            Value::Object(entries)
        }
        v => v,
    }
}

fn strip_items(
    items: super::Elements,
    found: &mut impl FnMut(&[PathStep], Marks),
    path: &mut Vec<PathStep>,
) -> super::Elements {
    items
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            path.push(PathStep::Index(i));
            let v = strip_marked(v, found, path);
            path.pop();
            v
        })
        .collect()
}

/// `items` with their marks taken off (deeply) and returned: what a set
/// does with its elements' marks, which go-cty moves onto the set.
pub(crate) fn hoist(items: super::Elements) -> (super::Elements, Marks) {
    if !marks_may_exist() || !items.iter().any(has_marks) {
        return (items, Marks::NONE);
    }
    let mut marks = Marks::NONE;
    let items = items
        .into_iter()
        .map(|v| {
            let (v, m) = v.unmark_deep();
            marks |= m;
            v
        })
        .collect();
    (items, marks)
}
