//! `#[derive(HclDecode)]` for the `hcl_json` crate.
//!
//! This crate is an implementation detail of `hcl_json`, which re-exports the
//! derive; depend on `hcl_json` and see its `HclDecode` documentation.
//!
//! For a struct with named fields the derive generates two impls:
//! - `hcl_json::HclDecode`: the struct's label names (a constant, so
//!   recursive block types need no recursion to build a schema) and its
//!   decoding plan, a `DecodeSpec` built once on first use;
//! - `serde::Deserialize`: a struct visitor that `hcl_json`'s body
//!   deserializer drives. It keeps reading fields after one fails, so that
//!   every problem of a body is reported, not only the first.
#![forbid(unsafe_code)]

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Error, Fields, LitStr, Type};

/// Derives `hcl_json::HclDecode` (and `serde::Deserialize`) for a struct
/// with named fields. See `hcl_json::HclDecode` for the field attributes.
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(err) => err.to_compile_error().into(),
    }
}

/// Derives `hcl_json::HclEncode` for a struct with named fields (or an
/// enum of block types), from the same `#[hcl(...)]` field attributes as
/// `HclDecode`. See `hcl_json::HclEncode`.
#[proc_macro_derive(HclEncode, attributes(hcl))]
pub fn derive_hcl_encode(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as DeriveInput);
    match expand_encode(&input) {
        Ok(tokens) => tokens.into(),
        Err(err) => err.to_compile_error().into(),
    }
}

/// The fields of a struct, parsed and checked as for `HclDecode`.
fn struct_fields<'a>(name: &syn::Ident, data: &'a syn::DataStruct) -> syn::Result<Vec<Field<'a>>> {
    let Fields::Named(named) = &data.fields else {
        return Err(Error::new(
            name.span(),
            "#[derive(HclEncode)] supports structs with named fields only",
        ));
    };
    let mut errors: Option<Error> = None;
    let mut fields = Vec::new();
    for f in &named.named {
        match parse_field(f) {
            Ok(field) => fields.push(field),
            Err(e) => combine(&mut errors, e),
        }
    }
    check_fields(&fields, &mut errors);
    match errors {
        Some(e) => Err(e),
        None => Ok(fields),
    }
}

fn expand_encode(input: &DeriveInput) -> syn::Result<TokenStream2> {
    let name = &input.ident;
    if !input.generics.params.is_empty() {
        return Err(Error::new(
            input.generics.span(),
            "#[derive(HclEncode)] does not support generic structs",
        ));
    }
    let (labels, body) = match &input.data {
        Data::Struct(data) => {
            let fields = struct_fields(name, data)?;
            encode_struct(&fields)
        }
        Data::Enum(data) => encode_enum(name, data)?,
        Data::Union(_) => {
            return Err(Error::new(
                name.span(),
                "#[derive(HclEncode)] supports structs with named fields, and enums whose variants each hold one block type",
            ))
        }
    };
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            impl ::hcl_json::__private::BlockEncode for #name {
                fn collect_blocks<'__a>(
                    &'__a self,
                    __out: &mut ::std::vec::Vec<(::std::vec::Vec<::std::string::String>, &'__a dyn ::hcl_json::HclEncode)>,
                ) -> ::std::result::Result<(), ::hcl_json::Error> {
                    ::hcl_json::__private::collect_one(self, __out)
                }
            }

            impl ::hcl_json::HclEncode for #name {
                fn encode_labels(
                    &self,
                    __labels: &mut ::std::vec::Vec<::std::string::String>,
                ) -> ::std::result::Result<(), ::hcl_json::Error> {
                    #labels
                    ::std::result::Result::Ok(())
                }

                fn encode_body(
                    &self,
                    __b: &mut ::hcl_json::__private::BodyEncoder<'_>,
                ) -> ::std::result::Result<(), ::hcl_json::Error> {
                    #body
                    ::std::result::Result::Ok(())
                }
            }
        };
    })
}

/// The label pushes and the body writes of a struct, in field order.
fn encode_struct(fields: &[Field<'_>]) -> (TokenStream2, TokenStream2) {
    let has_comment = fields.iter().any(|f| matches!(f.kind, Kind::Comment));
    let labels = fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Label))
        .map(|f| {
            let ident = f.ident;
            quote_spanned! {f.ty.span()=>
                __labels.push(::hcl_json::__private::label_string(&self.#ident)?);
            }
        });
    let writes = fields.iter().map(|f| {
        let ident = f.ident;
        match &f.kind {
            Kind::Attr { name, literal } => encode_attr(f, name, *literal),
            Kind::Block { name } => quote_spanned! {f.ty.span()=>
                __b.block_field(#name, &self.#ident)?;
            },
            Kind::Remain => quote_spanned! {f.ty.span()=>
                __b.remain(&self.#ident, #has_comment)?;
            },
            Kind::Comment => quote_spanned! {f.ty.span()=>
                ::hcl_json::__private::CommentEncode::encode_comments(&self.#ident, __b)?;
            },
            Kind::Label | Kind::DefRange | Kind::TypeRange => quote! {},
        }
    });
    (quote! { #(#labels)* }, quote! { #(#writes)* })
}

/// Writes an attribute field: its value, or the value through its
/// `serialize_with` function (serde's signature), with a wrapper type whose
/// `Serialize` calls it, as serde's own derive does.
fn encode_attr(f: &Field<'_>, name: &str, literal: bool) -> TokenStream2 {
    let ident = f.ident;
    let Some(path) = &f.with.serialize else {
        return quote_spanned! {f.ty.span()=>
            __b.attr_with(#name, &self.#ident, #literal)?;
        };
    };
    let ty = f.ty;
    quote_spanned! {path.span()=>
        {
            struct __SerializeWith<'__a>(&'__a #ty);

            impl ::hcl_json::__private::serde::Serialize for __SerializeWith<'_> {
                fn serialize<__S>(&self, __s: __S) -> ::std::result::Result<__S::Ok, __S::Error>
                where
                    __S: ::hcl_json::__private::serde::Serializer,
                {
                    #path(self.0, __s)
                }
            }

            __b.attr_with(#name, &__SerializeWith(&self.#ident), #literal)?;
        }
    }
}

/// An enum of block types: the variant's label first, then the variant's
/// body.
fn encode_enum(
    name: &syn::Ident,
    data: &syn::DataEnum,
) -> syn::Result<(TokenStream2, TokenStream2)> {
    let mut label_arms = Vec::new();
    let mut body_arms = Vec::new();
    for v in &data.variants {
        match &v.fields {
            Fields::Unnamed(f) if f.unnamed.len() == 1 => {}
            _ => {
                return Err(Error::new(
                    v.ident.span(),
                    "each variant holds one block type: `Variant(BlockType)`",
                ))
            }
        }
        let label = variant_label(v)?;
        let ident = &v.ident;
        label_arms.push(quote! {
            #name::#ident(__inner) => {
                __labels.push(::std::string::String::from(#label));
                ::hcl_json::HclEncode::encode_labels(__inner, __labels)?;
            }
        });
        body_arms.push(quote! {
            #name::#ident(__inner) => ::hcl_json::HclEncode::encode_body(__inner, __b)?,
        });
    }
    Ok((
        quote! { match self { #(#label_arms)* } },
        quote! { match self { #(#body_arms)* } },
    ))
}

/// What one field is to the body.
enum Kind {
    Attr { name: String, literal: bool },
    Block { name: String },
    Label,
    Remain,
    Comment,
    DefRange,
    TypeRange,
}

/// What a field takes when the body does not provide it.
enum Default {
    /// `None` for `Option`, otherwise an error (already reported).
    None,
    /// `#[hcl(default)]`: the type's `Default`.
    Trait,
    /// `#[hcl(default = "path")]`: a function's result.
    Path(syn::ExprPath),
}

struct Field<'a> {
    ident: &'a syn::Ident,
    ty: &'a Type,
    kind: Kind,
    default: Default,
    /// `#[hcl(attr, with = "m")]`, `deserialize_with = "path"`,
    /// `serialize_with = "path"`: the functions that read and write the
    /// attribute's value instead of the type's own serde impls.
    with: With,
    span: Span,
    /// The field's doc comment, for the schema's description.
    doc: String,
}

/// The functions of `with`, `deserialize_with` and `serialize_with`, with
/// serde's signatures.
#[derive(Default)]
struct With {
    deserialize: Option<syn::ExprPath>,
    serialize: Option<syn::ExprPath>,
    /// Where the first of them was given, for errors.
    span: Option<Span>,
}

/// A function path given as a string, as in `deserialize_with = "path"`.
fn fn_path(lit: &LitStr, example: &str) -> syn::Result<syn::ExprPath> {
    lit.parse().map_err(|_| {
        Error::new(
            lit.span(),
            format!("expected the path of a function, as in {example}"),
        )
    })
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream2> {
    let name = &input.ident;
    if !input.generics.params.is_empty() {
        return Err(Error::new(
            input.generics.span(),
            "#[derive(HclDecode)] does not support generic structs",
        ));
    }
    if let Data::Enum(data) = &input.data {
        return expand_enum(name, data, &doc_text(&input.attrs));
    }
    let Data::Struct(data) = &input.data else {
        return Err(Error::new(
            name.span(),
            "#[derive(HclDecode)] supports structs with named fields, and enums whose variants each hold one block type",
        ));
    };
    let Fields::Named(named) = &data.fields else {
        return Err(Error::new(
            name.span(),
            "#[derive(HclDecode)] supports structs with named fields only",
        ));
    };
    let mut errors: Option<Error> = None;
    let mut fields = Vec::new();
    for f in &named.named {
        match parse_field(f) {
            Ok(field) => fields.push(field),
            Err(e) => combine(&mut errors, e),
        }
    }
    check_fields(&fields, &mut errors);
    if let Some(e) = errors {
        return Err(e);
    }
    let decode_impl = decode_impl(name, &fields, &doc_text(&input.attrs));
    let deserialize_impl = deserialize_impl(name, &fields);
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #decode_impl
            #deserialize_impl
        };
    })
}

fn combine(errors: &mut Option<Error>, e: Error) {
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

/// The HCL name of a field: the identifier without `r#`.
fn hcl_name(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

fn parse_field(f: &syn::Field) -> syn::Result<Field<'_>> {
    let ident = f.ident.as_ref().expect("named field");
    let mut kind: Option<(Kind, Span)> = None;
    let mut literal: Option<Span> = None;
    let mut default: Option<(Default, Span)> = None;
    let mut with = With::default();
    for attr in f.attrs.iter().filter(|a| a.path().is_ident("hcl")) {
        attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(std::string::ToString::to_string)
                .unwrap_or_default();
            let span = meta.path.span();
            let new = match key.as_str() {
                "attr" | "block" => {
                    let name = if meta.input.peek(syn::Token![=]) {
                        let lit: LitStr = meta.value()?.parse()?;
                        if lit.value().is_empty() {
                            return Err(Error::new(lit.span(), "the name must not be empty"));
                        }
                        lit.value()
                    } else {
                        hcl_name(ident)
                    };
                    if key == "attr" && name == "//" {
                        return Err(Error::new(
                            span,
                            "the \"//\" property holds the body's comments: use #[hcl(comment)] on an Option<T> or Vec<T> field",
                        ));
                    }
                    if key == "attr" {
                        Kind::Attr {
                            name,
                            literal: false,
                        }
                    } else {
                        Kind::Block { name }
                    }
                }
                "label" => Kind::Label,
                "remain" => Kind::Remain,
                "comment" => Kind::Comment,
                "def_range" => Kind::DefRange,
                "type_range" => Kind::TypeRange,
                "literal" => {
                    literal = Some(span);
                    return Ok(());
                }
                "default" => {
                    let value = if meta.input.peek(syn::Token![=]) {
                        let lit: LitStr = meta.value()?.parse()?;
                        Default::Path(lit.parse().map_err(|_| {
                            Error::new(lit.span(), "expected the path of a function, as in default = \"my_mod::default_port\"")
                        })?)
                    } else {
                        Default::Trait
                    };
                    default = Some((value, span));
                    return Ok(());
                }
                "with" | "deserialize_with" | "serialize_with" => {
                    let lit: LitStr = meta.value()?.parse()?;
                    let (de, ser) = match key.as_str() {
                        "with" => {
                            let module = fn_path(&lit, "with = \"my_mod::duration\"")?;
                            let de = syn::parse_quote_spanned!(lit.span()=> #module::deserialize);
                            let ser = syn::parse_quote_spanned!(lit.span()=> #module::serialize);
                            (Some(de), Some(ser))
                        }
                        "deserialize_with" => (
                            Some(fn_path(&lit, "deserialize_with = \"my_mod::parse_duration\"")?),
                            None,
                        ),
                        _ => (
                            None,
                            Some(fn_path(&lit, "serialize_with = \"my_mod::write_duration\"")?),
                        ),
                    };
                    if (de.is_some() && with.deserialize.is_some())
                        || (ser.is_some() && with.serialize.is_some())
                    {
                        return Err(Error::new(
                            span,
                            "the field's value already has a function: give `with`, or `deserialize_with` and `serialize_with`, once each",
                        ));
                    }
                    with.span.get_or_insert(span);
                    with.deserialize = with.deserialize.take().or(de);
                    with.serialize = with.serialize.take().or(ser);
                    return Ok(());
                }
                _ => {
                    return Err(meta.error(format!(
                        "unknown hcl attribute `{key}`: expected `attr`, `attr = \"name\"`, `block`, `block = \"name\"`, `label`, `remain`, `comment`, `def_range`, `type_range`, `literal`, `default`, `default = \"path\"`, `with = \"module\"`, `deserialize_with = \"path\"` or `serialize_with = \"path\"`"
                    )))
                }
            };
            if let Some((_, first)) = &kind {
                let mut e = Error::new(
                    span,
                    "a field can be only one of `attr`, `block`, `label`, `remain`, `comment`, `def_range` and `type_range`",
                );
                e.combine(Error::new(*first, "first given here"));
                return Err(e);
            }
            kind = Some((new, span));
            Ok(())
        })?;
    }
    let Some((mut kind, span)) = kind else {
        return Err(Error::new(
            ident.span(),
            format!(
                "field `{ident}` needs one of #[hcl(attr)], #[hcl(block)], #[hcl(label)], #[hcl(remain)], #[hcl(comment)], #[hcl(def_range)] or #[hcl(type_range)]"
            ),
        ));
    };
    if let Some(lit_span) = literal {
        match &mut kind {
            Kind::Attr { literal, .. } => *literal = true,
            _ => {
                return Err(Error::new(
                    lit_span,
                    "`literal` applies to attributes only: #[hcl(attr, literal)]",
                ))
            }
        }
    }
    if let (Some(with_span), false) = (with.span, matches!(kind, Kind::Attr { .. })) {
        return Err(Error::new(
            with_span,
            "`with`, `deserialize_with` and `serialize_with` apply to attributes only: #[hcl(attr, with = \"module\")]",
        ));
    }
    let default = match default {
        None => Default::None,
        Some((d, _)) if matches!(kind, Kind::Attr { .. } | Kind::Block { .. }) => d,
        Some((_, d_span)) => {
            return Err(Error::new(
                d_span,
                "`default` applies to attributes and blocks only: #[hcl(attr, default)], #[hcl(block, default)]",
            ))
        }
    };
    if let (Default::Trait | Default::Path(_), true) = (&default, is_option(&f.ty)) {
        return Err(Error::new(
            f.ty.span(),
            "an Option field is already optional (None when absent): remove `default`, or use a non-Option type",
        ));
    }
    Ok(Field {
        ident,
        ty: &f.ty,
        kind,
        default,
        with,
        span,
        doc: doc_text(&f.attrs),
    })
}

/// The text of `#[doc]` attributes (`///` comments): the lines of a
/// paragraph joined by spaces, paragraphs by a blank line, as a JSON
/// Schema description reads best in an editor's hover.
fn doc_text(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                lines.extend(s.value().lines().map(|l| l.trim().to_string()));
            }
        }
    }
    let mut out = String::new();
    let mut blank = false;
    for line in lines {
        if line.is_empty() {
            blank = !out.is_empty();
        } else {
            if blank {
                out.push_str("\n\n");
            } else if !out.is_empty() {
                out.push(' ');
            }
            blank = false;
            out.push_str(&line);
        }
    }
    out
}

/// Rules across fields: one `remain`, no name used twice.
fn check_fields(fields: &[Field<'_>], errors: &mut Option<Error>) {
    let mut remain: Option<Span> = None;
    let mut names: Vec<(String, Span)> = Vec::new();
    for f in fields {
        match &f.kind {
            Kind::Remain => {
                if remain.is_some() {
                    combine(
                        errors,
                        Error::new(f.span, "only one field can be #[hcl(remain)]"),
                    );
                }
                remain = Some(f.span);
            }
            Kind::Attr { name, .. } | Kind::Block { name } => {
                if names.iter().any(|(n, _)| n == name) {
                    combine(
                        errors,
                        Error::new(
                            f.span,
                            format!(
                                "the name \"{name}\" is used by another attribute or block field"
                            ),
                        ),
                    );
                }
                names.push((name.clone(), f.span));
            }
            Kind::Label | Kind::Comment | Kind::DefRange | Kind::TypeRange => {}
        }
    }
}

/// Whether the type is written `Option<...>` (the attribute is optional).
fn is_option(ty: &Type) -> bool {
    match ty {
        Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Option"),
        _ => false,
    }
}

fn other(field: &str, kind: TokenStream2) -> TokenStream2 {
    quote! { ::hcl_json::__private::FieldSpec::other(#field, ::hcl_json::__private::FieldKind::#kind) }
}

fn decode_impl(name: &syn::Ident, fields: &[Field<'_>], doc: &str) -> TokenStream2 {
    let type_name = name.to_string();
    let labels: Vec<String> = fields
        .iter()
        .filter(|f| matches!(f.kind, Kind::Label))
        .map(|f| hcl_name(f.ident))
        .collect();
    let specs = fields.iter().map(|f| {
        let field = hcl_name(f.ident);
        let ty = f.ty;
        match &f.kind {
            Kind::Attr { name, literal } => {
                let required = !is_option(ty) && matches!(f.default, Default::None);
                let doc = &f.doc;
                // A field read by a function may take any value the
                // function reads: its type says nothing about the input.
                let shaped = f.with.deserialize.is_none().then(|| quote_spanned! {ty.span()=>
                    .shaped({
                        #[allow(unused_imports)]
                        use ::hcl_json::__private::{ShapeByTrait as _, ShapeFallback as _};
                        (&&::hcl_json::__private::ShapeProbe::<#ty>::new()).shape_fn()
                    })
                });
                quote_spanned! {f.span=>
                    ::hcl_json::__private::FieldSpec::attr(#field, #name, #required, #literal)
                        .described(#doc)
                        #shaped
                }
            }
            Kind::Block { name } => {
                let default = !matches!(f.default, Default::None);
                let doc = &f.doc;
                quote_spanned! {ty.span()=>
                    ::hcl_json::__private::FieldSpec::block(
                        #field,
                        #name,
                        <#ty as ::hcl_json::__private::BlockField>::CARDINALITY,
                        <<#ty as ::hcl_json::__private::BlockField>::Block as ::hcl_json::HclDecode>::LABELS,
                        <<#ty as ::hcl_json::__private::BlockField>::Block as ::hcl_json::HclDecode>::decode_spec,
                        #default,
                    )
                    .described(#doc)
                }
            }
            Kind::Label => other(&field, quote!(Label)),
            Kind::Remain => {
                // A compile-time check that the type can hold the rest.
                quote_spanned! {ty.span()=>
                    {
                        const _: fn() = || {
                            fn holds_rest<T: ::hcl_json::__private::RemainField>() {}
                            holds_rest::<#ty>();
                        };
                        ::hcl_json::__private::FieldSpec::other(#field, ::hcl_json::__private::FieldKind::Remain)
                    }
                }
            }
            Kind::Comment => other(&field, quote!(Comment)),
            Kind::DefRange => other(&field, quote!(DefRange)),
            Kind::TypeRange => other(&field, quote!(TypeRange)),
        }
    });
    quote! {
        impl ::hcl_json::__private::BlockField for #name {
            type Block = #name;
            const CARDINALITY: ::hcl_json::__private::Cardinality =
                ::hcl_json::__private::Cardinality::One;
        }

        impl ::hcl_json::HclDecode for #name {
            const LABELS: &'static [&'static str] = &[#(#labels),*];

            fn decode_spec() -> &'static ::hcl_json::__private::DecodeSpec {
                static SPEC: ::std::sync::OnceLock<::hcl_json::__private::DecodeSpec> =
                    ::std::sync::OnceLock::new();
                SPEC.get_or_init(|| {
                    ::hcl_json::__private::DecodeSpec::new(
                        #type_name,
                        ::std::vec![#(#specs),*],
                        |__d| {
                            <#name as ::hcl_json::__private::serde::Deserialize>::deserialize(__d)
                                .map(|_| ())
                        },
                    )
                    .described(#doc)
                })
            }
        }
    }
}

fn deserialize_impl(name: &syn::Ident, fields: &[Field<'_>]) -> TokenStream2 {
    let type_name = name.to_string();
    let slots: Vec<syn::Ident> = (0..fields.len())
        .map(|i| syn::Ident::new(&format!("__field{i}"), Span::call_site()))
        .collect();
    let field_names: Vec<String> = fields.iter().map(|f| hcl_name(f.ident)).collect();
    let declare = fields.iter().zip(&slots).map(|(f, slot)| {
        let ty = f.ty;
        quote! { let mut #slot: ::std::option::Option<#ty> = ::std::option::Option::None; }
    });
    let arms = slots.iter().zip(fields).enumerate().map(|(i, (slot, f))| {
        let i = i as u64;
        let read = match (&f.kind, &f.with.deserialize) {
            (Kind::DefRange | Kind::TypeRange, _) => {
                let ty = f.ty;
                quote_spanned! {f.ty.span()=>
                    ::hcl_json::__private::next_range::<_, #ty>(&mut __map)
                }
            }
            (_, Some(path)) => deserialize_with(f.ty, path),
            _ => quote! { ::hcl_json::__private::serde::de::MapAccess::next_value(&mut __map) },
        };
        quote! {
            #i => match #read {
                ::std::result::Result::Ok(__v) => #slot = ::std::option::Option::Some(__v),
                ::std::result::Result::Err(__e) => {
                    __error.get_or_insert(__e);
                }
            },
        }
    });
    let build = fields.iter().zip(&slots).map(|(f, slot)| {
        let ident = f.ident;
        let field = hcl_name(f.ident);
        let absent = match &f.default {
            // A field read by a function need not implement `Deserialize`
            // itself: absent, an `Option` is `None`; it and a range field
            // are otherwise an error whose cause (a missing required
            // attribute, the body's problem) was reported already.
            Default::None if f.with.deserialize.is_some() && is_option(f.ty) => {
                quote! { ::std::option::Option::None }
            }
            Default::None
                if f.with.deserialize.is_some()
                    || matches!(f.kind, Kind::DefRange | Kind::TypeRange) =>
            {
                quote! { ::hcl_json::__private::not_read()? }
            }
            Default::None => quote! { ::hcl_json::__private::missing_field(#field)? },
            Default::Trait => quote_spanned! {f.ty.span()=> ::std::default::Default::default() },
            Default::Path(path) => quote_spanned! {path.span()=> #path() },
        };
        quote! {
            #ident: match #slot {
                ::std::option::Option::Some(__v) => __v,
                ::std::option::Option::None => #absent,
            }
        }
    });
    quote! {
        impl<'de> ::hcl_json::__private::serde::Deserialize<'de> for #name {
            fn deserialize<__D>(__deserializer: __D) -> ::std::result::Result<Self, __D::Error>
            where
                __D: ::hcl_json::__private::serde::Deserializer<'de>,
            {
                const FIELDS: &[&str] = &[#(#field_names),*];

                struct __Visitor;

                impl<'de> ::hcl_json::__private::serde::de::Visitor<'de> for __Visitor {
                    type Value = #name;

                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str(concat!("a body for ", #type_name))
                    }

                    fn visit_map<__A>(self, mut __map: __A) -> ::std::result::Result<#name, __A::Error>
                    where
                        __A: ::hcl_json::__private::serde::de::MapAccess<'de>,
                    {
                        #(#declare)*
                        // Keep reading after a field fails, so that every
                        // problem is reported (the body deserializer records
                        // each one); return the first error at the end.
                        let mut __error: ::std::option::Option<__A::Error> = ::std::option::Option::None;
                        while let ::std::option::Option::Some(__key) =
                            ::hcl_json::__private::serde::de::MapAccess::next_key_seed(
                                &mut __map,
                                ::hcl_json::__private::FieldKey(FIELDS),
                            )?
                        {
                            match __key {
                                #(#arms)*
                                _ => {
                                    ::hcl_json::__private::serde::de::MapAccess::next_value::<::hcl_json::__private::serde::de::IgnoredAny>(&mut __map)?;
                                }
                            }
                        }
                        if let ::std::option::Option::Some(__e) = __error {
                            return ::std::result::Result::Err(__e);
                        }
                        ::std::result::Result::Ok(#name {
                            #(#build),*
                        })
                    }
                }

                ::hcl_json::__private::serde::Deserializer::deserialize_struct(__deserializer, #type_name, FIELDS, __Visitor)
            }
        }
    }
}

/// Reads the next value through `path` (serde's `deserialize_with`
/// signature), with a wrapper type whose `Deserialize` calls it, as serde's
/// own derive does.
fn deserialize_with(ty: &Type, path: &syn::ExprPath) -> TokenStream2 {
    quote_spanned! {path.span()=>
        {
            struct __DeserializeWith(#ty);

            impl<'de> ::hcl_json::__private::serde::Deserialize<'de> for __DeserializeWith {
                fn deserialize<__D>(__d: __D) -> ::std::result::Result<Self, __D::Error>
                where
                    __D: ::hcl_json::__private::serde::Deserializer<'de>,
                {
                    #path(__d).map(__DeserializeWith)
                }
            }

            ::hcl_json::__private::serde::de::MapAccess::next_value::<__DeserializeWith>(&mut __map)
                .map(|__w| __w.0)
        }
    }
}

/// Kebab-case of a variant name: `LocalExec` is `local-exec`.
fn kebab(ident: &syn::Ident) -> String {
    let mut out = String::new();
    for (i, c) in ident.to_string().chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The label that selects a variant: `#[hcl(label = "...")]` or the
/// variant's name in kebab case.
fn variant_label(v: &syn::Variant) -> syn::Result<String> {
    let mut label = None;
    for attr in v.attrs.iter().filter(|a| a.path().is_ident("hcl")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("label") {
                let lit: LitStr = meta.value()?.parse()?;
                if lit.value().is_empty() {
                    return Err(Error::new(lit.span(), "the label must not be empty"));
                }
                label = Some(lit.value());
                Ok(())
            } else {
                Err(meta.error("unknown hcl attribute on a variant: expected `label = \"...\"`"))
            }
        })?;
    }
    Ok(label.unwrap_or_else(|| kebab(&v.ident)))
}

/// An enum of block types, chosen by the block's first label: each variant
/// holds one type that derives `HclDecode` and takes no labels of its own.
fn expand_enum(name: &syn::Ident, data: &syn::DataEnum, doc: &str) -> syn::Result<TokenStream2> {
    let type_name = name.to_string();
    let mut errors: Option<Error> = None;
    let mut labels = Vec::new();
    let mut variants = Vec::new();
    for v in &data.variants {
        let ty = match &v.fields {
            Fields::Unnamed(f) if f.unnamed.len() == 1 => &f.unnamed[0].ty,
            _ => {
                combine(
                    &mut errors,
                    Error::new(
                        v.ident.span(),
                        "each variant holds one block type: `Variant(BlockType)`",
                    ),
                );
                continue;
            }
        };
        match variant_label(v) {
            Ok(label) => {
                if labels.contains(&label) {
                    combine(
                        &mut errors,
                        Error::new(
                            v.ident.span(),
                            format!("the label \"{label}\" selects another variant already"),
                        ),
                    );
                }
                labels.push(label);
                variants.push((&v.ident, ty));
            }
            Err(e) => combine(&mut errors, e),
        }
    }
    if data.variants.is_empty() {
        combine(
            &mut errors,
            Error::new(
                name.span(),
                "an enum of block types needs at least one variant",
            ),
        );
    }
    if let Some(e) = errors {
        return Err(e);
    }
    let specs = variants.iter().zip(&labels).map(|((_, ty), label)| {
        quote_spanned! {ty.span()=>
            ::hcl_json::__private::Variant {
                label: #label,
                spec: <#ty as ::hcl_json::HclDecode>::decode_spec,
            }
        }
    });
    let no_labels = variants.iter().map(|(_, ty)| {
        quote_spanned! {ty.span()=>
            const _: () = ::std::assert!(
                <#ty as ::hcl_json::HclDecode>::LABELS.is_empty(),
                "a block type chosen by a label takes no #[hcl(label)] fields of its own"
            );
        }
    });
    let arms = variants.iter().enumerate().map(|(i, (ident, ty))| {
        let i = i as u64;
        quote! {
            #i => ::hcl_json::__private::serde::de::VariantAccess::newtype_variant::<#ty>(__variant)
                .map(#name::#ident),
        }
    });
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #(#no_labels)*

            impl ::hcl_json::__private::BlockField for #name {
                type Block = #name;
                const CARDINALITY: ::hcl_json::__private::Cardinality =
                    ::hcl_json::__private::Cardinality::One;
            }

            impl ::hcl_json::HclDecode for #name {
                const LABELS: &'static [&'static str] = &["type"];

                fn decode_spec() -> &'static ::hcl_json::__private::DecodeSpec {
                    static SPEC: ::std::sync::OnceLock<::hcl_json::__private::DecodeSpec> =
                        ::std::sync::OnceLock::new();
                    SPEC.get_or_init(|| {
                        ::hcl_json::__private::DecodeSpec::choice(
                            #type_name,
                            ::std::vec![#(#specs),*],
                            |__d| {
                                <#name as ::hcl_json::__private::serde::Deserialize>::deserialize(__d)
                                    .map(|_| ())
                            },
                        )
                        .described(#doc)
                    })
                }
            }

            impl<'de> ::hcl_json::__private::serde::Deserialize<'de> for #name {
                fn deserialize<__D>(__deserializer: __D) -> ::std::result::Result<Self, __D::Error>
                where
                    __D: ::hcl_json::__private::serde::Deserializer<'de>,
                {
                    const VARIANTS: &[&str] = &[#(#labels),*];

                    struct __Visitor;

                    impl<'de> ::hcl_json::__private::serde::de::Visitor<'de> for __Visitor {
                        type Value = #name;

                        fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                            f.write_str(concat!("a block for ", #type_name))
                        }

                        fn visit_enum<__A>(self, __data: __A) -> ::std::result::Result<#name, __A::Error>
                        where
                            __A: ::hcl_json::__private::serde::de::EnumAccess<'de>,
                        {
                            let (__index, __variant) = ::hcl_json::__private::serde::de::EnumAccess::variant_seed(
                                __data,
                                ::hcl_json::__private::FieldKey(VARIANTS),
                            )?;
                            match __index {
                                #(#arms)*
                                _ => ::std::result::Result::Err(
                                    <__A::Error as ::hcl_json::__private::serde::de::Error>::unknown_variant("?", VARIANTS),
                                ),
                            }
                        }
                    }

                    ::hcl_json::__private::serde::Deserializer::deserialize_enum(__deserializer, #type_name, VARIANTS, __Visitor)
                }
            }
        };
    })
}
