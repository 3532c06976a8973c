//! What value an attribute field expects, told from the field's Rust type:
//! [`Shape`], and [`HasShape`] for the types the decoder reads. The derive
//! records each attribute field's shape in its decoding plan, where a
//! JSON Schema writer (`json_schema`) finds it; decoding itself never
//! looks at it (serde and HCL's conversions decide what a value may be).
//!
//! A field whose type has no [`HasShape`] impl takes [`Shape::Any`]: the
//! derive accepts every `Deserialize` type, and a type it knows nothing
//! about may hold any value.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::marker::PhantomData;

use crate::body::Expression;
use crate::eval::ExpressionClosure;
use crate::pos::Spanned;
use crate::value::{Number, Str, Value};

/// The value an attribute of some Rust type takes, in HCL's terms: what
/// the JSON Schema of a configuration says an attribute may hold
/// (see [`json_schema`](crate::json_schema::json_schema)).
///
/// A shape describes the value, not how it is written: the schema writer
/// adds, where the syntax allows it, a string holding an expression
/// (`"${var.port}"`) and the strings HCL converts to the type (`"8080"`
/// for a number).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// Any value (a [`Value`], an [`Expression`], a type the decoder knows
    /// nothing about).
    Any,
    /// `true` or `false`.
    Bool,
    /// A string; numbers and booleans convert to one.
    String,
    /// One of these strings (a unit-variant enum read by name).
    OneOf(Vec<String>),
    /// Any number.
    Number,
    /// A whole number within the bounds given (inclusive).
    Integer {
        /// The least value, if any.
        min: Option<i128>,
        /// The greatest value, if any.
        max: Option<i128>,
    },
    /// A list (JSON array) of values of one shape.
    List(Box<Shape>),
    /// A map (JSON object) from any key to values of one shape.
    Map(Box<Shape>),
    /// An object with these attributes; those whose shape is
    /// [`Shape::Optional`] may be left out.
    Object(Vec<(String, Shape)>),
    /// The shape, or null (an `Option`).
    Optional(Box<Shape>),
}

impl Shape {
    /// A list of `item`s.
    pub fn list(item: Shape) -> Shape {
        Shape::List(Box::new(item))
    }

    /// A map whose values are `value`s.
    pub fn map(value: Shape) -> Shape {
        Shape::Map(Box::new(value))
    }

    /// `shape` or null.
    pub fn optional(shape: Shape) -> Shape {
        match shape {
            Shape::Optional(_) | Shape::Any => shape,
            other => Shape::Optional(Box::new(other)),
        }
    }

    /// One of `names`, as strings.
    pub fn one_of<I: IntoIterator<Item = S>, S: Into<String>>(names: I) -> Shape {
        Shape::OneOf(names.into_iter().map(Into::into).collect())
    }
}

/// A Rust type whose attribute values have a known [`Shape`].
///
/// Implemented for the types the decoder reads: `bool`, the integer and
/// float types, `String` and other strings, [`Value`], [`Number`],
/// [`Expression`], [`ExpressionClosure`], [`Spanned<T>`], `Option`, `Box`,
/// sequences (`Vec`, `VecDeque`, sets) and maps keyed by strings. Implement
/// it for an attribute type of your own (a unit-variant enum read by name,
/// say) to make the JSON Schema of your configuration say more than "any
/// value" about it:
///
/// ```
/// use hcl_json::decode::{HasShape, Shape};
///
/// #[derive(serde::Deserialize)]
/// #[serde(rename_all = "lowercase")]
/// enum Level {
///     Debug,
///     Info,
/// }
///
/// impl HasShape for Level {
///     fn shape() -> Shape {
///         Shape::one_of(["debug", "info"])
///     }
/// }
/// ```
pub trait HasShape {
    /// The shape of this type's values.
    fn shape() -> Shape;
}

macro_rules! shapes {
    ($shape:expr => $($t:ty),*) => {
        $(impl HasShape for $t {
            fn shape() -> Shape {
                $shape
            }
        })*
    };
}

macro_rules! integers {
    ($($t:ty),*) => {
        $(impl HasShape for $t {
            fn shape() -> Shape {
                // Every bound but `u128::MAX` fits.
                Shape::Integer {
                    min: i128::try_from(<$t>::MIN).ok(),
                    max: i128::try_from(<$t>::MAX).ok(),
                }
            }
        })*
    };
}

integers!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

shapes!(Shape::Bool => bool);
shapes!(Shape::Number => f32, f64, Number, rust_decimal::Decimal);
shapes!(Shape::String => String, Str, char, Box<str>, std::path::PathBuf);
shapes!(Shape::Any => Value, Expression, ExpressionClosure);

impl HasShape for std::borrow::Cow<'_, str> {
    fn shape() -> Shape {
        Shape::String
    }
}

impl<T: HasShape> HasShape for Option<T> {
    fn shape() -> Shape {
        Shape::optional(T::shape())
    }
}

impl<T: HasShape> HasShape for Box<T> {
    fn shape() -> Shape {
        T::shape()
    }
}

impl<T: HasShape> HasShape for Spanned<T> {
    fn shape() -> Shape {
        T::shape()
    }
}

macro_rules! sequences {
    ($($t:ident),*) => {
        $(impl<T: HasShape> HasShape for $t<T> {
            fn shape() -> Shape {
                Shape::list(T::shape())
            }
        })*
    };
}

sequences!(Vec, VecDeque, BTreeSet);

impl<T: HasShape, S> HasShape for HashSet<T, S> {
    fn shape() -> Shape {
        Shape::list(T::shape())
    }
}

impl<T: HasShape, S> HasShape for indexmap::IndexSet<T, S> {
    fn shape() -> Shape {
        Shape::list(T::shape())
    }
}

impl<K, V: HasShape, S> HasShape for HashMap<K, V, S> {
    fn shape() -> Shape {
        Shape::map(V::shape())
    }
}

impl<K, V: HasShape, S> HasShape for indexmap::IndexMap<K, V, S> {
    fn shape() -> Shape {
        Shape::map(V::shape())
    }
}

impl<K, V: HasShape> HasShape for BTreeMap<K, V> {
    fn shape() -> Shape {
        Shape::map(V::shape())
    }
}

/// How the derive finds a field type's shape without requiring
/// [`HasShape`] of every attribute type: `(&&ShapeProbe::<T>::new()).shape_fn()`
/// resolves to [`ShapeByTrait`] when `T: HasShape` and to
/// [`ShapeFallback`] ([`Shape::Any`]) otherwise. Method lookup picks the
/// first receiver type that fits, so this works for the concrete field
/// types of a non-generic struct, which is all the derive accepts.
#[doc(hidden)]
#[derive(Debug)]
pub struct ShapeProbe<T: ?Sized>(PhantomData<fn() -> Box<T>>);

impl<T: ?Sized> ShapeProbe<T> {
    /// The probe of `T`.
    pub const fn new() -> Self {
        ShapeProbe(PhantomData)
    }
}

impl<T: ?Sized> Default for ShapeProbe<T> {
    fn default() -> Self {
        ShapeProbe::new()
    }
}

/// See [`ShapeProbe`]: the type's own shape.
#[doc(hidden)]
pub trait ShapeByTrait {
    /// The function that gives the shape.
    fn shape_fn(&self) -> fn() -> Shape;
}

impl<T: HasShape> ShapeByTrait for &ShapeProbe<T> {
    fn shape_fn(&self) -> fn() -> Shape {
        T::shape
    }
}

/// See [`ShapeProbe`]: any value.
#[doc(hidden)]
pub trait ShapeFallback {
    /// The function that gives the shape.
    fn shape_fn(&self) -> fn() -> Shape {
        any
    }
}

impl<T: ?Sized> ShapeFallback for ShapeProbe<T> {}

/// [`Shape::Any`], as a function (the default of a field's shape).
pub(crate) fn any() -> Shape {
    Shape::Any
}
