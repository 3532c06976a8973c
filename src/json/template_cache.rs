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

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::tree::{NodeId, ParsedTemplate};

/// The most templates a file's cache keeps.
pub(crate) const CACHE_ENTRIES: usize = 512;
/// The most template text (bytes of string content) a file's cache keeps
/// trees for.
pub(crate) const CACHE_SOURCE_BYTES: usize = 64 * 1024;
/// The longest template a cache keeps.
pub(crate) const CACHE_MAX_TEMPLATE: usize = 16 * 1024;
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

/// A kept tree: the string node it was parsed from (whose text the key
/// is), the tree, and its text's length.
type Tree = (NodeId, Arc<ParsedTemplate>, usize);

/// The trees kept, the order they came in, and the texts parsed once.
#[derive(Default)]
struct Kept {
    trees: HashMap<u64, Tree, foldhash::fast::RandomState>,
    order: VecDeque<u64>,
    bytes: usize,
    seen: HashSet<u64, foldhash::fast::RandomState>,
}

impl Kept {
    fn insert(&mut self, hash: u64, tree: Tree) {
        let len = tree.2;
        if self.trees.insert(hash, tree).is_some() {
            return; // kept already (another thread, or a colliding text)
        }
        self.order.push_back(hash);
        self.bytes += len;
        while self.trees.len() > CACHE_ENTRIES || self.bytes > CACHE_SOURCE_BYTES {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some((_, _, n)) = self.trees.remove(&old) {
                self.bytes -= n;
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
    /// Calls `with` on the template of string node `id`, whose text is
    /// `text`, parsed by `parse` unless a tree of that text is kept.
    /// `has_text(node, text)` tells whether another string node of the
    /// file has that text.
    pub(crate) fn with<R>(
        &self,
        (id, text): (NodeId, &str),
        has_text: impl Fn(NodeId, &str) -> bool,
        parse: impl FnOnce() -> ParsedTemplate,
        with: impl FnOnce(&ParsedTemplate) -> R,
    ) -> R {
        if text.len() > CACHE_MAX_TEMPLATE {
            self.parsed.fetch_add(1, Ordering::Relaxed);
            return with(&parse());
        }
        let hash = self.state.hash_one(text);
        let (kept, seen) = {
            let mut kept = self.lock();
            let tree = kept
                .trees
                .get(&hash)
                .filter(|(node, ..)| *node == id || has_text(*node, text))
                .map(|(_, tree, _)| tree.clone());
            let seen = tree.is_none() && kept.seen_before(hash);
            (tree, seen)
        };
        if let Some(tree) = kept {
            return with(&tree);
        }
        self.parsed.fetch_add(1, Ordering::Relaxed);
        if !seen {
            return with(&parse());
        }
        let tree = Arc::new(parse());
        self.lock().insert(hash, (id, tree.clone(), text.len()));
        with(&tree)
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
