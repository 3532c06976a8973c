//! The one hand-over channel between this crate's serde (de)serializers and
//! the types that need something serde cannot carry.
//!
//! serde has no way to pass a value that is not data — a [`Value`] kept
//! whole, an `Expression` handle, a source `Range` — between a
//! `Deserializer` and a `Deserialize` impl (or between a `Serialize` impl
//! and a `Serializer`). The crate's types that need one ask for a newtype
//! struct with a private name (the trick serde_json's `RawValue` uses).
//! Only this crate's (de)serializers know those names; when they see one,
//! they pass the item through this module, within the same call:
//!
//! 1. **Give**: the side that has the item calls [`give`] with the item and
//!    the call that reaches the other side (`visitor.visit_newtype_struct`),
//!    and the receiving side calls [`take`] for the type it expects, before
//!    doing anything else. Hand-overs nest (a stack, innermost on top);
//!    whatever happens, `give` removes its item (if not taken) before it
//!    returns, so nothing leaks from one call to the next. A record that
//!    must stay for a whole decoding is given once around it and reached
//!    with [`with_nearest`].
//! 2. **Request** (serialization, where the asking side is the
//!    `Serializer`): the serializer calls [`request`] around the call that
//!    reaches the `Serialize` impl; that impl checks [`is_requested`] for
//!    its type and, when asked, [`give`]s itself instead of serializing.
//!
//! A `take` that finds nothing (the item went through serde's buffering, or
//! another format's deserializer asked) returns `None`; the caller falls
//! back to the plain data or reports why it cannot.
//!
//! [`Value`]: crate::value::Value

use std::any::{Any, TypeId};
use std::cell::RefCell;

/// The private newtype names: a `Deserialize` impl that asks for one (or
/// a `Serialize` impl that writes one) is talking to this crate's own
/// (de)serializers, which answer through the hand-over.
pub(crate) const NUMBER_TOKEN: &str = "$hcl_json::private::Number";
/// See [`NUMBER_TOKEN`]: a [`Value`](crate::value::Value) kept whole.
pub(crate) const VALUE_TOKEN: &str = "$hcl_json::private::Value";
/// See [`NUMBER_TOKEN`]: an `Expression` handle.
pub(crate) const EXPRESSION_TOKEN: &str = "$hcl_json::private::Expression";
/// See [`NUMBER_TOKEN`]: an `ExpressionClosure` (expression and context).
pub(crate) const CLOSURE_TOKEN: &str = "$hcl_json::private::ExpressionClosure";
/// See [`NUMBER_TOKEN`]: a `Body` handle.
pub(crate) const BODY_TOKEN: &str = "$hcl_json::private::Body";
/// See [`NUMBER_TOKEN`]: a `Spanned` value's range.
pub(crate) const SPANNED_TOKEN: &str = "$hcl_json::private::Spanned";
/// See [`NUMBER_TOKEN`]: a block's range field.
pub(crate) const RANGE_TOKEN: &str = "$hcl_json::private::Range";
/// See [`NUMBER_TOKEN`]: an `Interpolated` string, written as it is.
pub(crate) const INTERPOLATED_TOKEN: &str = "$hcl_json::private::Interpolated";

enum Item {
    /// A serializer asked for an item of this type.
    Wanted(TypeId),
    /// An item on its way to the receiving side.
    Given(Box<dyn Any>),
}

thread_local! {
    /// Hand-overs in progress, innermost last: they nest (a `Spanned`
    /// field's range is handed over while the decode-wide buffer record is
    /// in place, a `Value` while a `Spanned` one is being read, ...).
    static STACK: RefCell<Vec<Item>> = const { RefCell::new(Vec::new()) };
}

/// Pushes `item` for the duration of `reach`: the stack and what of the
/// item is left when `reach` returns (one look-up of the thread-local for
/// both; `reach` reaches it again itself, no borrow is held across it).
fn around<R>(item: Item, reach: impl FnOnce() -> R) -> (R, Option<Item>) {
    STACK.with(|stack| {
        let len = {
            let mut s = stack.borrow_mut();
            let len = s.len();
            s.push(item);
            len
        };
        let result = reach();
        let mut s = stack.borrow_mut();
        let first = (s.len() > len).then(|| s.swap_remove(len));
        s.truncate(len);
        (result, first)
    })
}

/// Puts `item` in the slot for the duration of `reach`, the call that
/// reaches the receiving side.
pub(crate) fn give<T: 'static, R>(item: T, reach: impl FnOnce() -> R) -> R {
    around(Item::Given(Box::new(item)), reach).0
}

/// Takes the item of type `T` given for this call (the innermost
/// hand-over), if there is one.
pub(crate) fn take<T: 'static>() -> Option<T> {
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        match s.last() {
            Some(Item::Given(item)) if item.is::<T>() => {}
            _ => return None,
        }
        match s.pop() {
            Some(Item::Given(item)) => item.downcast::<T>().ok().map(|b| *b),
            _ => None,
        }
    })
}

/// Runs `f` on the innermost given item of type `T` without taking it
/// (for a record that lives as long as a whole decoding). `f` must not
/// hand anything over itself.
pub(crate) fn with_nearest<T: 'static, R>(f: impl FnOnce(&mut T) -> R) -> Option<R> {
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        s.iter_mut()
            .rev()
            .find_map(|item| match item {
                Item::Given(item) => item.downcast_mut::<T>(),
                Item::Wanted(_) => None,
            })
            .map(f)
    })
}

/// Asks, for the duration of `reach`, for an item of type `T`; returns
/// `reach`'s result and the item, if the other side gave one.
pub(crate) fn request<T: 'static, R>(reach: impl FnOnce() -> R) -> (R, Option<T>) {
    let (result, left) = around(Item::Wanted(TypeId::of::<T>()), reach);
    let got = match left {
        Some(Item::Given(item)) => item.downcast::<T>().ok().map(|b| *b),
        _ => None,
    };
    (result, got)
}

/// Whether an item of type `T` was requested; answers `true` once per
/// request (the request is consumed), so nested calls serialize normally.
pub(crate) fn is_requested<T: 'static>() -> bool {
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        if matches!(s.last(), Some(Item::Wanted(t)) if *t == TypeId::of::<T>()) {
            s.pop();
            true
        } else {
            false
        }
    })
}

/// Answers a [`request`] that [`is_requested`] consumed: leaves `item` for
/// the requesting side.
pub(crate) fn answer<T: 'static>(item: T) {
    STACK.with(|s| s.borrow_mut().push(Item::Given(Box::new(item))));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_item_is_taken_once_and_only_as_its_type() {
        give(5u32, || {
            assert_eq!(take::<String>(), None);
            assert_eq!(take::<u32>(), Some(5));
            assert_eq!(take::<u32>(), None);
        });
    }

    #[test]
    fn nested_hand_overs_restore_the_outer_item() {
        give(1u8, || {
            give(2u8, || assert_eq!(take::<u8>(), Some(2)));
            assert_eq!(take::<u8>(), Some(1));
        });
        assert_eq!(take::<u8>(), None);
    }

    #[test]
    fn an_untaken_item_does_not_outlive_its_call() {
        give(String::from("left"), || ());
        assert_eq!(take::<String>(), None);
    }

    #[test]
    fn the_nearest_record_is_reachable_under_inner_hand_overs() {
        give(vec![1u8], || {
            give(3u16, || {
                assert_eq!(with_nearest::<Vec<u8>, _>(|v| v.push(2)), Some(()));
                assert_eq!(take::<u16>(), Some(3));
            });
            assert_eq!(take::<Vec<u8>>(), Some(vec![1, 2]));
        });
    }

    #[test]
    fn a_request_is_answered_once() {
        let ((), got) = request::<u16, _>(|| {
            assert!(!is_requested::<u8>());
            assert!(is_requested::<u16>());
            assert!(!is_requested::<u16>());
            answer(7u16);
        });
        assert_eq!(got, Some(7));
    }
}
