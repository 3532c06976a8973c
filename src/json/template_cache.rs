//! The cache of a file's parsed templates, keyed by their text.
//!
//! Real configurations repeat their templates: half of the template strings
//! of the corpus's larger files (CDK for Terraform output, generated
//! modules) are exact repeats of another in the same file
//! (`"${aws_vpc.main.id}"`, `"${var.region}"`, a tag expression per
//! resource). A template's tree depends on its text only (spans are
//! offsets into the text; each string maps them to the file itself), so
//! strings of one text share one tree, and evaluating an `Expression`
//! again finds its tree too.
//!
//! Keeping every parsed tree for the life of the file (as an early
//! version did) made a decoded file hold several times its size in syntax
//! trees, so a tree is only kept when its text is parsed a *second* time:
//! a template that occurs once costs one parse and keeps nothing, and the
//! kept trees are bounded: at most [`CACHE_ENTRIES`] templates and
//! [`CACHE_SOURCE_BYTES`] of their text, oldest out first; a template
//! longer than [`CACHE_MAX_TEMPLATE`] is never kept (parsing it costs
//! little next to evaluating it). The texts are known by a hash with a
//! random key, checked against the text itself on a hit: a collision is a
//! miss, never a wrong tree, and no input can make a lookup slow.
//!
//! A kept tree also keeps the last value it evaluated to, with the
//! identity of the context it was evaluated in ([`EvalContext::id`]), when
//! that evaluation reported nothing and called no impure function (see
//! [`FunctionBuilder::pure`](crate::eval::FunctionBuilder::pure)) and the
//! value is small ([`MEMO_MAX_BYTES`]): another string of that text
//! evaluated in that same context has that value, so it is cloned instead
//! of evaluated (and charged to the budget as a result is). A whole-file
//! decode, one context for every attribute, evaluates a repeated template
//! twice, not once per string.
//!
//! [`EvalContext::id`]: crate::EvalContext

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::tree::{NodeId, ParsedTemplate};
use crate::value::{limits, Value};

/// The most templates a file's cache keeps.
pub(crate) const CACHE_ENTRIES: usize = 512;
/// The most template text (bytes of string content) a file's cache keeps
/// trees for.
pub(crate) const CACHE_SOURCE_BYTES: usize = 64 * 1024;
/// The longest template a cache keeps.
pub(crate) const CACHE_MAX_TEMPLATE: usize = 16 * 1024;
/// The largest value (its bytes as the budget counts them) a kept tree
/// keeps as its last value.
const MEMO_MAX_BYTES: u64 = 1024;
/// The most texts remembered as parsed once; past it the memory starts
/// afresh (a file of more distinct templates keeps fewer trees, no more
/// memory).
const SEEN_TEXTS: usize = 64 * 1024;

/// A file's parsed templates; see the [module documentation](self).
#[derive(Default)]
pub(crate) struct TemplateCache {
    parsed: AtomicUsize,
    state: foldhash::fast::RandomState,
    kept: Mutex<Kept>,
}

/// A kept tree.
struct KeptTree {
    /// The string node it was parsed from (whose text the key is).
    node: NodeId,
    template: Arc<ParsedTemplate>,
    /// The length of its text.
    len: usize,
    /// Its last reusable value, and the identity of the context of it.
    memo: Option<(u64, Value)>,
}

/// The trees kept, the order they came in, and the texts parsed once.
#[derive(Default)]
struct Kept {
    trees: HashMap<u64, KeptTree, foldhash::fast::RandomState>,
    order: VecDeque<u64>,
    bytes: usize,
    seen: HashSet<u64, foldhash::fast::RandomState>,
}

impl Kept {
    fn insert(&mut self, hash: u64, tree: KeptTree) {
        let len = tree.len;
        if self.trees.insert(hash, tree).is_some() {
            return; // kept already (another thread, or a colliding text)
        }
        self.order.push_back(hash);
        self.bytes += len;
        while self.trees.len() > CACHE_ENTRIES || self.bytes > CACHE_SOURCE_BYTES {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.trees.remove(&old) {
                self.bytes -= gone.len;
            }
        }
    }

    /// Whether the text of `hash` was parsed before (and notes that it was).
    fn seen_before(&mut self, hash: u64) -> bool {
        if self.seen.len() >= SEEN_TEXTS {
            self.seen.clear();
        }
        !self.seen.insert(hash)
    }
}

impl TemplateCache {
    /// The value of the template of string node `id`, whose text is `text`,
    /// in the context of identity `ctx`: a kept value of that text and
    /// context, or what `eval` gives on the tree of that text (kept, or
    /// parsed by `parse`) with whether it may be reused. `text_of` gives
    /// the text of another string node of the file.
    ///
    /// The text that keys the cache is a string's text as written between
    /// its quotes (the JSON file's: equal for strings without escapes;
    /// for one with escapes, the same written text is the same decoded
    /// text, so a hit needs no decoding, and `parse` and `eval` decode
    /// only on a miss).
    pub(crate) fn evaluate<'t>(
        &self,
        (id, text): (NodeId, &str),
        ctx: u64,
        text_of: impl Fn(NodeId) -> &'t str,
        parse: impl FnOnce() -> ParsedTemplate,
        eval: impl FnOnce(&ParsedTemplate) -> (Value, bool),
    ) -> Value {
        if text.len() > CACHE_MAX_TEMPLATE {
            self.parsed.fetch_add(1, Ordering::Relaxed);
            return eval(&parse()).0;
        }
        let hash = self.state.hash_one(text);
        let (kept, seen) = {
            let mut kept = self.lock();
            let found = kept
                .trees
                .get(&hash)
                .filter(|t| t.node == id || text_of(t.node) == text)
                .map(|t| match &t.memo {
                    Some((c, value)) if *c == ctx => Ok(value.clone()),
                    _ => Err(t.template.clone()),
                });
            let seen = found.is_none() && kept.seen_before(hash);
            (found, seen)
        };
        let tree = match kept {
            // Charged as a result is; past the budget, evaluated for the
            // error evaluating gives.
            Some(Ok(value)) if limits::charge_value(&value).is_ok() => return value,
            Some(Ok(_)) | None => None,
            Some(Err(tree)) => Some(tree),
        };
        let (tree, fresh) = if let Some(tree) = tree {
            (tree, false)
        } else {
            self.parsed.fetch_add(1, Ordering::Relaxed);
            if !seen {
                return eval(&parse()).0;
            }
            (Arc::new(parse()), true)
        };
        let (value, reusable) = eval(&tree);
        let memo =
            (reusable && limits::weight(&value).0 <= MEMO_MAX_BYTES).then(|| (ctx, value.clone()));
        let mut kept = self.lock();
        if fresh {
            let len = text.len();
            kept.insert(
                hash,
                KeptTree {
                    node: id,
                    template: tree,
                    len,
                    memo,
                },
            );
        } else if let Some(t) = kept
            .trees
            .get_mut(&hash)
            .filter(|t| Arc::ptr_eq(&t.template, &tree))
        {
            if memo.is_some() {
                t.memo = memo;
            }
        }
        value
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        // A panic while holding the lock leaves consistent maps.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many templates have been parsed so far.
    pub(crate) fn parsed(&self) -> usize {
        self.parsed.load(Ordering::Relaxed)
    }

    /// How many trees are kept.
    #[cfg(test)]
    pub(crate) fn kept(&self) -> usize {
        self.lock().trees.len()
    }
}

impl std::fmt::Debug for TemplateCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TemplateCache({} parsed)", self.parsed())
    }
}
