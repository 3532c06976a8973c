//! Values, types and numbers through the public API, and their properties:
//! one test binary for the `value` layer.

mod api;
mod props;
