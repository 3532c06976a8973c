//! [`EvalContext`]: the evaluation mode, variables and functions an
//! expression is evaluated with.
//!
//! A context is an immutable, reference-counted scope with an optional
//! parent: cloning it is one `Arc` increment, so an `ExpressionClosure` can
//! keep the context it was decoded with, and a `for` expression or a
//! function can make a child scope without copying its parent.

use std::borrow::Cow;
use std::sync::Arc;

use indexmap::IndexMap;

use super::function::Function;
use crate::value::limits::Limits;
use crate::value::Value;

/// A shared, immutable function table (the standard library), consulted
/// after a scope's own functions: adding it to a context is one `Arc`
/// clone instead of a copy of every entry.
pub(crate) type Library = Arc<LibraryTable>;

/// The functions of a [`Library`], and the names of functions it leaves
/// out, each with the detail that a call to it reports (the cargo feature
/// that brings it, or the grant that adds it).
#[derive(Default)]
pub(crate) struct LibraryTable {
    pub(crate) functions: NameMap<Function>,
    pub(crate) absent: Vec<(&'static str, String)>,
}

/// A scope's table of names. Lookups happen once per variable reference
/// and function call, so the hash is foldhash rather than SipHash (which
/// showed in the profile of every template-heavy decode). The keys are
/// the program's own variables and functions (and a `for`'s one or two
/// iteration names), not the file's content; foldhash's per-map
/// random seed keeps even those from being flooded with collisions.
pub(crate) type NameMap<V> = IndexMap<String, V, foldhash::fast::RandomState>;

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
#[derive(Clone)]
pub struct EvalContext(Arc<Scope>);

#[derive(Clone, Default)]
struct Scope {
    /// Distinct for every context built and every change made to one:
    /// what lets a file's template cache reuse a value evaluated in this
    /// very context (see [`EvalContext::id`]).
    id: u64,
    literal: bool,
    variables: NameMap<Value>,
    functions: NameMap<Function>,
    library: Option<Library>,
    limits: Limits,
    parent: Option<EvalContext>,
}

/// A number no context has had.
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Default for EvalContext {
    fn default() -> EvalContext {
        EvalContext::of(Scope::default())
    }
}

impl EvalContext {
    fn of(scope: Scope) -> EvalContext {
        EvalContext(Arc::new(Scope {
            id: next_id(),
            ..scope
        }))
    }

    /// The scope, to change it: a new identity (a context shared with
    /// others is copied first, so they keep theirs).
    fn scope_mut(&mut self) -> &mut Scope {
        let scope = Arc::make_mut(&mut self.0);
        scope.id = next_id();
        scope
    }

    /// This context's identity: equal for two handles only when they are
    /// clones of one context with no change since, so the same expression
    /// evaluated in both gives the same value (its functions being pure).
    pub(crate) fn id(&self) -> u64 {
        self.0.id
    }

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
        EvalContext::of(Scope {
            literal: true,
            ..Scope::default()
        })
    }

    /// A new, empty scope whose lookups fall back to this one. The child has
    /// this context's mode.
    pub fn child(&self) -> EvalContext {
        EvalContext::of(Scope {
            literal: self.0.literal,
            limits: self.0.limits,
            parent: Some(self.clone()),
            ..Scope::default()
        })
    }

    /// This context with variable `name` set to `value` in its own scope.
    pub fn with_variable(
        mut self,
        name: impl Into<String>,
        value: impl Into<Value>,
    ) -> EvalContext {
        self.scope_mut().variables.insert(name.into(), value.into());
        self
    }

    /// This context with several variables set.
    pub fn with_variables<K, V>(mut self, vars: impl IntoIterator<Item = (K, V)>) -> EvalContext
    where
        K: Into<String>,
        V: Into<Value>,
    {
        let scope = self.scope_mut();
        scope
            .variables
            .extend(vars.into_iter().map(|(k, v)| (k.into(), v.into())));
        self
    }

    /// This context with function `name` in its own scope. Namespaced names
    /// (`provider::aws::arn_parse`) are names like any other.
    pub fn with_function(mut self, name: impl Into<String>, function: Function) -> EvalContext {
        self.scope_mut().functions.insert(name.into(), function);
        self
    }

    /// This context with several functions.
    pub fn with_functions<K: Into<String>>(
        mut self,
        functions: impl IntoIterator<Item = (K, Function)>,
    ) -> EvalContext {
        self.scope_mut()
            .functions
            .extend(functions.into_iter().map(|(k, f)| (k.into(), f)));
        self
    }

    /// This context with the evaluation budget `limits` (see
    /// [`Limits`] for what each bounds and the defaults). Child contexts made afterwards inherit it.
    pub fn with_limits(mut self, limits: Limits) -> EvalContext {
        self.scope_mut().limits = limits;
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
        self.scope_mut().library = Some(library);
        self
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
                .or_else(|| s.library.as_ref().and_then(|l| l.functions.get(name)))
        })
    }

    /// Why function `name` (or `core::NAME`), which the standard library
    /// this context has leaves out, is missing: what a call to it reports.
    pub(crate) fn absent_function_detail(&self, name: &str) -> Option<&str> {
        let short = name.strip_prefix("core::").unwrap_or(name);
        self.scopes()
            .filter_map(|s| s.library.as_ref())
            .flat_map(|l| l.absent.iter())
            .find(|(n, _)| *n == short)
            .map(|(_, detail)| detail.as_str())
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
                .chain(s.library.iter().flat_map(|l| l.functions.keys()))
        }))
    }

    /// How many distinct functions are visible from here: a function
    /// under two names (`upper` and `core::upper`) counts once.
    fn function_count(&self) -> usize {
        let mut seen: Vec<usize> = self
            .function_names()
            .into_iter()
            .filter_map(|name| self.function(name))
            .map(Function::identity)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
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
        self.scopes().any(|s| {
            !s.functions.is_empty() || s.library.as_ref().is_some_and(|l| !l.functions.is_empty())
        })
    }

    /// Whether any scope defines any variable.
    pub fn has_variables(&self) -> bool {
        self.scopes().any(|s| !s.variables.is_empty())
    }

    fn scopes(&self) -> impl Iterator<Item = &Scope> {
        std::iter::successors(Some(&*self.0), |s| s.parent.as_ref().map(|p| &*p.0))
    }
}

/// Where the evaluator looks names up: the context it was given, and the
/// iteration variables of the `for`s it is inside.
///
/// The iteration variables are borrowed from the collection being
/// iterated, in a chain of frames on the evaluator's stack: an iteration
/// neither copies its element nor allocates a scope. Only a function that
/// takes its arguments as expressions (`try`, `can`), whose closures
/// outlive the walk, gets them copied into an [`EvalContext`]
/// ([`Env::context`]).
#[derive(Clone, Copy)]
pub(crate) struct Env<'s> {
    ctx: &'s EvalContext,
    locals: Option<&'s Locals<'s>>,
}

/// The variables of one `for` iteration, and those of the enclosing ones.
pub(crate) struct Locals<'s> {
    key: Option<(&'s str, Cow<'s, Value>)>,
    value: (&'s str, &'s Value),
    outer: Option<&'s Locals<'s>>,
}

impl<'s> Env<'s> {
    /// The names of `ctx` alone.
    pub(crate) fn root(ctx: &'s EvalContext) -> Env<'s> {
        Env { ctx, locals: None }
    }

    /// The variables of one iteration inside this environment: `value`
    /// under `value_name`, and `key` under `key_name` when there is one.
    pub(crate) fn iteration(
        &self,
        key: Option<(&'s str, Cow<'s, Value>)>,
        value: (&'s str, &'s Value),
    ) -> Locals<'s> {
        Locals {
            key,
            value,
            outer: self.locals,
        }
    }

    /// This environment with the iteration variables `locals` innermost.
    pub(crate) fn with(&self, locals: &'s Locals<'s>) -> Env<'s> {
        Env {
            ctx: self.ctx,
            locals: Some(locals),
        }
    }

    /// The value of variable `name`: an iteration variable, innermost
    /// first, or the context's.
    #[inline]
    pub(crate) fn variable(&self, name: &str) -> Option<&'s Value> {
        let mut frame = self.locals;
        while let Some(l) = frame {
            // The value is set after the key: it wins if they share a name.
            if l.value.0 == name {
                return Some(l.value.1);
            }
            if let Some((k, v)) = &l.key {
                if *k == name {
                    return Some(v.as_ref());
                }
            }
            frame = l.outer;
        }
        self.ctx.variable(name)
    }

    /// The function `name` of the context.
    #[inline]
    pub(crate) fn function(&self, name: &str) -> Option<&'s Function> {
        self.ctx.function(name)
    }

    /// Whether the context is in literal-only mode.
    pub(crate) fn is_literal(&self) -> bool {
        self.ctx.is_literal()
    }

    /// The context's limits.
    pub(crate) fn limits(&self) -> Limits {
        self.ctx.limits()
    }

    /// Whether any variable is visible.
    pub(crate) fn has_variables(&self) -> bool {
        self.locals.is_some() || self.ctx.has_variables()
    }

    /// See [`EvalContext::has_functions`].
    pub(crate) fn has_functions(&self) -> bool {
        self.ctx.has_functions()
    }

    /// See [`EvalContext::functions_identity`].
    pub(crate) fn functions_identity(&self) -> usize {
        self.ctx.functions_identity()
    }

    /// See [`EvalContext::function_names`].
    pub(crate) fn function_names(&self) -> Vec<&'s str> {
        self.ctx.function_names()
    }

    /// See [`EvalContext::absent_function_detail`].
    pub(crate) fn absent_function_detail(&self, name: &str) -> Option<&'s str> {
        self.ctx.absent_function_detail(name)
    }

    /// Every variable name visible from here, inner scopes first, each
    /// once (within one iteration, the key's name before the value's).
    pub(crate) fn variable_names(&self) -> Vec<&'s str> {
        let mut frames = Vec::new();
        let mut frame = self.locals;
        while let Some(l) = frame {
            frames.push(l);
            frame = l.outer;
        }
        let local = frames.into_iter().map(|l| {
            l.key
                .as_ref()
                .map(|(k, _)| *k)
                .into_iter()
                .chain([l.value.0])
        });
        let mut seen = std::collections::HashSet::new();
        let mut names = Vec::new();
        for name in local.flatten().chain(self.ctx.variable_names()) {
            if seen.insert(name) {
                names.push(name);
            }
        }
        names
    }

    /// An [`EvalContext`] with the same names: the context itself, or a
    /// child scope per enclosing iteration holding copies of its
    /// variables.
    pub(crate) fn context(&self) -> EvalContext {
        let mut frames = Vec::new();
        let mut frame = self.locals;
        while let Some(l) = frame {
            frames.push(l);
            frame = l.outer;
        }
        let mut ctx = self.ctx.clone();
        for l in frames.into_iter().rev() {
            let mut scope = ctx.child();
            if let Some((k, v)) = &l.key {
                scope = scope.with_variable(*k, v.clone().into_owned());
            }
            ctx = scope.with_variable(l.value.0, l.value.1.clone());
        }
        ctx
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
                &format_args!("{} functions", self.function_count()),
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
    fn iteration_frames_answer_as_the_child_scopes_they_stand_for() {
        let ctx = EvalContext::new()
            .with_variable("a", 1)
            .with_variable("k", 2)
            .with_variable("v", 3);
        let (outer_v, inner_v) = (Value::from("outer"), Value::from("inner"));
        let root = Env::root(&ctx);
        let outer = root.iteration(Some(("k", Cow::Owned(Value::from(0)))), ("v", &outer_v));
        let outer_env = root.with(&outer);
        let inner = outer_env.iteration(None, ("w", &inner_v));
        let env = outer_env.with(&inner);
        // The same answers as the scopes a `for` once made, one per level.
        let scopes = env.context();
        let expected = ctx
            .child()
            .with_variable("k", 0)
            .with_variable("v", "outer")
            .child()
            .with_variable("w", "inner");
        for name in ["a", "k", "v", "w", "missing"] {
            assert_eq!(env.variable(name), expected.variable(name), "{name}");
            assert_eq!(scopes.variable(name), expected.variable(name), "{name}");
        }
        assert_eq!(env.variable_names(), expected.variable_names());
        assert_eq!(env.variable_names(), ["w", "k", "v", "a"]);
        assert!(env.has_variables() && !Env::root(&EvalContext::new()).has_variables());
        // A value and a key of the same name: the value wins, as it did
        // when it was set second.
        let same = root.iteration(Some(("x", Cow::Owned(Value::from(0)))), ("x", &inner_v));
        assert_eq!(root.with(&same).variable("x"), Some(&inner_v));
    }

    #[test]
    fn builders_do_not_change_shared_clones() {
        let a = EvalContext::new().with_variable("x", 1);
        let b = a.clone().with_variable("y", 2);
        assert!(a.variable("y").is_none());
        assert!(b.variable("x").is_some());
    }

    #[test]
    fn many_names_are_all_found() {
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
