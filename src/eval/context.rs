//! [`EvalContext`]: the evaluation mode, variables and functions an
//! expression is evaluated with.
//!
//! A context is an immutable, reference-counted scope with an optional
//! parent: cloning it is one `Arc` increment, so an `ExpressionClosure` can
//! keep the context it was decoded with, and a `for` expression or a
//! function can make a child scope without copying its parent.

use std::sync::Arc;

use indexmap::IndexMap;

use super::function::Function;
use crate::value::{Limits, Value};

/// A shared, immutable function table (the standard library), consulted
/// after a scope's own functions: adding it to a context is one `Arc`
/// clone instead of a copy of every entry.
pub(crate) type Library = Arc<NameMap<Function>>;

/// A scope's table of names. Lookups happen once per variable reference
/// and function call, so the hash is a short multiply-rotate over the
/// name's words rather than SipHash (which cost ~160 instructions per
/// lookup, 5 % of a template-heavy decode). The keys are the program's own
/// variables and functions (and a `for`'s one or two iteration names), not
/// the file's content, so flooding them with collisions is not an attack
/// the file can mount.
pub(crate) type NameMap<V> = IndexMap<String, V, NameHash>;

/// The [`BuildHasher`](std::hash::BuildHasher) of [`NameMap`].
#[derive(Clone, Copy, Default)]
pub(crate) struct NameHash;

impl std::hash::BuildHasher for NameHash {
    type Hasher = NameHasher;
    fn build_hasher(&self) -> NameHasher {
        // Not zero: a zero word would leave a zero state unchanged.
        NameHasher(NAME_SEED)
    }
}

/// The hasher of [`NameHash`]: FxHash's word step, with a final mix so the
/// top bits (which the table's control bytes use) depend on every byte.
pub(crate) struct NameHasher(u64);

const NAME_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl NameHasher {
    fn step(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(NAME_SEED);
    }
}

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.step(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // The tail's length in the free top byte: zero bytes must not
            // vanish into a zero state ("" and "\0" hash apart).
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            word[7] = rest.len() as u8;
            self.step(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.step(u64::from(byte));
    }

    fn write_usize(&mut self, n: usize) {
        self.step(n as u64);
    }

    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(NAME_SEED) ^ (h >> 32)
    }
}

/// The evaluation context: a mode, a variable scope and a function table.
///
/// Built by chaining; every method returns a new context and leaves the
/// original as it was (the scope is copied on write, once per builder call).
///
/// ```
/// use hcl_json::{EvalContext, Value};
///
/// let ctx = EvalContext::new()
///     .with_variable("region", "eu-west-1")
///     .with_variable("replicas", 3);
/// assert_eq!(ctx.variable("region"), Some(&Value::from("eu-west-1")));
///
/// let inner = ctx.child().with_variable("region", "us-east-1");
/// assert_eq!(inner.variable("region"), Some(&Value::from("us-east-1")));
/// assert_eq!(inner.variable("replicas"), Some(&Value::from(3)));
/// ```
#[derive(Clone, Default)]
pub struct EvalContext(Arc<Scope>);

#[derive(Clone, Default)]
struct Scope {
    literal: bool,
    variables: NameMap<Value>,
    functions: NameMap<Function>,
    library: Option<Library>,
    limits: Limits,
    parent: Option<EvalContext>,
}

impl EvalContext {
    /// A context in full-expression mode with no variables or functions:
    /// JSON strings are templates, and referring to a variable is an error
    /// ("Unknown variable").
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// A context in literal-only mode: JSON strings are taken as they are,
    /// `"${x}"` stays the string `${x}`. The information model makes it an
    /// error to give such a context variables or functions, so any that are
    /// added to it are never consulted.
    pub fn literal() -> EvalContext {
        EvalContext(Arc::new(Scope {
            literal: true,
            ..Scope::default()
        }))
    }

    /// A new, empty scope whose lookups fall back to this one. The child has
    /// this context's mode.
    pub fn child(&self) -> EvalContext {
        EvalContext(Arc::new(Scope {
            literal: self.0.literal,
            limits: self.0.limits,
            parent: Some(self.clone()),
            ..Scope::default()
        }))
    }

    /// This context with variable `name` set to `value` in its own scope.
    pub fn with_variable(
        mut self,
        name: impl Into<String>,
        value: impl Into<Value>,
    ) -> EvalContext {
        Arc::make_mut(&mut self.0)
            .variables
            .insert(name.into(), value.into());
        self
    }

    /// This context with several variables set.
    pub fn with_variables<K, V>(mut self, vars: impl IntoIterator<Item = (K, V)>) -> EvalContext
    where
        K: Into<String>,
        V: Into<Value>,
    {
        let scope = Arc::make_mut(&mut self.0);
        scope
            .variables
            .extend(vars.into_iter().map(|(k, v)| (k.into(), v.into())));
        self
    }

    /// This context with function `name` in its own scope. Namespaced names
    /// (`provider::aws::arn_parse`) are names like any other.
    pub fn with_function(mut self, name: impl Into<String>, function: Function) -> EvalContext {
        Arc::make_mut(&mut self.0)
            .functions
            .insert(name.into(), function);
        self
    }

    /// This context with several functions.
    pub fn with_functions<K: Into<String>>(
        mut self,
        functions: impl IntoIterator<Item = (K, Function)>,
    ) -> EvalContext {
        Arc::make_mut(&mut self.0)
            .functions
            .extend(functions.into_iter().map(|(k, f)| (k.into(), f)));
        self
    }

    /// This context with the evaluation budget `limits` (see
    /// [`Limits`](crate::value::limits) for what each bounds and the
    /// defaults). Child contexts made afterwards inherit it.
    pub fn with_limits(mut self, limits: Limits) -> EvalContext {
        Arc::make_mut(&mut self.0).limits = limits;
        self
    }

    /// The evaluation budget of this context.
    pub fn limits(&self) -> Limits {
        self.0.limits
    }

    /// This context with a shared function table, looked up after the
    /// scope's own functions. A scope has at most one; setting another
    /// replaces it.
    pub(crate) fn with_library(mut self, library: Library) -> EvalContext {
        Arc::make_mut(&mut self.0).library = Some(library);
        self
    }

    /// Sets variable `name` in this context's own scope, in place when the
    /// scope is not shared: what lets a `for` expression reuse one child
    /// scope for all its iterations instead of building one per element.
    pub(crate) fn set_local(&mut self, name: &str, value: Value) {
        let scope = Arc::make_mut(&mut self.0);
        match scope.variables.get_mut(name) {
            Some(slot) => *slot = value,
            None => {
                scope.variables.insert(name.to_owned(), value);
            }
        }
    }

    /// Whether this context is in literal-only mode.
    pub fn is_literal(&self) -> bool {
        self.0.literal
    }

    /// The value of variable `name`, looked up from this scope outwards.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.scopes().find_map(|s| s.variables.get(name))
    }

    /// The function `name`, looked up from this scope outwards.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.scopes().find_map(|s| {
            s.functions
                .get(name)
                .or_else(|| s.library.as_ref().and_then(|l| l.get(name)))
        })
    }

    /// Every variable name visible from here (inner scopes first, each once).
    pub fn variable_names(&self) -> Vec<&str> {
        distinct_names(self.scopes().map(|s| s.variables.keys()))
    }

    /// Every function name visible from here (inner scopes first, each once).
    pub fn function_names(&self) -> Vec<&str> {
        distinct_names(self.scopes().map(|s| {
            s.functions
                .keys()
                .chain(s.library.iter().flat_map(|l| l.keys()))
        }))
    }

    /// The identity of the scopes that define functions: two contexts with
    /// the same identity see the same functions (while both are alive).
    pub(crate) fn functions_identity(&self) -> usize {
        self.scopes()
            .filter(|s| !s.functions.is_empty() || s.library.is_some())
            .fold(0usize, |acc, s| {
                acc.rotate_left(7) ^ (std::ptr::from_ref::<Scope>(s) as usize)
            })
    }

    /// Whether any scope defines any function (to tell "function calls are
    /// not allowed here" from "no such function").
    pub fn has_functions(&self) -> bool {
        self.scopes()
            .any(|s| !s.functions.is_empty() || s.library.as_ref().is_some_and(|l| !l.is_empty()))
    }

    /// Whether any scope defines any variable.
    pub fn has_variables(&self) -> bool {
        self.scopes().any(|s| !s.variables.is_empty())
    }

    fn scopes(&self) -> impl Iterator<Item = &Scope> {
        std::iter::successors(Some(&*self.0), |s| s.parent.as_ref().map(|p| &*p.0))
    }
}

/// The names of the scopes, inner first, each once (a hash set, so that a
/// context of many variables does not make listing them quadratic).
fn distinct_names<'a, I>(scopes: impl Iterator<Item = I>) -> Vec<&'a str>
where
    I: Iterator<Item = &'a String>,
{
    let mut seen = std::collections::HashSet::new();
    let mut names = Vec::new();
    for scope in scopes {
        for name in scope {
            if seen.insert(name.as_str()) {
                names.push(name.as_str());
            }
        }
    }
    names
}

impl std::fmt::Debug for EvalContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvalContext")
            .field("literal", &self.0.literal)
            .field("variables", &self.variable_names())
            .field(
                "functions",
                &format_args!("{} functions", self.function_names().len()),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_scopes_see_and_shadow_their_parent() {
        let parent = EvalContext::new()
            .with_variable("a", 1)
            .with_variable("b", 2);
        let child = parent.child().with_variable("a", 10);
        assert_eq!(child.variable("a"), Some(&Value::from(10)));
        assert_eq!(child.variable("b"), Some(&Value::from(2)));
        assert_eq!(parent.variable("a"), Some(&Value::from(1)));
        assert_eq!(child.variable_names(), ["a", "b"]);
        assert!(child.variable("c").is_none());
    }

    #[test]
    fn builders_do_not_change_shared_clones() {
        let a = EvalContext::new().with_variable("x", 1);
        let b = a.clone().with_variable("y", 2);
        assert!(a.variable("y").is_none());
        assert!(b.variable("x").is_some());
    }

    #[test]
    fn name_hash_depends_on_every_byte() {
        use std::hash::BuildHasher;
        let hash = |s: &str| NameHash.hash_one(s);
        // Names that differ only past the first word, or only in length.
        assert_ne!(hash("aws_instance_a"), hash("aws_instance_b"));
        assert_ne!(hash("abcdefgh"), hash("abcdefgh\0"));
        assert_ne!(hash(""), hash("\0"));
        assert_ne!(hash(""), hash("\0\0\0\0\0\0\0\0"));
        let many: Vec<String> = (0..500).map(|i| format!("var_{i}")).collect();
        let ctx = EvalContext::new().with_variables(many.iter().map(|n| (n.as_str(), n.as_str())));
        for n in &many {
            assert_eq!(ctx.variable(n), Some(&Value::from(n.as_str())));
        }
        assert!(ctx.variable("var_500").is_none());
    }

    #[test]
    fn literal_mode_is_inherited() {
        assert!(EvalContext::literal().child().is_literal());
        assert!(!EvalContext::new().child().is_literal());
    }

    #[test]
    fn context_is_send_sync_and_cheap() {
        fn assert_send_sync<T: Send + Sync + 'static>() {}
        assert_send_sync::<EvalContext>();
        assert_eq!(
            std::mem::size_of::<EvalContext>(),
            std::mem::size_of::<usize>()
        );
    }
}
