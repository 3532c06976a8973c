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

/// What one field is to the body.
enum Kind {
    Attr { name: String, literal: bool },
    Block { name: String },
    Label,
    Remain,
}

struct Field<'a> {
    ident: &'a syn::Ident,
    ty: &'a Type,
    kind: Kind,
    span: Span,
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream2> {
    let name = &input.ident;
    if !input.generics.params.is_empty() {
        return Err(Error::new(
            input.generics.span(),
            "#[derive(HclDecode)] does not support generic structs",
        ));
    }
    let Data::Struct(data) = &input.data else {
        return Err(Error::new(
            name.span(),
            "#[derive(HclDecode)] supports structs with named fields only",
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
    let decode_impl = decode_impl(name, &fields);
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
    for attr in f.attrs.iter().filter(|a| a.path().is_ident("hcl")) {
        attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
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
                "literal" => {
                    literal = Some(span);
                    return Ok(());
                }
                _ => {
                    return Err(meta.error(format!(
                        "unknown hcl attribute `{key}`: expected `attr`, `attr = \"name\"`, `block`, `block = \"name\"`, `label`, `remain` or `literal`"
                    )))
                }
            };
            if let Some((_, first)) = &kind {
                let mut e = Error::new(
                    span,
                    "a field can be only one of `attr`, `block`, `label` and `remain`",
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
                "field `{ident}` needs one of #[hcl(attr)], #[hcl(block)], #[hcl(label)] or #[hcl(remain)]"
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
    Ok(Field {
        ident,
        ty: &f.ty,
        kind,
        span,
    })
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
            Kind::Label => {}
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

fn decode_impl(name: &syn::Ident, fields: &[Field<'_>]) -> TokenStream2 {
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
                let required = !is_option(ty);
                quote_spanned! {f.span=>
                    ::hcl_json::__private::FieldSpec::attr(#field, #name, #required, #literal)
                }
            }
            Kind::Block { name } => quote_spanned! {ty.span()=>
                ::hcl_json::__private::FieldSpec::block(
                    #field,
                    #name,
                    <#ty as ::hcl_json::__private::BlockField>::CARDINALITY,
                    <<#ty as ::hcl_json::__private::BlockField>::Block as ::hcl_json::HclDecode>::LABELS,
                    <<#ty as ::hcl_json::__private::BlockField>::Block as ::hcl_json::HclDecode>::decode_spec,
                )
            },
            Kind::Label => quote! { ::hcl_json::__private::FieldSpec::label(#field) },
            Kind::Remain => quote! { ::hcl_json::__private::FieldSpec::remain(#field) },
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
    let arms = slots.iter().enumerate().map(|(i, slot)| {
        let i = i as u64;
        quote! {
            #i => match ::hcl_json::__private::serde::de::MapAccess::next_value(&mut __map) {
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
        quote! {
            #ident: match #slot {
                ::std::option::Option::Some(__v) => __v,
                ::std::option::Option::None => ::hcl_json::__private::missing_field(#field)?,
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
