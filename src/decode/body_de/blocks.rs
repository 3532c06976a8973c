//! The block fields of a body: the checks of their block counts and map
//! keys, and the deserializer of one field's blocks as a single block, an
//! option, a sequence or a map keyed by first label.

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{label_error, LabelDeserializer};
use crate::body::{BlockPath, Body, LazyBlock, LazyContent};
use crate::decode::spec::{
    BodyDeserializer, Cardinality, DecodeSpec, Env, FieldKind, MAP_KEY_LABEL,
};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics, Error};

/// "Missing X block" and "Duplicate X block" for `T` and `Option<T>` fields.
pub(super) fn check_block_counts(
    spec: &DecodeSpec,
    content: &LazyContent<'_, '_>,
    body: &Body,
    diags: &mut Diagnostics,
) {
    for field in &spec.fields {
        let FieldKind::Block {
            type_name,
            cardinality,
            default,
            ..
        } = field.kind
        else {
            continue;
        };
        let blocks: Vec<&LazyBlock<'_, '_>> = content
            .blocks
            .iter()
            .filter(|b| b.type_name == type_name)
            .collect();
        if matches!(cardinality, Cardinality::Map(_)) {
            check_map_keys(type_name, &blocks, diags);
            continue;
        }
        if matches!(cardinality, Cardinality::One) && !default && blocks.is_empty() {
            diags.push(
                Diagnostic::error(
                    format!("Missing {type_name} block"),
                    format!("A block of type {type_name:?} is required here."),
                    Some(content.missing_item_range(body)),
                )
                .with_kind(DiagnosticKind::MissingBlock),
            );
        }
        if !matches!(cardinality, Cardinality::Many) {
            for extra in blocks.iter().skip(1) {
                diags.push(Diagnostic::error(
                    format!("Duplicate {type_name} block"),
                    format!(
                        "Only one block of type {type_name:?} is allowed. Previous definition was at {}.",
                        blocks[0].def_range()
                    ),
                    Some(extra.def_range()),
                ).with_kind(DiagnosticKind::DuplicateBlock));
            }
        }
    }
}

/// "Duplicate X block" for two blocks of a block map with the same first
/// label: the second points at its label, its detail at the first.
fn check_map_keys(type_name: &str, blocks: &[&LazyBlock<'_, '_>], diags: &mut Diagnostics) {
    let mut seen: std::collections::HashMap<&str, &LazyBlock<'_, '_>> =
        std::collections::HashMap::new();
    for block in blocks {
        let Some(key) = block.labels.first() else {
            continue;
        };
        if let Some(first) = seen.get(&**key) {
            let mut d = Diagnostic::error(
                format!("Duplicate {type_name} block"),
                format!(
                    "A block {type_name} {key:?} was already defined at {}; each {type_name:?} block needs its own first label.",
                    first.label_range(0)
                ),
                Some(block.label_range(0)),
            ).with_kind(DiagnosticKind::DuplicateBlock);
            d.context = Some(first.label_range(0));
            diags.push(d);
        } else {
            seen.insert(key, block);
        }
    }
}

/// The blocks of one block field.
pub(super) struct BlocksDeserializer<'p> {
    pub(super) blocks: Vec<LazyBlock<'static, 'p>>,
    pub(super) cardinality: Cardinality,
    pub(super) spec: &'static DecodeSpec,
    pub(super) env: &'p Env<'p>,
    /// The path of the body the blocks are in.
    pub(super) parent: &'p BlockPath<'p>,
}

impl<'p> BlocksDeserializer<'p> {
    fn body_deserializer(&self, block: LazyBlock<'static, 'p>) -> BodyDeserializer<'p> {
        // The first label of a map's block is the map's key, not the block
        // type's.
        let map = matches!(self.cardinality, Cardinality::Map(_));
        BodyDeserializer {
            body: block.body,
            first_label: usize::from(map && !block.labels.is_empty()),
            labels: block.labels,
            label_spots: block.label_spots,
            block_spots: Some((block.def, block.type_spot)),
            spec: self.spec,
            env: self.env,
            parent: (!self.parent.is_empty()).then_some(self.parent),
            type_name: block.type_name,
        }
    }

    /// The one block of a `T` field (its absence was reported already).
    fn single(mut self) -> Result<BodyDeserializer<'p>, Error> {
        if self.blocks.is_empty() {
            return Err(Error::reported());
        }
        let first = self.blocks.swap_remove(0);
        Ok(self.body_deserializer(first))
    }
}

impl<'de> Deserializer<'de> for BlocksDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.cardinality {
            Cardinality::Many => self.deserialize_seq(visitor),
            Cardinality::Map(_) => self.deserialize_map(visitor),
            Cardinality::AtMostOne => self.deserialize_option(visitor),
            Cardinality::One => self.single()?.deserialize_any(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let rest = std::mem::take(&mut self.blocks);
        let room = rest.capacity();
        visitor.visit_seq(BlockSeq {
            owner: &self,
            rest: rest.into_iter(),
            room,
        })
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.blocks.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self.single()?)
        }
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let blocks = std::mem::take(&mut self.blocks);
        visitor.visit_map(BlockMap {
            owner: &self,
            blocks: blocks.into_iter(),
            seen: std::collections::HashSet::new(),
            current: None,
        })
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.single()?.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.single()?.deserialize_struct(name, fields, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct enum
        identifier ignored_any
    }
}

/// A block map: keys are the blocks' first labels (a repeated one was
/// reported as a duplicate block and is skipped), values the blocks.
struct BlockMap<'o, 'p> {
    owner: &'o BlocksDeserializer<'p>,
    blocks: std::vec::IntoIter<LazyBlock<'static, 'p>>,
    seen: std::collections::HashSet<String>,
    current: Option<LazyBlock<'static, 'p>>,
}

impl<'de> MapAccess<'de> for BlockMap<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(block) = self.next_entry() else {
            return Ok(None);
        };
        let label = LabelDeserializer {
            label: &block.labels[0],
            spot: block.label_spots.first(),
            body: &block.body,
            name: MAP_KEY_LABEL,
            path: &block.type_name,
        };
        let key = seed.deserialize(label);
        match key {
            Ok(key) => {
                self.current = Some(block);
                Ok(Some(key))
            }
            Err(e) => {
                let marker = self.owner.env.record(e);
                self.check_body(block);
                self.check_rest();
                Err(marker)
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let block = self.current.take().ok_or_else(Error::reported)?;
        // The definition range is resolved only for a failure.
        let (def, body) = (block.def.clone(), block.body.clone());
        seed.deserialize(self.owner.body_deserializer(block))
            .map_err(|e| {
                let marker = self.owner.env.record_at(e, &def.resolve(&body), "block");
                self.check_rest();
                marker
            })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len())
    }
}

impl<'p> BlockMap<'_, 'p> {
    /// The next block that is an entry of the map: one with a first label
    /// (its key) not seen before; a repeated key was reported by the count
    /// check.
    fn next_entry(&mut self) -> Option<LazyBlock<'static, 'p>> {
        self.blocks
            .by_ref()
            .find(|block| match block.labels.first() {
                Some(key) if !block.label_spots.is_empty() => self.seen.insert(key.to_string()),
                _ => false,
            })
    }

    /// A map stops at its first failing entry: check the entries after it
    /// anyway (key and body), so that their problems are reported too.
    #[cold]
    fn check_rest(&mut self) {
        let Cardinality::Map(check_key) = self.owner.cardinality else {
            return;
        };
        while let Some(block) = self.next_entry() {
            if let Err(e) = check_key(&block.labels[0]) {
                let e = label_error(e, &block.label_range(0), MAP_KEY_LABEL, &block.type_name);
                self.owner.env.record(e);
            }
            self.check_body(block);
        }
    }

    /// Decodes `block`'s body to report its problems, and drops it.
    #[cold]
    fn check_body(&self, block: LazyBlock<'static, 'p>) {
        let def_range = block.def_range();
        if let Err(e) = (self.owner.spec.check)(self.owner.body_deserializer(block)) {
            self.owner.env.record_at(e, &def_range, "block");
        }
    }
}

struct BlockSeq<'o, 'p> {
    owner: &'o BlocksDeserializer<'p>,
    /// The blocks not read yet, in the content walk's list; moved to a
    /// list of their own when they fill a quarter of it, so that the
    /// memory of the blocks read goes to the values decoded from them (a
    /// file's blocks all held to the end of the list add to a decode's
    /// peak).
    rest: std::vec::IntoIter<LazyBlock<'static, 'p>>,
    /// How many blocks the list of `rest` holds room for.
    room: usize,
}

impl<'p> BlockSeq<'_, 'p> {
    /// Called after a block is read: frees the list's room once the
    /// blocks left fill a quarter of it.
    #[inline]
    fn release_read(&mut self) {
        if self.room >= 64 && self.rest.len() <= self.room / 4 {
            self.move_rest();
        }
    }

    /// Moves the blocks left to a list of their size, and frees the list
    /// they were in (the blocks moved add up to a third of the field's).
    #[cold]
    fn move_rest(&mut self) {
        let rest: Vec<LazyBlock<'static, 'p>> = self.rest.by_ref().collect();
        self.room = rest.len();
        self.rest = rest.into_iter();
    }
}

impl<'de> SeqAccess<'de> for BlockSeq<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(block) = self.rest.next() else {
            return Ok(None);
        };
        let read = seed.deserialize(self.owner.body_deserializer(block));
        self.release_read();
        match read {
            Ok(value) => Ok(Some(value)),
            Err(e) => {
                let marker = self.owner.env.record(e);
                // A `Vec` stops at its first failing element: check the rest
                // of the blocks anyway, so their problems are reported too.
                while let Some(block) = self.rest.next() {
                    let de = self.owner.body_deserializer(block);
                    if let Err(e) = (self.owner.spec.check)(de) {
                        self.owner.env.record(e);
                    }
                    self.release_read();
                }
                Err(marker)
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.rest.len())
    }
}
