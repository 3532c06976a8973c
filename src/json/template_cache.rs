//! The cache of a file's parsed templates, keyed by their text, of the
//! values of repeated templates, and of a tree per form of template text:
//! what lets a file whose strings repeat parse and evaluate each distinct
//! template once per context, and a generated file whose templates differ
//! only in a string or a name parse each form once, with the memory it
//! keeps bounded (see [`TemplateCache`]).

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::NodeId;
use crate::native::form::{self, Form};
use crate::native::{self, SyntaxError, Template};
use crate::value::{limits, Value};

/// What parsing one string as a template gave.
pub(crate) type ParsedTemplate = Result<Template, Vec<SyntaxError>>;

/// How an evaluation given to [`TemplateCache::evaluate`] is to treat
/// what it reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Attempt<'t> {
    /// Its diagnostics stand: it gives its value.
    Final,
    /// On a tree made for another text of the form, the decoded text given
    /// (whose spans the tree's are, not the text's): if it reports
    /// anything, it takes that back and gives no value, and the text is
    /// parsed and evaluated again.
    Tentative(&'t str),
}

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
/// The most first values remembered (of texts parsed once), in sets of
/// [`FIRST_VALUE_WAYS`] (see [`FirstValues`]).
pub(crate) const FIRST_VALUES: usize = 4096;
/// The slots of one set of [`FirstValues`]: a text's value can only be
/// in the slots of its hash's set.
const FIRST_VALUE_WAYS: usize = 8;
/// The fewest sets a first-value table starts with (it doubles when a
/// value finds its set full and the table half full, up to
/// [`FIRST_VALUES`] slots), so that a small file's table is small.
const FIRST_VALUE_SETS: usize = 8;
/// The bytes of source per slot a file's first-value table starts with
/// (see [`TemplateCache::for_source`]): real files hold a distinct
/// template per 170–210 bytes (the template-heavy file, aws-ia's
/// `main_generated.tf.json`), and a table is half full when it doubles,
/// so this many makes a template-heavy file's table its size from the
/// start instead of doubling it five or six times (each doubling places
/// every value again).
const SOURCE_BYTES_PER_FIRST_VALUE: usize = 64;
/// The most bytes of first values (as the budget weighs them, plus a
/// value's own size each) remembered.
pub(crate) const FIRST_VALUE_BYTES: u64 = 256 * 1024;

/// The templates a small file's cache parses before it looks for their
/// forms (see [`TemplateCache::first_evaluation`]): a file of few
/// templates has few of one form, and would pay for the looking more than
/// it gains (`cdk.tf.json`, 38 KB: +3.2 % instructions when its cache looks
/// from the first).
const FORM_START: usize = 64;
/// The size of source from which a file's cache looks for forms from its
/// first template: a file this large holds enough templates for the forms
/// found among its first ones to pay for its scans (aws-ia's
/// `main_generated.tf.json`, 114 KB: −2.8 % against starting past 64).
const FORMS_FROM_FIRST_BYTES: usize = 64 * 1024;
/// The most forms whose tree a file's cache keeps.
const FORM_ENTRIES: usize = 256;
/// The most template text (bytes) a file's cache keeps trees of forms for.
const FORM_BYTES: usize = 32 * 1024;
/// The bytes of a template's start (as written) that a form is hinted by
/// (see [`FormHints`]): enough to tell `${contains(…`, `${replace(…` and
/// `${length(…` apart, the starts of a generated file's per-block
/// templates.
const HINT_BYTES: usize = 8;
/// The hints a file's cache holds (a power of two).
const FORM_HINTS: usize = 64;

/// The most template trees one expression handle keeps (see
/// [`HandleTrees`]).
pub(crate) const HANDLE_TREES: usize = 256;
/// The most template text (bytes of string content) one handle keeps
/// trees for.
pub(crate) const HANDLE_TREE_BYTES: usize = 64 * 1024;

/// The parsed templates an `Expression` handle that an application holds
/// (a captured `Expression` or `ExpressionClosure` field) keeps for itself,
/// so that evaluating it again, later and in another context, costs the
/// evaluation only: the file's own cache ([`TemplateCache`]) is bounded
/// for the whole file and has moved on by then.
///
/// Each handle's memory is bounded too: at most [`HANDLE_TREES`] trees and
/// [`HANDLE_TREE_BYTES`] of their text; the templates past that go
/// through the file's cache as for any other expression. Trees are shared
/// (an `Arc`) with the file's cache and with clones of the handle.
#[derive(Default)]
pub(crate) struct HandleTrees {
    kept: Mutex<HandleKept>,
}

#[derive(Default)]
struct HandleKept {
    /// By string node, in node order (an evaluation walks a JSON value in
    /// node order, so a new tree goes at the end).
    trees: Vec<(NodeId, Arc<ParsedTemplate>)>,
    bytes: usize,
}

impl HandleTrees {
    /// The kept tree of string node `id`.
    pub(crate) fn get(&self, id: NodeId) -> Option<Arc<ParsedTemplate>> {
        let kept = self.lock();
        let at = kept.trees.binary_search_by_key(&id, |(n, _)| *n).ok()?;
        Some(kept.trees[at].1.clone())
    }

    /// Keeps `tree`, of string node `id` whose text is `len` bytes long,
    /// if there is room.
    fn keep(&self, id: NodeId, tree: &Arc<ParsedTemplate>, len: usize) {
        let mut kept = self.lock();
        if kept.trees.len() >= HANDLE_TREES || kept.bytes + len > HANDLE_TREE_BYTES {
            return;
        }
        if let Err(at) = kept.trees.binary_search_by_key(&id, |(n, _)| *n) {
            kept.trees.insert(at, (id, tree.clone()));
            kept.bytes += len;
        }
    }

    /// Whether a tree of `len` bytes of text would still be kept.
    fn has_room(&self, len: usize) -> bool {
        let kept = self.lock();
        kept.trees.len() < HANDLE_TREES && kept.bytes + len <= HANDLE_TREE_BYTES
    }

    fn lock(&self) -> MutexGuard<'_, HandleKept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many trees are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lock().trees.len()
    }
}

impl std::fmt::Debug for HandleTrees {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HandleTrees({} kept)", self.lock().trees.len())
    }
}

/// A file's parsed templates, and the values of repeated ones.
///
/// Real configurations repeat their templates: half of the template strings
/// of the corpus's larger files (CDK for Terraform output, generated
/// modules) are exact repeats of another in the same file
/// (`"${aws_vpc.main.id}"`, `"${var.region}"`, a tag expression per
/// resource). A template's tree depends on its text only (spans are
/// offsets into the text; each string maps them to the file itself), so
/// strings of one text share one tree, and evaluating an `Expression`
/// again finds its tree too.
///
/// Keeping every parsed tree for the life of the file (as an early
/// version did) made a decoded file hold several times its size in syntax
/// trees, so a tree is only kept when its text is parsed a *second* time:
/// a template that occurs once costs one parse and keeps nothing, and the
/// kept trees are bounded: at most [`CACHE_ENTRIES`] templates and
/// [`CACHE_SOURCE_BYTES`] of their text, oldest out first; a template
/// longer than [`CACHE_MAX_TEMPLATE`] is never kept (parsing it costs
/// little next to evaluating it). The texts are known by a hash with a
/// random key, checked against the text itself on a hit: a collision is a
/// miss, never a wrong tree, and no input can make a lookup slow.
///
/// A value is reused too. When an evaluation reported nothing, called no
/// impure function (see
/// [`FunctionBuilder::pure`](crate::eval::FunctionBuilder::pure)) and gave
/// a small value ([`MEMO_MAX_BYTES`]), that value is remembered with the
/// identity of its context ([`EvalContext::id`]): another string of that
/// text evaluated in that same context has that value, so it is cloned
/// instead of parsed and evaluated (and charged to the budget as a result
/// is). A kept tree remembers its last such value; a text parsed once has
/// its first value remembered beside the trees, in a bounded memory of its
/// own ([`FirstValues`]: at most [`FIRST_VALUES`] values and
/// [`FIRST_VALUE_BYTES`] of them, a new one replacing one not reused
/// lately), which costs far less than keeping its tree. A whole-file
/// decode has one context for every attribute, so it parses and
/// evaluates each distinct template once while the memory holds it.
///
/// A tree is shared between texts of one form too (see
/// [`crate::native::form`]): from a large file's first template (past a
/// small file's first [`FORM_START`]), the tree of a text parsed once is
/// kept for its form (at most [`FORM_ENTRIES`] forms and [`FORM_BYTES`] of
/// their text, oldest out first), and a later text of that form is
/// evaluated on it, its holes' text replaced, instead of parsed. A text is
/// first matched with the form its start hints ([`FormHints`]), and only
/// scanned for a form of its own when it is not of that one. Such an
/// evaluation is tentative: the tree's spans are another text's, so if it
/// reports anything (or hands the tree out in closures), that is taken
/// back and the text is parsed and evaluated again, and the form is not
/// tried again.
///
/// [`EvalContext::id`]: crate::eval::EvalContext
#[derive(Default)]
pub(crate) struct TemplateCache {
    parsed: AtomicUsize,
    state: foldhash::fast::RandomState,
    kept: Mutex<Kept>,
    /// The sets of the first-value table made for the first value (see
    /// [`TemplateCache::for_source`]).
    first_sets: usize,
    /// The templates parsed before forms are looked for ([`FORM_START`],
    /// or none in a file of [`FORMS_FROM_FIRST_BYTES`] or more).
    form_start: usize,
}

impl TemplateCache {
    /// The cache of a file of `len` bytes of source, whose first-value
    /// table starts at a size for the templates such a file holds, and
    /// which looks for forms from the first template parsed or past
    /// [`FORM_START`] by that size too.
    pub(crate) fn for_source(len: usize) -> TemplateCache {
        let slots = (len / SOURCE_BYTES_PER_FIRST_VALUE).min(FIRST_VALUES);
        TemplateCache {
            first_sets: (slots / FIRST_VALUE_WAYS).next_power_of_two(),
            form_start: if len >= FORMS_FROM_FIRST_BYTES {
                0
            } else {
                FORM_START
            },
            ..TemplateCache::default()
        }
    }
}

/// A kept tree.
struct KeptTree {
    /// The string node it was parsed from (whose text the key is).
    node: NodeId,
    template: Arc<ParsedTemplate>,
    /// The length of its text.
    len: usize,
    /// Its last reusable value.
    memo: Option<Memo>,
}

/// A reusable value: what a text evaluated to in the context of identity
/// `ctx`, with its weight (bytes and values), which reusing it charges.
struct Memo {
    ctx: u64,
    value: Value,
    weight: (u64, u64),
}

impl Memo {
    /// `value`, of the context of identity `ctx`, as a memo if it may be
    /// remembered: the evaluation that gave it may be reused (`reusable`)
    /// and it is small.
    fn of(value: &Value, ctx: u64, reusable: bool) -> Option<Memo> {
        if !reusable {
            return None;
        }
        let weight = limits::weight(value);
        (weight.0 <= MEMO_MAX_BYTES).then(|| Memo {
            ctx,
            value: value.clone(),
            weight,
        })
    }

    /// Its value and weight, if of the context of identity `ctx`.
    fn reuse(&self, ctx: u64) -> Option<(Value, (u64, u64))> {
        (self.ctx == ctx).then(|| (self.value.clone(), self.weight))
    }

    /// What it takes of [`FIRST_VALUE_BYTES`].
    fn bytes(&self) -> u64 {
        self.weight.0 + limits::VALUE_BYTES
    }
}

/// The first value of the text of string node `node`, whose hash is
/// `hash`.
struct KeptValue {
    hash: u64,
    node: NodeId,
    memo: Memo,
    /// Whether it was reused since a replacement last passed it over (a
    /// reused value is passed over once more instead of replaced: the
    /// values of a file's repeated templates stay while those of its
    /// one-off templates flow through).
    reused: bool,
}

/// The trees kept, the texts parsed once, the first values of those texts,
/// and a tree of each form.
#[derive(Default)]
struct Kept {
    trees: Bounded<KeptTree, CACHE_ENTRIES, CACHE_SOURCE_BYTES>,
    /// Texts parsed once whose value is not remembered (it reported
    /// something, or called an impure function, or is large).
    seen: HashSet<u64, foldhash::fast::RandomState>,
    first_values: FirstValues,
    /// A tree of each form, by the hash of its fixed text.
    forms: Bounded<FormSlot, FORM_ENTRIES, FORM_BYTES>,
    form_hints: FormHints,
}

/// The form last met of each template start: a text's first
/// [`HINT_BYTES`] as written (when its form's first hole is past them)
/// and the hash of that form, in a table of [`FORM_HINTS`] entries, one
/// per start (a new start takes its entry's place). A text of a hinted
/// start is first matched with its form's kept text along the holes
/// ([`Form::matched`]), which costs a comparison of the text outside them
/// instead of a scan of every byte ([`Form::of_written`]) and a hash of
/// its fixed text.
#[derive(Default)]
struct FormHints {
    /// Empty until the first hint.
    entries: Vec<(u64, u64)>,
}

impl FormHints {
    /// The start of `written` that hints its form, if it is long enough.
    fn key(written: &str) -> Option<u64> {
        let start: [u8; HINT_BYTES] = written.as_bytes().get(..HINT_BYTES)?.try_into().ok()?;
        Some(u64::from_le_bytes(start))
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - FORM_HINTS.trailing_zeros())) as usize
    }

    /// The hash of the form hinted by `key`.
    fn get(&self, key: u64) -> Option<u64> {
        let &(k, form_hash) = self.entries.get(Self::slot(key))?;
        (k == key).then_some(form_hash)
    }

    /// Hints the form of `form_hash` by the start of `written`, of `form`,
    /// when its first hole is past that start.
    fn note(&mut self, written: &str, form: &Form, form_hash: u64) {
        let Some(key) = FormHints::key(written).filter(|_| form.fixed_start() >= HINT_BYTES) else {
            return;
        };
        if self.entries.is_empty() {
            self.entries = vec![(0, 0); FORM_HINTS];
        }
        self.entries[Self::slot(key)] = (key, form_hash);
    }
}

/// Entries by hash, at most `ENTRIES` of them and `BYTES` of their texts
/// (each entry's `len`), the oldest out first.
struct Bounded<V, const ENTRIES: usize, const BYTES: usize> {
    map: HashMap<u64, V, foldhash::fast::RandomState>,
    order: VecDeque<u64>,
    bytes: usize,
}

impl<V, const ENTRIES: usize, const BYTES: usize> Default for Bounded<V, ENTRIES, BYTES> {
    fn default() -> Self {
        Bounded {
            map: HashMap::default(),
            order: VecDeque::new(),
            bytes: 0,
        }
    }
}

impl<V, const ENTRIES: usize, const BYTES: usize> Bounded<V, ENTRIES, BYTES> {
    /// Keeps `value` unless an entry of `hash` is kept already (another
    /// thread's, or a colliding text's); the oldest go past the bounds.
    /// `len_of` gives an entry's length.
    fn insert(&mut self, hash: u64, value: V, len_of: impl Fn(&V) -> usize) {
        let len = len_of(&value);
        match self.map.entry(hash) {
            std::collections::hash_map::Entry::Occupied(_) => return,
            std::collections::hash_map::Entry::Vacant(v) => v.insert(value),
        };
        self.order.push_back(hash);
        self.bytes += len;
        while self.map.len() > ENTRIES || self.bytes > BYTES {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.map.remove(&old) {
                self.bytes -= len_of(&gone);
            }
        }
    }
}

/// A form's place in [`Kept::forms`]: the bytes of the texts it keeps,
/// and its tree unless an evaluation has it.
struct FormSlot {
    len: usize,
    kept: Option<Box<KeptForm>>,
}

/// The tree of a template text of a form (see [`crate::native::form`]),
/// its holes' text those of the form's text last evaluated.
struct KeptForm {
    /// The text as written in the file, which later texts of the form are
    /// compared with, and its form ([`Form::of_written`]).
    written: Box<str>,
    form: Form,
    /// The decoded text the tree was parsed from (its spans are this
    /// text's) when it differs from the written one (it had escapes), and
    /// the holes at its offsets.
    decoded: Option<Box<str>>,
    holes: Form,
    /// Always a tree (only a text that parses is kept), held as
    /// [`ParsedTemplate`] for the evaluation it is given to.
    tree: ParsedTemplate,
}

impl Kept {
    fn insert(&mut self, hash: u64, tree: KeptTree) {
        self.trees.insert(hash, tree, |t| t.len);
    }

    /// Keeps the tree parsed from decoded text `text`, written `written`
    /// (of `form`, whose hash is `hash`), unless the form has a slot
    /// already (its tree, or none since an attempt with it reported, or a
    /// colliding form's).
    fn insert_form(
        &mut self,
        hash: u64,
        (written, form): (&str, Form),
        text: &str,
        tree: ParsedTemplate,
    ) {
        if self.forms.map.contains_key(&hash) {
            return; // (before the text is copied)
        }
        self.form_hints.note(written, &form, hash);
        // (Decoding only shortens a text: one of the same length is it.)
        let decoded = (text.len() != written.len()).then(|| Box::<str>::from(text));
        let slot = FormSlot {
            len: written.len() + decoded.as_ref().map_or(0, |d| d.len()),
            kept: Some(Box::new(KeptForm {
                written: written.into(),
                holes: form.decoded(written),
                form,
                decoded,
                tree,
            })),
        };
        self.forms.insert(hash, slot, |slot| slot.len);
    }

    /// Notes that the text of `hash` was parsed, its value not remembered.
    fn note_seen(&mut self, hash: u64) {
        if self.seen.len() >= SEEN_TEXTS {
            self.seen.clear();
        }
        self.seen.insert(hash);
    }
}

/// The first values of texts parsed once, by the hash of their text: a
/// set-associative table, as a processor's cache is built. A hash has one
/// set of [`FIRST_VALUE_WAYS`] slots, whose tags and value positions fill
/// one cache line, so that looking a text up reads that line and, on a
/// hit, the value; a new value replaces one of its set's when the set is
/// full, a value not reused since it was last passed over first. No queue
/// and no hash table to grow, shrink or clear of removed entries: on a
/// long file, where every new template replaces an old value, the work
/// per template is a few reads of memory that stays small (the sets of
/// [`FIRST_VALUES`] slots take 32 KiB), not a walk through memory that
/// the rest of the decode has long pushed out of the processor's caches.
///
/// The values themselves are kept together in a vector of their own, so
/// that a small file's table holds only what it remembers. Their bytes
/// ([`FIRST_VALUE_BYTES`]) are bounded too, by a hand that sweeps them as
/// a clock does, dropping the values not reused since it last passed.
#[derive(Default)]
struct FirstValues {
    /// The sets, a power of two of them (none before the first value).
    sets: Vec<Set>,
    values: Vec<KeptValue>,
    bytes: u64,
    /// The value the bytes bound's sweep looks at next.
    hand: usize,
}

/// One set's slots: the tag of each slot's value (from the low half of
/// its hash, its lowest bit set; 0 for an empty slot) and its position
/// in [`FirstValues::values`].
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Set {
    tags: [u32; FIRST_VALUE_WAYS],
    at: [u32; FIRST_VALUE_WAYS],
}

impl FirstValues {
    /// The tag of `hash` (never 0, the empty slot's).
    fn tag(hash: u64) -> u32 {
        hash as u32 | 1
    }

    /// The set of `hash` (past the end of a table without sets).
    fn set(&self, hash: u64) -> usize {
        // (A power of two, at most 2^32: bits of the hash's upper half
        // pick the set, those of its lower half the tag.)
        (hash >> 32) as usize & self.sets.len().wrapping_sub(1)
    }

    /// The position of the value of `hash` in [`Self::values`].
    #[inline]
    fn find(&self, hash: u64) -> Option<usize> {
        // (No set of an empty table: `set` is past its end.)
        let set = self.sets.get(self.set(hash))?;
        let tag = Self::tag(hash);
        // (A tag is half the hash: the value's own hash settles it.)
        for (w, &t) in set.tags.iter().enumerate() {
            if t == tag {
                let at = set.at[w] as usize;
                if self.values.get(at).is_some_and(|v| v.hash == hash) {
                    return Some(at);
                }
            }
        }
        None
    }

    /// The value of `hash`.
    #[inline]
    fn get_mut(&mut self, hash: u64) -> Option<&mut KeptValue> {
        let at = self.find(hash)?;
        self.values.get_mut(at)
    }

    /// Remembers `value`, the first of its text, in place of another of
    /// its set when the set is full, then drops values past
    /// [`FIRST_VALUE_BYTES`].
    fn insert(&mut self, value: KeptValue) {
        // (`TemplateCache::evaluate` found no value of this hash before
        // it parsed; one another thread has put there since is found
        // first, this one replaced in time.)
        let hash = value.hash;
        // The table doubles rather than replace a value when it is half
        // full, up to its bound.
        while self.sets.is_empty()
            || (self.sets.len() * FIRST_VALUE_WAYS < FIRST_VALUES
                && self.values.len() >= self.sets.len() * FIRST_VALUE_WAYS / 2
                && !self.sets[self.set(hash)].tags.contains(&0))
        {
            self.grow();
        }
        let s = self.set(hash);
        let free = self.sets[s].tags.iter().position(|&t| t == 0);
        let way = free.unwrap_or_else(|| self.make_room(s));
        self.bytes += value.memo.bytes();
        self.sets[s].tags[way] = Self::tag(hash);
        self.sets[s].at[way] = self.values.len() as u32;
        self.values.push(value);
        while self.bytes > FIRST_VALUE_BYTES {
            self.sweep();
        }
    }

    /// Empties a slot of full set `s` and gives its way: the first value
    /// not reused since passed over, or when each was, the first, all
    /// passed over once.
    fn make_room(&mut self, s: usize) -> usize {
        let at = self.sets[s].at;
        let way = at.iter().position(|&i| !self.values[i as usize].reused);
        if way.is_none() {
            for i in at {
                self.values[i as usize].reused = false;
            }
        }
        let way = way.unwrap_or(0);
        self.remove(at[way] as usize);
        way
    }

    /// Drops value `i`; the last value takes its place.
    fn remove(&mut self, i: usize) {
        let gone = self.values.swap_remove(i);
        self.bytes -= gone.memo.bytes();
        let (s, way) = self.slot_of(gone.hash, i);
        self.sets[s].tags[way] = 0;
        if let Some(moved) = self.values.get(i) {
            let last = self.values.len();
            let (s, way) = self.slot_of(moved.hash, last);
            self.sets[s].at[way] = i as u32;
        }
    }

    /// The set and way whose slot holds position `i`, of a value of
    /// `hash`.
    fn slot_of(&self, hash: u64, i: usize) -> (usize, usize) {
        let s = self.set(hash);
        let set = &self.sets[s];
        let way = (0..FIRST_VALUE_WAYS).find(|&w| set.tags[w] != 0 && set.at[w] as usize == i);
        (s, way.expect("each value has its slot"))
    }

    /// One step of the bytes bound's hand: the value under it is passed
    /// over if it was reused since last passed, dropped otherwise. (Each
    /// value is passed over at most once per reuse, so a sweep ends.)
    fn sweep(&mut self) {
        if self.hand >= self.values.len() {
            self.hand = 0;
        }
        let at = self.hand;
        if self.values[at].reused {
            self.values[at].reused = false;
            self.hand += 1;
        } else {
            // (The last value moves here: the hand looks at it next.)
            self.remove(at);
        }
    }

    /// Doubles the number of sets (from [`FIRST_VALUE_SETS`]): each
    /// value gets its slot in the larger table, where it has room, since
    /// a set's values split between two sets.
    #[cold]
    fn grow(&mut self) {
        let sets = (self.sets.len() * 2).max(FIRST_VALUE_SETS);
        // Room for as many values as slots, so that the values move once
        // per doubling of the table, not once per doubling of their own.
        let slots = sets * FIRST_VALUE_WAYS;
        self.values
            .reserve_exact(slots - self.values.len().min(slots));
        self.grow_to(sets);
    }

    /// Makes an empty table `sets` sets (a power of two), at a file's
    /// size, with room for values in half its slots (the table doubles
    /// once half full): its slots may never fill.
    #[cold]
    fn start(&mut self, sets: usize) {
        self.values.reserve_exact(sets * FIRST_VALUE_WAYS / 2);
        self.grow_to(sets);
    }

    /// Makes the table `sets` sets (a power of two, more than it has).
    fn grow_to(&mut self, sets: usize) {
        self.sets = vec![Set::default(); sets];
        for (i, value) in self.values.iter().enumerate() {
            let s = (value.hash >> 32) as usize & (sets - 1);
            let set = &mut self.sets[s];
            let way = set.tags.iter().position(|&t| t == 0);
            let way = way.expect("room: a set's values split between two sets");
            set.tags[way] = Self::tag(value.hash);
            set.at[way] = i as u32;
        }
    }

    /// How many values there are.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.values.len()
    }

    /// How many values there is room for.
    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.sets.len() * FIRST_VALUE_WAYS
    }
}

impl TemplateCache {
    /// The value of the template of string node `id`, whose text is `text`,
    /// in the context of identity `ctx`: a kept value of that text and
    /// context, or what `eval` gives on the tree of that text (kept, made
    /// from its form's, or parsed from its decoded text, `decoded`) with
    /// whether it may be reused ([`Attempt`] says whether it may take
    /// back what it reports). `text_of` gives the text of another string
    /// node of the file.
    ///
    /// The text that keys the cache is a string's text as written between
    /// its quotes (the JSON file's: equal for strings without escapes;
    /// for one with escapes, the same written text is the same decoded
    /// text, so a hit needs no decoding, and `decoded` and `eval` decode
    /// only on a miss).
    ///
    /// With `handle` (an expression handle that keeps its own trees), the
    /// tree used is also given to the handle, if it has room.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn evaluate<'t, 'd>(
        &self,
        (id, text): (NodeId, &str),
        ctx: u64,
        text_of: impl Fn(NodeId) -> &'t str,
        handle: Option<&HandleTrees>,
        decoded: impl Fn() -> &'d str,
        mut eval: impl FnMut(&ParsedTemplate, Attempt<'_>) -> Option<(Value, bool)>,
    ) -> Value {
        let parse = || native::parse_template(decoded());
        // The handle's own tree: shared by the file's cache below, so that
        // this context's value of the text is found by other strings.
        let own = handle.and_then(|h| h.get(id));
        let handle = handle.filter(|h| own.is_none() && h.has_room(text.len()));
        if text.len() > CACHE_MAX_TEMPLATE {
            let tree = own.unwrap_or_else(|| {
                self.parsed.fetch_add(1, Ordering::Relaxed);
                Arc::new(parse())
            });
            if let Some(h) = handle {
                h.keep(id, &tree, text.len());
            }
            return final_value(&mut eval, &tree).0;
        }
        let hash = self.state.hash_one(text);
        let (kept, seen) = {
            let mut kept = self.lock();
            let same_text = |node: NodeId| node == id || text_of(node) == text;
            match kept.trees.map.get(&hash).filter(|t| same_text(t.node)) {
                Some(t) => match t.memo.as_ref().and_then(|m| m.reuse(ctx)) {
                    Some(reused) => {
                        // A handle takes the tree even when the value is
                        // reused, for its evaluations in other contexts.
                        if let Some(h) = handle {
                            h.keep(id, &t.template, text.len());
                        }
                        (Some(Ok(reused)), false)
                    }
                    None => (Some(Err(t.template.clone())), false),
                },
                // A first value of this hash: reused when of this context
                // and text; either way the text was parsed before. Without
                // one, it was if it is noted as seen.
                None => match kept.first_values.get_mut(hash) {
                    Some(v) if v.memo.ctx == ctx && same_text(v.node) => {
                        v.reused = true;
                        (v.memo.reuse(ctx).map(Ok), false)
                    }
                    Some(_) => (None, true),
                    None => (None, kept.seen.contains(&hash)),
                },
            }
        };
        let tree = match kept {
            // Charged as a result is; past the budget, evaluated for the
            // error evaluating gives.
            Some(Ok((value, weight))) if limits::charge_weight(weight).is_ok() => return value,
            Some(Ok(_)) | None => None,
            Some(Err(tree)) => Some(tree),
        };
        // A tree parsed a second time is kept; so is one parsed for a
        // handle (which keeps it anyway), so that other strings of its text
        // and their handles find it.
        let (tree, fresh) = if let Some(tree) = tree {
            (tree, false)
        } else if let Some(tree) = own {
            (tree, true)
        } else {
            self.parsed.fetch_add(1, Ordering::Relaxed);
            if !seen && handle.is_none() {
                return self.first_evaluation(hash, (id, ctx), (text, decoded), eval);
            }
            (Arc::new(parse()), true)
        };
        if let Some(h) = handle {
            h.keep(id, &tree, text.len());
        }
        let (value, reusable) = final_value(&mut eval, &tree);
        let memo = Memo::of(&value, ctx, reusable);
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
            .map
            .get_mut(&hash)
            .filter(|t| Arc::ptr_eq(&t.template, &tree))
        {
            if memo.is_some() {
                t.memo = memo;
            }
        }
        value
    }

    /// The first evaluation of the text of `hash`, of string node `id`,
    /// written `written` and decoded by `decoded` (only when it is
    /// parsed), in the context of identity `ctx`: its value remembered
    /// when it may be reused. Its tree is that of another text of its form
    /// when one is kept (see [`crate::native::form`]; the form its start
    /// hints, else its own): `eval` then makes an attempt with it,
    /// which gives way to a parse of the text if it reports anything
    /// (its diagnostics need the text's own spans; the form's tree is
    /// then dropped, its slot left empty). Otherwise the text is parsed,
    /// and its tree kept for its form if it has one, else dropped.
    fn first_evaluation<'d>(
        &self,
        hash: u64,
        (node, ctx): (NodeId, u64),
        (written, decoded): (&str, impl Fn() -> &'d str),
        mut eval: impl FnMut(&ParsedTemplate, Attempt<'_>) -> Option<(Value, bool)>,
    ) -> Value {
        // The form hinted by the text's start, if the text is of it; else
        // the text's own, scanned for; and its tree, if one is kept.
        let (form, kept) = if self.parsed.load(Ordering::Relaxed) <= self.form_start {
            (None, None)
        } else if let Some((form, kept)) = self.hinted(written) {
            (Some(form), Some(kept))
        } else {
            self.scanned(written)
        };
        let tentative = form
            .as_ref()
            .zip(kept)
            .and_then(|((form_hash, form), mut k)| {
                if let Ok(tree) = &mut k.tree {
                    form::retext(tree, &k.holes, (written, form));
                }
                let done = eval(
                    &k.tree,
                    Attempt::Tentative(k.decoded.as_deref().unwrap_or(&k.written)),
                );
                // A form whose attempt reported is not tried again: its texts
                // likely report too, and each would cost two evaluations.
                if done.is_some() {
                    self.put_back(*form_hash, k);
                }
                done
            });
        let (value, reusable) = if let Some(done) = tentative {
            done
        } else {
            let text = decoded();
            let tree = native::parse_template(text);
            let done = final_value(&mut eval, &tree);
            if let (Ok(_), Some((form_hash, form))) = (&tree, form) {
                self.lock()
                    .insert_form(form_hash, (written, form), text, tree);
            }
            done
        };
        match Memo::of(&value, ctx, reusable) {
            Some(memo) => {
                let kept = KeptValue {
                    hash,
                    node,
                    memo,
                    reused: false,
                };
                let mut all = self.lock();
                if all.first_values.sets.is_empty() && self.first_sets > FIRST_VALUE_SETS {
                    all.first_values.start(self.first_sets);
                }
                all.first_values.insert(kept);
            }
            None => self.lock().note_seen(hash),
        }
        value
    }

    /// The form of `written` and its kept tree, when `written` is a text of
    /// the form its start hints (see [`FormHints`]) and that form's tree is
    /// kept.
    fn hinted(&self, written: &str) -> Option<((u64, Form), Box<KeptForm>)> {
        let key = FormHints::key(written)?;
        let mut all = self.lock();
        let form_hash = all.form_hints.get(key)?;
        let slot = all.forms.map.get_mut(&form_hash)?;
        let kept = slot.kept.as_ref()?;
        let form = kept.form.matched(&kept.written, written)?;
        Some(((form_hash, form), slot.kept.take()?))
    }

    /// The form of `written` found by a scan, with its hash, and the
    /// form's tree if one is kept (the form is then hinted by the text's
    /// start).
    fn scanned(&self, written: &str) -> (Option<(u64, Form)>, Option<Box<KeptForm>>) {
        let Some(form) = Form::of_written(written) else {
            return (None, None);
        };
        let form_hash = form.hash(&self.state, written);
        let kept = {
            let mut all = self.lock();
            let kept = all.forms.map.get_mut(&form_hash).and_then(|slot| {
                slot.kept
                    .take_if(|k| form.same(written, &k.form, &k.written))
            });
            if kept.is_some() {
                all.form_hints.note(written, &form, form_hash);
            }
            kept
        };
        (Some((form_hash, form)), kept)
    }

    /// Gives a form's tree back to its slot (unless the slot was dropped
    /// meanwhile, or filled by another thread).
    fn put_back(&self, form_hash: u64, kept: Box<KeptForm>) {
        if let Some(slot) = self.lock().forms.map.get_mut(&form_hash) {
            if slot.kept.is_none() {
                slot.kept = Some(kept);
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        // A panic while holding the lock leaves consistent maps.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many template trees have been made so far (parsed, or taken
    /// from a form's tree).
    pub(crate) fn parsed(&self) -> usize {
        self.parsed.load(Ordering::Relaxed)
    }

    /// How many trees are kept.
    #[cfg(test)]
    pub(crate) fn kept(&self) -> usize {
        self.lock().trees.map.len()
    }

    /// How many forms have a tree kept.
    #[cfg(test)]
    pub(crate) fn forms(&self) -> usize {
        self.lock().forms.map.len()
    }

    /// Whether any form has its tree.
    #[cfg(test)]
    pub(crate) fn form_has_tree(&self) -> bool {
        self.lock()
            .forms
            .map
            .values()
            .any(|slot| slot.kept.is_some())
    }

    /// How many first values are remembered.
    #[cfg(test)]
    pub(crate) fn first_values(&self) -> usize {
        self.lock().first_values.len()
    }

    /// How many first values their table has room for.
    #[cfg(test)]
    pub(crate) fn first_values_room(&self) -> usize {
        self.lock().first_values.capacity()
    }

    /// Their bytes, as [`FIRST_VALUE_BYTES`] counts them.
    #[cfg(test)]
    pub(crate) fn first_value_bytes(&self) -> u64 {
        self.lock().first_values.bytes
    }
}

#[cfg(test)]
#[path = "template_cache_tests.rs"]
mod tests;

/// What `eval`, given to [`TemplateCache::evaluate`], gives for `tree` as
/// a final evaluation (which gives a value; the fallback is not reached).
fn final_value(
    eval: &mut impl FnMut(&ParsedTemplate, Attempt<'_>) -> Option<(Value, bool)>,
    tree: &ParsedTemplate,
) -> (Value, bool) {
    eval(tree, Attempt::Final).unwrap_or_else(|| (Value::dynamic(), false))
}

impl std::fmt::Debug for TemplateCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TemplateCache({} parsed)", self.parsed())
    }
}
